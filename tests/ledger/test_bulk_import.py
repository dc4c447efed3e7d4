"""AccountImport on the real database: asset resolution, duplicates, labels, and nothing left behind
by a transaction that does not commit."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Collection
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from ingest.files.model import Flow as ParsedFlow
from ingest.files.model import ParsedTransaction
from ledger.models import Account, Asset, Flow, Import, TaxYearFreeze, Transaction, TransactionReview, User
from ledger.writes import bulk_import
from ledger.writes.bulk_import import AccountImport, AccountUnavailable, ImportSource, encode_batch
from ledger.writes.freezing import HELD_FOR_REVIEW
from tests.workflows.ledger_rows import new_job, new_wallet
from vocabulary.enums import CurrencyType, FlowDirection, FreezingStatus
from vocabulary.nft import nft

pytestmark = pytest.mark.servers

WHEN = datetime(2024, 6, 1, 12, tzinfo=UTC)


def trade(key: str, bought: str, sold: str, label: str | None = None) -> ParsedTransaction:
    return ParsedTransaction(
        key=key,
        timestamp=WHEN,
        type="TRADE",
        flows=(
            ParsedFlow("IN", bought, Decimal("1.000000000000000001")),
            ParsedFlow("OUT", sold, Decimal("12.5"), value=Decimal("12.5"), value_currency="USD"),
        ),
        row=1,
        label=label,
    )


def source(job_id: str) -> ImportSource:
    return ImportSource(
        job_id=job_id, file_key="uploads/x/y/z.csv", format_id="generic", format_name="Generic CSV"
    )


def importer(
    session: Session, user: User, account: Account, job_id: str, fiat_symbols: Collection[str] = ("USD",)
) -> AccountImport:
    return AccountImport(
        session, user_id=user.id, account_id=account.id, source=source(job_id), fiat_symbols=fiat_symbols
    )


def test_symbols_resolve_to_shared_fiat_and_the_users_own_assets(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    writer = importer(db_session, user, account, job_id, fiat_symbols={"SEK", "USD"})
    writer.write(encode_batch([trade("a", "BTC", "SEK"), trade("b", "NEWCOIN", "BTC", label="defi")]))
    counts = writer.finish(number_ignored=2)
    db_session.commit()

    assert (counts.number_total, counts.number_imported, counts.number_ignored, counts.number_skipped) == (
        4,
        2,
        2,
        0,
    )
    assert counts.number_user_defined_tokens == 1
    assets = dict(
        db_session.execute(
            select(Flow.asset_id, Flow.quantity).join(Transaction).where(Transaction.account_id == account.id)
        ).all()
    )
    assert assets["crypto_BTC"] in (Decimal("1.000000000000000001"), Decimal("12.5"))
    sek = db_session.get(Asset, "fiat_SEK")
    assert sek is not None and sek.type == CurrencyType.FIAT and sek.user_id is None
    [own] = [asset_id for asset_id in assets if asset_id.startswith("user_asset_")]
    token = db_session.get(Asset, own)
    assert token is not None and (token.symbol, token.user_id, token.type) == (
        "NEWCOIN",
        user.id,
        CurrencyType.USER_DEFINED_TOKEN,
    )


def test_an_nft_is_its_own_shared_asset_which_no_symbol_resolves_to(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    token = nft(f"0x{uuid.uuid4().hex}{uuid.uuid4().hex[:8]}", 7)
    writer = importer(db_session, user, account, job_id)
    writer.write(encode_batch([trade("nft", token.asset_id, "ETH"), trade("symbol", token.symbol, "ETH")]))
    writer.finish(number_ignored=0)
    db_session.commit()

    asset = db_session.get(Asset, token.asset_id)
    assert asset is not None
    assert (asset.type, asset.user_id, asset.symbol, asset.contract_address) == (
        CurrencyType.NFT,
        None,
        "#7",
        token.contract,
    )
    received = dict(
        db_session.execute(
            select(Transaction.natural_key, Flow.asset_id)
            .join(Flow)
            .where(Transaction.account_id == account.id, Flow.direction == FlowDirection.INFLOW)
        ).all()
    )
    assert received["nft"] == token.asset_id
    assert received["symbol"].startswith("user_asset_")  # the NFT's symbol names another asset


def test_rows_of_unknown_types_and_rows_held_in_a_frozen_year_are_counted_apart(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    db_session.add(TaxYearFreeze(user_id=user.id, year=2023, status=FreezingStatus.FROZEN))
    job_id = new_job(db_session, user, account)
    unknown = dataclasses.replace(
        trade("unknown", "BTC", "USD"), review="The type 'Zorblax' was not recognised"
    )
    held = dataclasses.replace(trade("held", "BTC", "USD"), timestamp=datetime(2023, 6, 1, tzinfo=UTC))
    held_unknown = dataclasses.replace(unknown, key="held unknown", timestamp=held.timestamp)
    writer = importer(db_session, user, account, job_id)
    writer.write(encode_batch([unknown, held, held_unknown, trade("plain", "BTC", "USD")]))
    counts = writer.finish(number_ignored=0)
    db_session.commit()

    assert (counts.number_imported, counts.number_for_review, counts.number_held_frozen) == (4, 1, 2)
    record = db_session.scalar(select(Import).where(Import.job_id == job_id))
    assert record is not None and (record.number_for_review, record.number_held_frozen) == (1, 2)
    reasons = dict(
        db_session.execute(
            select(Transaction.natural_key, TransactionReview.reason)
            .join(TransactionReview)
            .where(Transaction.account_id == account.id)
        ).all()
    )
    assert reasons == {
        "unknown": "The type 'Zorblax' was not recognised",
        "held": HELD_FOR_REVIEW,
        "held unknown": HELD_FOR_REVIEW,  # held, whatever its type: counted once, as held
    }


def test_exact_quantities_survive(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    writer = importer(db_session, user, account, job_id)
    writer.write(encode_batch([trade("a", "ETH", "USD")]))
    writer.finish(number_ignored=0)
    db_session.commit()

    inflow = db_session.scalar(
        select(Flow.quantity)
        .join(Transaction)
        .where(Transaction.account_id == account.id, Flow.direction == FlowDirection.INFLOW)
    )
    assert inflow == Decimal("1.000000000000000001")


def test_a_users_token_is_reused_and_other_users_get_their_own(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    other, other_account = new_wallet(db_session)
    for owner, wallet, key in ((user, account, "a"), (user, account, "b"), (other, other_account, "a")):
        job_id = new_job(db_session, owner, wallet)
        writer = importer(db_session, owner, wallet, job_id)
        writer.write(encode_batch([trade(key, "SAMECOIN", "USD")]))
        writer.finish(number_ignored=0)
        db_session.commit()

    tokens = db_session.execute(
        select(Asset.user_id, func.count()).where(Asset.symbol == "SAMECOIN").group_by(Asset.user_id)
    ).all()
    assert sorted(tokens) == sorted([(user.id, 1), (other.id, 1)])


def test_a_key_repeated_in_the_file_is_one_transaction(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    writer = importer(db_session, user, account, job_id)
    writer.write(
        encode_batch(
            [trade("same", "BTC", "USD"), trade("again", "BTC", "USD"), trade("again", "SOL", "USD")]
        )
    )
    writer.write(encode_batch([trade("same", "ETH", "USD"), trade("other", "ETH", "USD")]))
    counts = writer.finish(number_ignored=0)
    db_session.commit()

    assert (counts.number_imported, counts.number_skipped) == (3, 2)
    for key in ("same", "again"):  # the first occurrence wins, in one batch or across two
        first = db_session.scalar(
            select(Transaction).where(Transaction.natural_key == key, Transaction.account_id == account.id)
        )
        assert first is not None
        assert db_session.scalars(
            select(Flow.asset_id).where(Flow.transaction_id == first.id).order_by(Flow.id)
        ).all() == ["crypto_BTC", "fiat_USD"]


def test_an_import_that_does_not_commit_leaves_nothing(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    writer = importer(db_session, user, account, job_id)
    writer.write(encode_batch([trade(str(uuid.uuid4()), "UNSEENCOIN", "USD")]))
    writer.finish(number_ignored=0)
    db_session.rollback()

    assert db_session.scalar(select(func.count()).where(Transaction.account_id == account.id)) == 0
    assert db_session.scalar(select(func.count()).select_from(Import).where(Import.job_id == job_id)) == 0
    assert db_session.scalar(select(func.count()).select_from(Asset).where(Asset.symbol == "UNSEENCOIN")) == 0


def test_another_users_account_is_unavailable(db_session: Session) -> None:
    _, account = new_wallet(db_session)
    stranger, own = new_wallet(db_session)
    with pytest.raises(AccountUnavailable):
        importer(db_session, stranger, account, new_job(db_session, stranger, own))


def test_text_with_tabs_newlines_and_backslashes_is_stored_as_written(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    odd = "key\twith\\odd\nchars\r"
    written = ParsedTransaction(
        key=odd,
        timestamp=WHEN,
        type="SEND",
        flows=(ParsedFlow("OUT", "BTC", Decimal("1E-8")),),
        row=1,
        description="memo: a\\tb",
    )
    writer = importer(db_session, user, account, new_job(db_session, user, account))
    writer.write(encode_batch([written]))
    writer.finish(number_ignored=0)
    db_session.commit()

    stored = db_session.scalar(select(Transaction).where(Transaction.account_id == account.id))
    assert stored is not None
    assert (stored.natural_key, stored.description, stored.tx_hash) == (odd, "memo: a\\tb", None)
    assert db_session.scalar(select(Flow.quantity).where(Flow.transaction_id == stored.id)) == Decimal(
        "0.00000001"
    )


def test_a_type_or_direction_the_ledger_does_not_know_is_refused() -> None:
    with pytest.raises(ValueError, match="'SWAPPED' is not a transaction type"):
        encode_batch([ParsedTransaction("k", WHEN, "SWAPPED", (ParsedFlow("IN", "BTC", Decimal(1)),), row=1)])


@pytest.mark.parametrize("granted", [True, False])
def test_row_checks_are_skipped_only_where_the_role_may_and_the_import_is_the_same(
    db_session: Session, monkeypatch: pytest.MonkeyPatch, granted: bool
) -> None:
    if not granted:  # a server whose role lacks `GRANT SET ON PARAMETER session_replication_role`
        monkeypatch.setattr(bulk_import, "_MAY_SKIP_ROW_CHECKS", "SELECT false")
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    writer = importer(db_session, user, account, job_id)
    role = db_session.scalar(text("SELECT current_setting('session_replication_role')"))
    assert role == ("replica" if granted else "origin")
    writer.write(encode_batch([trade("a", "ETH", "USD"), trade("b", "NEWCOIN", "BTC")]))
    counts = writer.finish(number_ignored=0)
    db_session.commit()

    assert counts.number_imported == 2
    assert db_session.scalar(text("SELECT current_setting('session_replication_role')")) == "origin"
    assets = db_session.scalars(
        select(Flow.asset_id).join(Transaction).where(Transaction.account_id == account.id)
    ).all()
    assert len(assets) == 4 and set(assets) <= set(db_session.scalars(select(Asset.id)).all())
