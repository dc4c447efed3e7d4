"""What an account's sync writes: its job row, each stream's cursor in the same database transaction as
the transactions it follows, the coins and tokens a chain names, the balances it reports, and the end of
the sync on the account.

Transactions go through the file imports' writer (`AccountImport`), so a file import and a sync of the
same history share natural keys and never add anything twice, in either order."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.orm import Session

from contracts.account_sync import SyncResult
from ledger.models import Account, Asset, CredentialCheck, Integration, Job, ReportedBalance, SyncCursor
from ledger.scope.linking import SYNCS
from ledger.writes.bulk_import import AccountImport, ImportSource, TransactionRecord, encode_batch
from vocabulary.enums import AccountKind, CurrencyType, ImportType, JobKind, JobStatus
from vocabulary.fiat import FIAT_CODES

ABANDONED_CHECK = timedelta(minutes=10)


@dataclass(frozen=True)
class SyncedAccount:
    """What a sync needs to know of the account it syncs."""

    kind: AccountKind
    integration_slug: str
    crypto_network: str | None  # a wallet's chain
    address: str | None  # a wallet's address, ENS name or extended key(s)
    credentials: bytes | None  # an exchange's, sealed


@dataclass(frozen=True)
class ChainToken:
    """A token a chain sync found, keyed as its flows name it (`blockchain_{network}_{contract}`)."""

    key: str
    symbol: str
    name: str
    network: str
    contract: str
    is_spam: bool | None
    was_automarked_as_spam: bool


def begin_sync(session: Session, job_id: str, account_id: int, user_id: int) -> SyncedAccount | None:
    """The sync's job row (STARTED) and the account marked syncing; None when the account is gone or is
    being deleted."""
    row = session.execute(
        select(Account, Integration.crypto_network)
        .outerjoin(
            Integration,
            (Integration.slug == Account.integration_slug)
            & (Integration.category == Account.integration_category),
        )
        .where(Account.id == account_id, Account.user_id == user_id, Account.will_be_deleted.is_(False))
    ).first()
    if row is None:
        return None
    account, network = row
    session.execute(
        insert(Job)
        .values(
            id=job_id, user_id=user_id, kind=JobKind.SYNC, status=JobStatus.STARTED, account_id=account_id
        )
        .on_conflict_do_nothing(index_elements=[Job.id])
    )
    account.is_syncing = True
    return SyncedAccount(
        kind=account.kind,
        integration_slug=account.integration_slug or "",
        crypto_network=network,
        address=account.address,
        credentials=account.credentials,
    )


def account_syncs(session: Session, account_id: int, user_id: int) -> bool:
    """The user's account exists, is not being deleted and syncs (it is not an exchange fed by files)."""
    found = session.scalar(
        select(Account.id).where(Account.id == account_id, Account.user_id == user_id, SYNCS)
    )
    return found is not None


def stored_cursors(session: Session, account_id: int) -> dict[str, dict[str, Any]]:
    rows = session.execute(
        select(SyncCursor.stream, SyncCursor.cursor).where(SyncCursor.account_id == account_id)
    )
    return {stream: cursor for stream, cursor in rows}


def store_synced(
    session: Session,
    *,
    user_id: int,
    account_id: int,
    source: str,
    transactions: Sequence[TransactionRecord],
    cursors: Mapping[str, dict[str, Any]],
    assets: Mapping[str, str] | None = None,
) -> SyncResult:
    """One stored part of a sync, within the caller's database transaction: its transactions (new ones
    only, by natural key), then the cursors that follow them. `assets` maps flow keys to asset ids
    (`store_chain_tokens`); `source` names where the transactions came from (an exchange's API)."""
    writer = AccountImport(
        session,
        user_id=user_id,
        account_id=account_id,
        source=ImportSource(None, f"api:{source}", f"{source}-api", source, ImportType.TRANSACTION_HISTORY),
        fiat_symbols=FIAT_CODES,
    )
    if assets:
        writer.use_assets(assets)
    new = writer.write(encode_batch(transactions))
    writer.finish(number_ignored=0)
    for stream, cursor in cursors.items():
        session.execute(
            insert(SyncCursor)
            .values(account_id=account_id, stream=stream, cursor=cursor)
            .on_conflict_do_update(
                index_elements=[SyncCursor.account_id, SyncCursor.stream],
                set_={"cursor": cursor, "updated_at": func.now()},
            )
        )
    return SyncResult(number_imported=new, number_skipped=len(transactions) - new)


def store_chain_tokens(session: Session, tokens: Iterable[ChainToken]) -> dict[str, str]:
    """Asset ids for a chain sync's token keys: the shared `blockchain_…` asset of each contract,
    created on first sight with the spam verdict of the sync that found it. (Native coins are named by
    their symbol, which the writer resolves as a file's.)"""
    ids: dict[str, str] = {}
    for token in tokens:
        session.execute(
            insert(Asset)
            .values(
                id=token.key,
                symbol=token.symbol[:40] or "?",
                name=token.name[:200] or token.symbol[:200] or "?",
                type=CurrencyType.BLOCKCHAIN_TOKEN,
                contract_address=token.contract,
                crypto_network=token.network,
                is_spam=token.is_spam,
                was_automarked_as_spam=token.was_automarked_as_spam,
            )
            .on_conflict_do_nothing(index_elements=[Asset.id])
        )
        ids[token.key] = token.key
    return ids


@dataclass(frozen=True)
class ChainBalance:
    """What the chain reports the wallet holds of one asset, keyed as its flows name it (a native coin's
    symbol, a token's `blockchain_…` asset id)."""

    key: str
    quantity: Decimal
    decimals: int


def store_reported_balances(session: Session, account_id: int, balances: Iterable[ChainBalance]) -> None:
    """The chain's balances at this sync, replacing the last sync's of the same assets. A native coin's
    symbol resolves to the shared asset the writer books its flows on (best rank first)."""
    reported = {balance.key: balance for balance in balances}
    symbols = [key for key in reported if not key.startswith("blockchain_")]
    native = session.execute(
        select(Asset.symbol, Asset.id)
        .where(Asset.user_id.is_(None), Asset.symbol.in_(symbols))
        .order_by(Asset.symbol, Asset.rank.asc().nulls_last(), Asset.id)
        .ext(distinct_on(Asset.symbol))
    )
    asset_ids = {key: key for key in reported if key not in symbols} | dict(native.all())
    for key, asset_id in asset_ids.items():
        balance = reported[key]
        values = {"quantity": balance.quantity, "decimals": balance.decimals, "reported_at": func.now()}
        session.execute(
            insert(ReportedBalance)
            .values(account_id=account_id, asset_id=asset_id, **values)
            .on_conflict_do_update(
                index_elements=[ReportedBalance.account_id, ReportedBalance.asset_id], set_=values
            )
        )


def forget_abandoned_checks(session: Session) -> None:
    """Remove credentials under check whose request ended without removing them (its process stopped):
    a request waits for its check under half a minute, so an older row has no one waiting."""
    session.execute(delete(CredentialCheck).where(CredentialCheck.created_at < func.now() - ABANDONED_CHECK))


def store_credentials(session: Session, account_id: int, sealed: bytes) -> None:
    """New credentials of an account (a refreshed OAuth token), sealed."""
    session.execute(update(Account).where(Account.id == account_id).values(credentials=sealed))


def finish_sync(
    session: Session,
    job_id: str,
    account_id: int,
    result: SyncResult | None,
    error_message: str | None,
    *,
    passes_again: bool,
) -> None:
    """The job's final state, and the account last synced now, no longer syncing unless its sync passes
    once more."""
    values: dict[str, object] = {
        "status": JobStatus.FAILED if result is None else JobStatus.FINISHED,
        "progress": 100,
        "error_message": error_message,
        "finished_at": func.now(),
    }
    if result is not None:
        values.update(number_imported=result.number_imported, number_skipped=result.number_skipped)
        values.update(number_total=result.number_imported + result.number_skipped)
    session.execute(update(Job).where(Job.id == job_id).values(**values))
    session.execute(
        update(Account)
        .where(Account.id == account_id)
        .values(is_syncing=passes_again, last_synced_at=func.now())
    )
