"""Incremental cost-basis runs on the real servers: a run continues from the user's checkpoint when
nothing before it changed, and stores exactly what a full run stores (results, callouts, day totals);
any change before the checkpoint, to the user's method or to a price before it, makes the run full."""

from __future__ import annotations

import io
import uuid
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from sqlalchemy import delete, func, literal_column, select, update
from sqlalchemy.orm import Session
from temporalio.client import Client

from activities.cost_basis_snapshot import LEDGER, snapshot_key
from activities.tax_report import read_flows
from ledger.infra.db import sync_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import (
    AssetDayChange,
    CostBasisChange,
    CostBasisCheckpoint,
    DisposalDayTotal,
    Flow,
    IncomeDayTotal,
    KeptLedger,
    Price,
    Transaction,
    TransactionCallout,
    TransactionDayTotal,
    User,
)
from ledger.reference.seed import bundled_prices, seed_prices
from ledger.writes.callouts import LEDGER_CALLOUTS
from ledger.writes.cost_basis import flow_batches
from ledger.writes.cost_basis_checkpoints import RETENTION, SHARED_CHANGES_KEPT
from ledger.writes.tax_reports import KeptFlows, kept_flows, listed_flows
from ledger.writes.usd_values import USD
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, at, into, link_transfer, out
from tests.workflows.test_cost_basis import computed, new_user, run, status, stored
from vocabulary.enums import CostBasisMethod
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

CHECKPOINT = "2024-05-01T00:00:00+00:00"
TEST_SYMBOL = "CAIRNTEST"  # a close no asset uses  # the month before the latest transaction's (June 2024)


def history(session: Session, method: CostBasisMethod, by_wallet: bool) -> tuple[User, dict[str, Any]]:
    """Two wallets, January to June 2024: buys, sales (one beyond holdings), a reward and linked
    transfers on both sides of the checkpoint."""
    user = new_user(session, method=method, by_wallet=by_wallet)
    a, b = add_wallet(session, user, "A"), add_wallet(session, user, "B")
    made: dict[str, Any] = {"a": a, "b": b}
    for month, price in ((1, "40000"), (2, "45000"), (3, "50000"), (4, "60000")):
        add_transaction(
            session,
            a,
            f"2024-0{month}-05 10:00",
            Type.BUY,
            out("fiat_USD", price, price),
            into("crypto_BTC", "1"),
            out("fiat_USD", "12", "12", fee=True),
        )
    sent = add_transaction(session, a, "2024-03-20 09:00", Type.WITHDRAWAL, out("crypto_BTC", "1.5"))
    received = add_transaction(session, b, "2024-03-20 09:30", Type.DEPOSIT, into("crypto_BTC", "1.4999"))
    link_transfer(session, sent, received)
    add_transaction(
        session,
        a,
        "2024-04-10 12:00",
        Type.SELL,
        out("crypto_BTC", "0.7"),
        into("fiat_USD", "42000", "42000"),
    )
    add_transaction(session, b, "2024-04-15 12:00", Type.STAKING_REWARD, into("crypto_ETH", "0.5", "1500"))
    made["may_sale"] = add_transaction(
        session,
        b,
        "2024-05-12 08:00",
        Type.SELL,
        out("crypto_BTC", "0.6"),
        into("fiat_USD", "39000", "39000"),
    )
    made["may_send"] = add_transaction(
        session, b, "2024-05-20 09:00", Type.WITHDRAWAL, out("crypto_BTC", "0.5")
    )
    made["may_receipt"] = add_transaction(
        session, a, "2024-05-20 09:20", Type.DEPOSIT, into("crypto_BTC", "0.5")
    )
    made["june_buy"] = add_transaction(
        session, a, "2024-06-03 10:00", Type.BUY, out("fiat_USD", "70000", "70000"), into("crypto_BTC", "1")
    )
    made["june_sale"] = add_transaction(
        session,
        b,
        "2024-06-18 16:00",
        Type.SELL,
        out("crypto_BTC", "2"),
        into("fiat_USD", "130000", "130000"),
    )
    session.commit()
    return user, made


def everything(session: Session, user: User) -> dict[str, Any]:
    """What a run stores for the user: results, callouts and day totals (ids and run ids left out)."""
    session.expire_all()
    found: dict[str, Any] = {name: sorted(rows, key=str) for name, rows in stored(session, user).items()}
    found["callouts"] = sorted(
        session.execute(
            select(
                TransactionCallout.transaction_id, TransactionCallout.type, TransactionCallout.timestamp
            ).where(TransactionCallout.user_id == user.id)
        ).all()
    )
    for model in (DisposalDayTotal, IncomeDayTotal, TransactionDayTotal, AssetDayChange):
        columns = [column for column in model.__table__.columns if column.name != "user_id"]
        rows = session.execute(select(*columns).where(model.user_id == user.id)).all()
        found[model.__tablename__] = sorted(rows, key=str)
    return found


async def full_run(client: Client, task_queue: str, session: Session, user: User) -> dict[str, Any]:
    """What a full run of the same ledger stores (the checkpoint dropped first)."""
    session.execute(delete(CostBasisCheckpoint).where(CostBasisCheckpoint.user_id == user.id))
    session.commit()
    outcome = await run(client, task_queue, user)
    assert computed(outcome).continued_from is None
    return everything(session, user)


def sell_more_in_june(session: Session, user: User, made: dict[str, Any]) -> None:
    add_transaction(
        session,
        made["a"],
        "2024-06-25 11:00",
        Type.SELL,
        out("crypto_BTC", "0.3"),
        into("fiat_USD", "20000", "20000"),
    )


def delete_the_june_buy(session: Session, user: User, made: dict[str, Any]) -> None:
    session.execute(delete(Transaction).where(Transaction.id == made["june_buy"].id))


def override_and_link_in_may(session: Session, user: User, made: dict[str, Any]) -> None:
    session.execute(
        update(Flow)
        .where(Flow.transaction_id == made["may_sale"].id, Flow.asset_id == "fiat_USD")
        .values(value_override=Decimal("41000"))
    )
    link_transfer(session, made["may_send"], made["may_receipt"])


def ignore_the_may_sale(session: Session, user: User, made: dict[str, Any]) -> None:
    session.execute(update(Transaction).where(Transaction.id == made["may_sale"].id).values(is_ignored=True))


EDITS: list[Callable[[Session, User, dict[str, Any]], None]] = [
    sell_more_in_june,
    delete_the_june_buy,
    override_and_link_in_may,
    ignore_the_may_sale,
]


@pytest.mark.parametrize(
    ("method", "by_wallet"), [(CostBasisMethod.FIFO, False), (CostBasisMethod.HIFO, True)]
)
@pytest.mark.parametrize("edit", EDITS, ids=lambda edit: edit.__name__)
async def test_a_change_after_the_checkpoint_recomputes_from_it_and_stores_what_a_full_run_stores(
    temporal_client: Client,
    task_queue: str,
    db_session: Session,
    method: CostBasisMethod,
    by_wallet: bool,
    edit: Callable[[Session, User, dict[str, Any]], None],
) -> None:
    user, made = history(db_session, method, by_wallet)
    first = await run(temporal_client, task_queue, user)
    assert computed(first).continued_from is None
    checkpoint = db_session.get(CostBasisCheckpoint, user.id)
    assert checkpoint is not None and checkpoint.through.isoformat() == CHECKPOINT

    edit(db_session, user, made)
    db_session.commit()
    again = await run(temporal_client, task_queue, user)

    assert computed(again).continued_from == CHECKPOINT
    assert computed(again).flows < computed(first).flows  # only the flows from the checkpoint on
    incremental = everything(db_session, user)
    assert incremental == await full_run(temporal_client, task_queue, db_session, user)
    # the changes that run saw are forgotten: the next run continues again
    db_session.expire_all()
    assert db_session.scalars(select(CostBasisChange).where(CostBasisChange.user_id == user.id)).all() == []


def ledger_rows(session: Session, user: User) -> dict[tuple[Any, ...], tuple[date, str]]:
    """The rows of the user's ledger day totals and ledger callouts: (table, key) → (their day, the
    transaction that wrote them)."""
    session.expire_all()
    written: Any = literal_column("xmin::text")
    found: dict[tuple[Any, ...], tuple[date, str]] = {}
    for model in (TransactionDayTotal, AssetDayChange):
        keys = [column for column in model.__table__.primary_key if column.name != "user_id"]
        for *key, day, xmin in session.execute(
            select(*keys, model.day, written).where(model.user_id == user.id)
        ):
            found[(model.__tablename__, *key)] = (day, xmin)
    callout = TransactionCallout
    callouts = session.execute(
        select(callout.transaction_id, callout.type, callout.timestamp, written).where(
            callout.user_id == user.id, callout.type.in_(LEDGER_CALLOUTS)
        )
    )
    for transaction_id, kind, timestamp, xmin in callouts:
        found[("callouts", transaction_id, kind)] = (timestamp.date(), xmin)
    return found


async def test_a_run_rewrites_the_ledgers_day_totals_and_callouts_from_the_earliest_change_on(
    temporal_client: Client, task_queue: str, db_session: Session
) -> None:
    """A sale added on 25 June: the ledger's day totals and callouts of the days from the checkpoint (1
    May) to 24 June stay the rows they were, since a day's depend on that day and those before it only;
    those from 25 June on are written again (that they equal a full run's: the test above)."""
    user, made = history(db_session, CostBasisMethod.FIFO, False)
    await run(temporal_client, task_queue, user)
    before = ledger_rows(db_session, user)

    sell_more_in_june(db_session, user, made)
    db_session.commit()
    again = await run(temporal_client, task_queue, user)

    assert computed(again).continued_from == CHECKPOINT
    after = ledger_rows(db_session, user)
    changed = date(2024, 6, 25)
    kept = {key for key, (day, xmin) in after.items() if before.get(key) == (day, xmin)}
    assert kept == {key for key, (day, _) in after.items() if day < changed}
    assert any(date(2024, 5, 1) <= day < changed for key, (day, _) in after.items() if key in kept)
    assert any(key[0] == "callouts" for key in kept)  # the June sale beyond holdings' MISSING_BALANCE
    assert any(day >= changed for day, _ in after.values())


def edit_in_march(session: Session, user: User, made: dict[str, Any]) -> None:
    add_transaction(
        session,
        made["a"],
        "2024-03-02 10:00",
        Type.SELL,
        out("crypto_BTC", "0.1"),
        into("fiat_USD", "5000", "5000"),
    )


def switch_to_lifo(session: Session, user: User, made: dict[str, Any]) -> None:
    session.execute(update(User).where(User.id == user.id).values(cost_basis_method=CostBasisMethod.LIFO))


def price_an_april_day(session: Session, user: User, made: dict[str, Any]) -> None:
    """A close for a day before the checkpoint (the staking reward's ETH is valued by its stated value,
    but a price anywhere before the checkpoint may value a flow)."""
    session.execute(
        delete(Price).where(Price.symbol == "CAIRNTEST", Price.quote == "USD", Price.date == date(2024, 4, 2))
    )
    session.add(
        Price(symbol="CAIRNTEST", quote="USD", date=date(2024, 4, 2), close=Decimal(1), source="test")
    )


@pytest.mark.parametrize(
    "edit", [edit_in_march, switch_to_lifo, price_an_april_day], ids=lambda e: e.__name__
)
async def test_a_change_before_the_checkpoint_makes_the_run_full(
    temporal_client: Client,
    task_queue: str,
    db_session: Session,
    edit: Callable[[Session, User, dict[str, Any]], None],
) -> None:
    user, made = history(db_session, CostBasisMethod.FIFO, False)
    await run(temporal_client, task_queue, user)

    edit(db_session, user, made)
    db_session.commit()
    try:
        again = await run(temporal_client, task_queue, user)
    finally:  # the price table is shared: later tests (the price fetch's) read where it ends
        db_session.execute(delete(Price).where(Price.symbol == TEST_SYMBOL))
        db_session.commit()

    assert computed(again).continued_from is None
    checkpoint = db_session.get(CostBasisCheckpoint, user.id)
    assert checkpoint is not None and checkpoint.through == at("2024-05-01 00:00")


@pytest.mark.parametrize("change", [{"is_ignored": True}, {"type": Type.SPAM}], ids=["ignored", "spam"])
async def test_ignoring_one_end_of_a_transfer_changes_the_other_ends_day_too(
    temporal_client: Client, task_queue: str, db_session: Session, change: dict[str, Any]
) -> None:
    """A link counts only while neither of its ends is ignored or spam: ignoring the May end of a transfer
    sent in April (or marking it spam) changes the April withdrawal's flows too (it is no longer a
    transfer's leg), so the run does not continue from May, and the flows read before stand only for
    those before April 28; the run stores what a full run of the ledger stores."""
    user, made = history(db_session, CostBasisMethod.FIFO, False)
    sent = add_transaction(
        db_session, made["a"], "2024-04-28 09:00", Type.WITHDRAWAL, out("crypto_BTC", "0.2")
    )
    received = add_transaction(
        db_session, made["b"], "2024-05-02 09:00", Type.DEPOSIT, into("crypto_BTC", "0.2")
    )
    link_transfer(db_session, sent, received)
    db_session.commit()
    first = computed(await run(temporal_client, task_queue, user))
    checkpoint = db_session.get(CostBasisCheckpoint, user.id)
    assert checkpoint is not None and checkpoint.through == at("2024-05-01 00:00")

    db_session.execute(update(Transaction).where(Transaction.id == received.id).values(**change))
    db_session.commit()
    assert kept_flows(db_session, user.id) == [
        KeptFlows(uuid.UUID(first.run_id), None, at("2024-04-28 00:00"))
    ]
    assert computed(await run(temporal_client, task_queue, user)).continued_from is None
    assert everything(db_session, user) == await full_run(temporal_client, task_queue, db_session, user)


async def test_seeding_the_bundled_prices_again_keeps_the_checkpoint(
    temporal_client: Client, task_queue: str, db_session: Session
) -> None:
    """Every start seeds the bundled closes again (stack.seed): closes that do not change are not
    written, so no change is logged and the next run still continues."""
    user, _ = history(db_session, CostBasisMethod.FIFO, False)
    await run(temporal_client, task_queue, user)

    seed_prices(db_session, bundled_prices())
    db_session.commit()
    again = await run(temporal_client, task_queue, user)

    assert computed(again).continued_from == CHECKPOINT


async def test_a_run_with_nothing_changed_continues_and_changes_nothing(
    temporal_client: Client, task_queue: str, db_session: Session
) -> None:
    user, _ = history(db_session, CostBasisMethod.HIFO, True)
    await run(temporal_client, task_queue, user)
    before = everything(db_session, user)

    again = await run(temporal_client, task_queue, user)

    assert computed(again).continued_from == CHECKPOINT
    assert everything(db_session, user) == before


def touched_lots(session: Session, user: User) -> set[str]:
    session.expire_all()
    checkpoint = session.get(CostBasisCheckpoint, user.id)
    assert checkpoint is not None and checkpoint.touched_lots is not None
    return set(pl.read_parquet(io.BytesIO(checkpoint.touched_lots)).get_column("lot_id"))


@pytest.mark.parametrize(
    ("method", "by_wallet"), [(CostBasisMethod.FIFO, False), (CostBasisMethod.HIFO, True)]
)
async def test_a_run_rewrites_the_opening_lots_the_run_before_it_changed(
    temporal_client: Client,
    task_queue: str,
    db_session: Session,
    method: CostBasisMethod,
    by_wallet: bool,
) -> None:
    """Runs from one checkpoint in turn: a June sale consumes every lot open on 1 May, then goes again.
    The second run changes one of those lots, the run before it changed all four: it puts back the three
    the sale had consumed (their rows as they were on 1 May), not only the one it changes itself."""
    user = new_user(db_session, method=method, by_wallet=by_wallet)
    wallet = add_wallet(db_session, user, "A")
    for month in (1, 2, 3, 4):
        add_transaction(
            db_session,
            wallet,
            f"2024-0{month}-05 10:00",
            Type.BUY,
            out("fiat_USD", "40000", "40000"),
            into("crypto_BTC", "1"),
        )

    def sell(at: str, quantity: str, usd: str) -> Transaction:
        return add_transaction(
            db_session, wallet, at, Type.SELL, out("crypto_BTC", quantity), into("fiat_USD", usd, usd)
        )

    sell("2024-06-10 12:00", "0.5", "30000")
    db_session.commit()
    first = await run(temporal_client, task_queue, user)
    assert computed(first).continued_from is None
    assert len(touched_lots(db_session, user)) == 1  # the June sale's lot

    large_sale = sell("2024-06-25 11:00", "3.5", "210000")
    db_session.commit()
    consumed = await run(temporal_client, task_queue, user)
    assert computed(consumed).continued_from == CHECKPOINT
    assert len(touched_lots(db_session, user)) == 4

    db_session.execute(delete(Transaction).where(Transaction.id == large_sale.id))
    db_session.commit()
    restored = await run(temporal_client, task_queue, user)
    assert computed(restored).continued_from == CHECKPOINT
    assert len(touched_lots(db_session, user)) == 1
    remaining = {row[0]: row[8] for row in stored(db_session, user)["lots"]}
    assert sorted(remaining.values()) == [Decimal("0.5"), Decimal(1), Decimal(1), Decimal(1)]
    assert everything(db_session, user) == await full_run(temporal_client, task_queue, db_session, user)


async def test_the_flows_runs_read_stand_for_the_ledger_until_a_run_or_a_change_says_otherwise(
    temporal_client: Client, task_queue: str, db_session: Session, servers: Settings, tmp_path: Path
) -> None:
    """A run keeps the flows it read in its snapshot (`ledger.parquet`: the flows query's rows, as the
    load read them); a run that continues from the checkpoint reads those from it on anew, so the
    full run's kept ones stand only for those before it, and its own for those after; the next full
    run's stand for all again, until a change its read did not see (a price, from its day on; the
    method, for all) or SHARED_CHANGES_KEPT has passed."""
    user, made = history(db_session, CostBasisMethod.FIFO, False)
    storage = Storage(servers)

    first = computed(await run(temporal_client, task_queue, user))
    assert kept_flows(db_session, user.id) == [KeptFlows(uuid.UUID(first.run_id), None, None)]
    storage.download(
        snapshot_key(user.public_id, uuid.UUID(first.run_id), LEDGER), tmp_path / "first.parquet"
    )
    with sync_sessions(db_session.get_bind())() as session:
        read = pl.concat(list(flow_batches(session, user.id)))
    assert pl.read_parquet(tmp_path / "first.parquet").equals(read, null_equal=True)

    sell_more_in_june(db_session, user, made)
    db_session.commit()
    again = computed(await run(temporal_client, task_queue, user))
    assert again.continued_from == CHECKPOINT
    assert str(status(db_session, user).run_id) == again.run_id  # its results, the first run's flows before
    assert kept_flows(db_session, user.id) == [
        KeptFlows(uuid.UUID(first.run_id), None, at("2024-05-01 00:00")),
        KeptFlows(uuid.UUID(again.run_id), at("2024-05-01 00:00"), None),
    ]
    storage.download(
        snapshot_key(user.public_id, uuid.UUID(again.run_id), LEDGER), tmp_path / "again.parquet"
    )
    with sync_sessions(db_session.get_bind())() as session:
        read = pl.concat(list(flow_batches(session, user.id)))
    since = pl.col("timestamp") >= at("2024-05-01 00:00")
    assert pl.read_parquet(tmp_path / "again.parquet").equals(read.filter(since), null_equal=True)
    year = (at("2024-01-01 00:00"), at("2025-01-01 00:00"))
    kept = read_flows(db_session, storage, user.id, user.public_id, USD, year, tmp_path)
    assert kept is not None and kept.valid_before is None  # the two runs' files stand for the year
    valued = listed_flows(db_session, user.id, None, (1, 1), USD, year)
    assert listed_flows(db_session, user.id, None, (1, 1), USD, year, kept).equals(valued)
    in_euros = read_flows(db_session, storage, user.id, user.public_id, "EUR", year, tmp_path)
    assert in_euros is not None and in_euros.currency == "EUR"  # both files, their dollars converted
    assert listed_flows(db_session, user.id, None, (1, 1), "EUR", year, in_euros).equals(
        listed_flows(db_session, user.id, None, (1, 1), "EUR", year)
    )
    assert storage.remove_prefix(snapshot_key(user.public_id, uuid.UUID(again.run_id), LEDGER)) == 1
    kept = read_flows(db_session, storage, user.id, user.public_id, USD, year, tmp_path)
    assert kept is not None and kept.valid_before == at("2024-05-01 00:00")  # the first run's alone
    assert listed_flows(db_session, user.id, None, (1, 1), USD, year, kept).equals(valued)

    edit_in_march(db_session, user, made)
    db_session.commit()
    full = computed(await run(temporal_client, task_queue, user))
    assert full.continued_from is None
    assert kept_flows(db_session, user.id) == [KeptFlows(uuid.UUID(full.run_id), None, None)]

    try:
        price_an_april_day(db_session, user, made)
        db_session.commit()
        assert kept_flows(db_session, user.id) == [
            KeptFlows(uuid.UUID(full.run_id), None, at("2024-04-02 00:00"))
        ]
    finally:  # the price table is shared
        db_session.execute(delete(Price).where(Price.symbol == TEST_SYMBOL))
        db_session.commit()
    standing = kept_flows(db_session, user.id)
    for age, stands in ((RETENTION * 2, True), (SHARED_CHANGES_KEPT, False)):
        # older than a checkpoint may be, the flows still stand while shared changes are logged
        db_session.execute(
            update(KeptLedger).where(KeptLedger.user_id == user.id).values(kept_at=func.now() - age)
        )
        db_session.commit()
        assert kept_flows(db_session, user.id) == (standing if stands else [])
    db_session.execute(update(KeptLedger).where(KeptLedger.user_id == user.id).values(kept_at=func.now()))
    switch_to_lifo(db_session, user, made)
    db_session.commit()
    assert kept_flows(db_session, user.id) == []
