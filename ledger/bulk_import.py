"""Writing one file's transactions into an account: staged with COPY, merged with one set of
INSERT … SELECT statements, all inside the caller's database transaction, so a file lands whole or not
at all. Natural keys make the merge idempotent: a transaction the account already has is skipped.

Symbols resolve to the shared asset of that symbol (best rank first), else to a fiat currency the
caller names, else to the user's own token of that symbol, created on first use (user_asset_ ids).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from ledger.copy import copy_rows
from ledger.enums import FlowDirection, ImportType, TransactionType
from ledger.models import Account, Import

_ACCOUNT_IMPORT_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('account-import/' || :account_id, 0))"

_STAGING_TABLES = """
CREATE TEMPORARY TABLE staging_transactions (
    seq bigint PRIMARY KEY, natural_key text NOT NULL, timestamp timestamptz NOT NULL, type text NOT NULL,
    description text NOT NULL, tx_hash text, label text
) ON COMMIT DROP;
CREATE TEMPORARY TABLE staging_flows (
    seq bigint NOT NULL, position int NOT NULL, direction text NOT NULL, symbol text NOT NULL,
    quantity numeric NOT NULL, value numeric, value_currency text, is_fee boolean NOT NULL
) ON COMMIT DROP;
CREATE TEMPORARY TABLE staging_assets (symbol text PRIMARY KEY, asset_id text) ON COMMIT DROP;
"""

# The first occurrence of each natural key in the file: a key repeated within the file is one transaction.
_FIRST_OCCURRENCES = (
    "(SELECT DISTINCT ON (natural_key) * FROM staging_transactions ORDER BY natural_key, seq) AS first"
)

_RESOLVE_ASSETS = [
    "INSERT INTO staging_assets (symbol) SELECT DISTINCT symbol FROM staging_flows",
    """UPDATE staging_assets s SET asset_id = shared.id
       FROM (SELECT DISTINCT ON (symbol) symbol, id FROM assets WHERE user_id IS NULL
             ORDER BY symbol, rank NULLS LAST, id) AS shared
       WHERE shared.symbol = s.symbol""",
    """INSERT INTO assets (id, symbol, name, type)
       SELECT 'fiat_' || symbol, symbol, symbol, 'FIAT' FROM staging_assets
       WHERE asset_id IS NULL AND symbol = ANY(:fiat)
       ON CONFLICT (id) DO NOTHING""",
    "UPDATE staging_assets SET asset_id = 'fiat_' || symbol WHERE asset_id IS NULL AND symbol = ANY(:fiat)",
    """INSERT INTO assets (id, symbol, name, type, user_id)
       SELECT 'user_asset_' || gen_random_uuid(), symbol, symbol, 'USER_DEFINED_TOKEN', :user_id
       FROM staging_assets WHERE asset_id IS NULL
       ON CONFLICT (user_id, symbol) WHERE user_id IS NOT NULL DO NOTHING""",
    """UPDATE staging_assets s SET asset_id = a.id FROM assets a
       WHERE s.asset_id IS NULL AND a.user_id = :user_id AND a.symbol = s.symbol""",
]

_INSERT_TRANSACTIONS = f"""
INSERT INTO transactions (user_id, account_id, natural_key, timestamp, type, description, tx_hash, import_id)
SELECT :user_id, :account_id, natural_key, timestamp, type, description, tx_hash, :import_id
FROM {_FIRST_OCCURRENCES} ORDER BY seq
ON CONFLICT (account_id, natural_key) DO NOTHING
"""

_INSERT_FLOWS = f"""
INSERT INTO flows (transaction_id, direction, asset_id, quantity, value, value_currency, is_fee)
SELECT t.id, f.direction, a.asset_id, f.quantity, f.value, f.value_currency, f.is_fee
FROM transactions t
JOIN {_FIRST_OCCURRENCES} ON first.natural_key = t.natural_key
JOIN staging_flows f ON f.seq = first.seq
JOIN staging_assets a ON a.symbol = f.symbol
WHERE t.account_id = :account_id AND t.import_id = :import_id
ORDER BY f.seq, f.position
"""

_INSERT_LABELS = [
    """INSERT INTO labels (user_id, name)
       SELECT DISTINCT :user_id, label FROM staging_transactions WHERE label IS NOT NULL
       ON CONFLICT (user_id, name) DO NOTHING""",
    f"""INSERT INTO transaction_labels (transaction_id, label_id)
        SELECT t.id, l.id FROM transactions t
        JOIN {_FIRST_OCCURRENCES} ON first.natural_key = t.natural_key
        JOIN labels l ON l.user_id = :user_id AND l.name = first.label
        WHERE t.account_id = :account_id AND t.import_id = :import_id""",
]

_COUNT_USER_DEFINED_TOKENS = """
SELECT count(DISTINCT f.asset_id) FROM flows f JOIN transactions t ON t.id = f.transaction_id
WHERE t.account_id = :account_id AND t.import_id = :import_id AND f.asset_id LIKE 'user\\_asset\\_%'
"""


class AccountUnavailable(LookupError):
    """The account does not exist, is not the user's, or is being deleted."""


@dataclass(frozen=True, slots=True)
class StagedFlow:
    direction: FlowDirection
    symbol: str
    quantity: Decimal
    is_fee: bool = False
    value: Decimal | None = None
    value_currency: str | None = None


@dataclass(frozen=True, slots=True)
class StagedTransaction:
    natural_key: str
    timestamp: datetime
    type: TransactionType
    flows: tuple[StagedFlow, ...]
    description: str = ""
    tx_hash: str | None = None
    label: str | None = None


@dataclass(frozen=True, slots=True)
class ImportCounts:
    number_total: int  # transactions in the file plus rows it ignored
    number_imported: int  # transactions new to the account
    number_ignored: int
    number_skipped: int  # transactions the account already had (or the file repeated)
    number_user_defined_tokens: int  # the user's own tokens among the new transactions' assets


@dataclass(frozen=True, slots=True)
class ImportSource:
    job_id: str
    file_key: str
    format_id: str
    format_name: str
    import_type: ImportType = ImportType.GENERIC_CSV


def previous_import(session: Session, job_id: str) -> ImportCounts | None:
    """The counts of the import this job already committed (a retried activity must not import twice)."""
    done = session.scalar(select(Import).where(Import.job_id == job_id))
    if done is None:
        return None
    return ImportCounts(
        done.number_total,
        done.number_imported,
        done.number_ignored,
        done.number_skipped,
        done.number_user_defined_tokens,
    )


class AccountImport:
    """One file's import into one account of one user, within `session`'s transaction (never commits)."""

    def __init__(self, session: Session, *, user_id: int, account_id: int) -> None:
        # One import at a time per account, without locking the account row against renames or deletion.
        session.execute(text(_ACCOUNT_IMPORT_LOCK), {"account_id": account_id})
        account = session.scalar(
            select(Account.id).where(
                Account.id == account_id, Account.user_id == user_id, Account.will_be_deleted.is_(False)
            )
        )
        if account is None:
            raise AccountUnavailable(f"Account {account_id} is not available for import.")
        self._session = session
        self._params: dict[str, Any] = {"user_id": user_id, "account_id": account_id}
        self._staged = 0
        session.execute(text(_STAGING_TABLES))

    @property
    def staged(self) -> int:
        return self._staged

    def stage(self, transactions: Iterable[StagedTransaction]) -> int:
        """Add a batch of the file's transactions to the staging tables; answers how many."""
        batch = list(transactions)
        first_seq = self._staged
        copy_rows(
            self._session,
            "staging_transactions",
            ("seq", "natural_key", "timestamp", "type", "description", "tx_hash", "label"),
            (
                (seq, tx.natural_key, tx.timestamp, tx.type.value, tx.description, tx.tx_hash, tx.label)
                for seq, tx in enumerate(batch, start=first_seq)
            ),
        )
        copy_rows(
            self._session,
            "staging_flows",
            ("seq", "position", "direction", "symbol", "quantity", "value", "value_currency", "is_fee"),
            _flow_rows(batch, first_seq),
        )
        self._staged += len(batch)
        return len(batch)

    def merge(
        self, source: ImportSource, *, number_ignored: int, fiat_symbols: Collection[str]
    ) -> ImportCounts:
        """Write the staged transactions the account does not have yet, with their flows and labels."""
        session, params = self._session, self._params
        session.execute(text("ANALYZE staging_transactions, staging_flows"))
        for statement in _RESOLVE_ASSETS:
            session.execute(text(statement), {**params, "fiat": list(fiat_symbols)})
        record = Import(
            user_id=params["user_id"],
            account_id=params["account_id"],
            job_id=source.job_id,
            import_type=source.import_type,
            file_key=source.file_key,
            format_id=source.format_id,
            format_name=source.format_name,
            number_total=self._staged + number_ignored,
            number_imported=0,
            number_ignored=number_ignored,
            number_skipped=0,
            number_user_defined_tokens=0,
        )
        session.add(record)
        session.flush()
        params = {**params, "import_id": record.id}
        imported = session.connection().execute(text(_INSERT_TRANSACTIONS), params).rowcount
        session.execute(text(_INSERT_FLOWS), params)
        for statement in _INSERT_LABELS:
            session.execute(text(statement), params)
        record.number_imported = imported
        record.number_skipped = self._staged - imported
        record.number_user_defined_tokens = session.scalar(text(_COUNT_USER_DEFINED_TOKENS), params) or 0
        session.flush()
        return ImportCounts(
            record.number_total,
            record.number_imported,
            record.number_ignored,
            record.number_skipped,
            record.number_user_defined_tokens,
        )


def _flow_rows(batch: list[StagedTransaction], first_seq: int) -> Iterator[tuple[Any, ...]]:
    for seq, tx in enumerate(batch, start=first_seq):
        for position, flow in enumerate(tx.flows):
            yield (
                seq,
                position,
                flow.direction.value,
                flow.symbol,
                flow.quantity,
                flow.value,
                flow.value_currency,
                flow.is_fee,
            )
