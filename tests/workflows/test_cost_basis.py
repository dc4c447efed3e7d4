"""CostBasisWorkflow on a real worker: the stored results are the lot engine's on the user's ledger, a
run is joined by later requests and loops once for requests made during a pass, failures are recorded."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any

import polars as pl
import pytest
from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session
from temporalio.api.enums.v1 import PendingActivityState
from temporalio.client import Client, WorkflowExecutionStatus, WorkflowFailureError, WorkflowHandle
from temporalio.testing import ActivityEnvironment

from activities.cost_basis import CostBasisActivities
from activities.cost_basis_ledger import ENGINE_TYPES, method_and_scope
from analytics.lots import LotResult, MethodTimeline, compute
from contracts.cost_basis import CostBasisOutcome, CostBasisSummary, run_request
from contracts.ids import cost_basis_id
from contracts.starting import start_workflow
from ledger.infra.db import sync_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import CostBasisStatus, DisposedLot, IncomeEvent, Price, TaxLot, User
from ledger.writes.cost_basis import MethodSettings, StoredResults
from stack.worker import run_worker
from tests.analytics.ledgers import buy, flows
from tests.workflows.cost_basis_rows import (
    add_transaction,
    add_user_token,
    add_wallet,
    into,
    link_transfer,
    out,
)
from vocabulary.enums import AllocationScope, CostBasisMethod, CostBasisState, QueuePriority
from vocabulary.enums import TransactionType as Type
from vocabulary.lot_engine import DISPOSAL_COLUMNS, INCOME_COLUMNS, LOT_COLUMNS
from workflows.cost_basis import CostBasisWorkflow

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

EIGHTEEN = Decimal(1).scaleb(-18)


def new_user(
    session: Session, *, method: CostBasisMethod = CostBasisMethod.FIFO, by_wallet: bool = False
) -> User:
    user = User(
        email=f"cb-{uuid.uuid4().hex[:12]}@example.com",
        password_hash="not used",
        cost_basis_method=method,
        cost_basis_by_wallet=by_wallet,
    )
    session.add(user)
    session.flush()
    return user


def close(session: Session, symbol: str, quote: str, day: date) -> Decimal:
    found = session.scalar(
        select(Price.close).where(Price.symbol == symbol, Price.quote == quote, Price.date == day)
    )
    assert found is not None, f"no {symbol}/{quote} close on {day}"
    return found


def rounded(amount: Decimal) -> Decimal:
    with localcontext() as context:
        context.prec = 80
        return amount.quantize(EIGHTEEN, rounding=ROUND_HALF_UP)


def divided(amount: Decimal, by: Decimal) -> Decimal:
    with localcontext() as context:
        context.prec = 80
        return rounded(amount / by)


def ledger_of(session: Session) -> tuple[User, pl.DataFrame]:
    """A user with two wallets and a year of activity, and the same ledger as the engine's input,
    written out by hand: engine types, USD values from the stated value or the day's closes."""
    user = new_user(session, method=CostBasisMethod.HIFO, by_wallet=True)
    a, b = add_wallet(session, user, "A"), add_wallet(session, user, "B")
    rows: list[dict[str, Any]] = []

    def flow(
        tx: Any, kind: str, asset: str, direction: str, quantity: str, value: Decimal | None, **extra: Any
    ) -> None:
        rows.append(
            {
                "tx_id": str(tx.id),
                "timestamp": tx.timestamp,
                "account": str(tx.account_id),
                "type": kind,
                "asset": asset,
                "direction": direction,
                "quantity": Decimal(quantity),
                "value": value,
                "is_fee": extra.get("is_fee", False),
                "link_id": extra.get("link_id"),
            }
        )

    buy = add_transaction(
        session,
        a,
        "2021-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "10000", "10000"),
        into("crypto_BTC", "1"),
        out("fiat_USD", "10", "10", fee=True),
    )
    flow(buy, "BUY", "USD", "OUT", "10000", Decimal(10000))
    flow(buy, "BUY", "BTC", "IN", "1", None)
    flow(buy, "BUY", "USD", "OUT", "10", Decimal(10), is_fee=True)

    received = add_transaction(session, a, "2021-01-02 23:59", Type.DEPOSIT, into("crypto_ETH", "2"))
    flow(received, "TRANSFER", "ETH", "IN", "2", rounded(2 * close(session, "ETH", "USD", date(2021, 1, 2))))

    reward = add_transaction(
        session, a, "2021-03-01 08:00", Type.STAKING_REWARD, into("crypto_ETH", "0.1", "150", "EUR")
    )
    eur = close(session, "EUR", "USD", date(2021, 3, 1))
    flow(reward, "STAKING_REWARD", "ETH", "IN", "0.1", rounded(150 * eur))

    sent = add_transaction(session, a, "2021-04-01 12:00", Type.SEND, out("crypto_BTC", "0.2"))
    arrived = add_transaction(session, b, "2021-04-01 12:05", Type.RECEIVE, into("crypto_BTC", "0.2"))
    link = link_transfer(session, sent, arrived)
    btc_april = close(session, "BTC", "USD", date(2021, 4, 1))
    flow(sent, "SEND", "BTC", "OUT", "0.2", rounded(Decimal("0.2") * btc_april), link_id=str(link.id))
    flow(arrived, "RECEIVE", "BTC", "IN", "0.2", rounded(Decimal("0.2") * btc_april), link_id=str(link.id))

    sale = add_transaction(
        session,
        a,
        "2021-06-01 15:00",
        Type.SELL,
        out("crypto_BTC", "0.4"),
        into("fiat_USD", "12000", "12000"),
    )
    flow(
        sale,
        "SELL",
        "BTC",
        "OUT",
        "0.4",
        rounded(Decimal("0.4") * close(session, "BTC", "USD", date(2021, 6, 1))),
    )
    flow(sale, "SELL", "USD", "IN", "12000", Decimal(12000))

    day = date(2021, 7, 1)
    trade = add_transaction(
        session, b, "2021-07-01 09:00", Type.TRADE, out("crypto_BTC", "0.1"), into("crypto_ETH", "1")
    )
    flow(trade, "TRADE", "BTC", "OUT", "0.1", rounded(Decimal("0.1") * close(session, "BTC", "USD", day)))
    flow(trade, "TRADE", "ETH", "IN", "1", close(session, "ETH", "USD", day))

    add_transaction(  # ignored: not in the ledger
        session,
        a,
        "2021-08-01 09:00",
        Type.SELL,
        out("crypto_BTC", "0.3"),
        into("fiat_USD", "9000", "9000"),
        ignored=True,
    )

    yen = add_transaction(
        session, a, "2021-09-01 09:00", Type.BUY, out("fiat_JPY", "1000000"), into("crypto_ETH", "1.5")
    )
    usd_jpy = close(session, "USD", "JPY", date(2021, 9, 1))
    flow(yen, "BUY", "JPY", "OUT", "1000000", divided(Decimal(1000000), usd_jpy))
    flow(
        yen,
        "BUY",
        "ETH",
        "IN",
        "1.5",
        rounded(Decimal("1.5") * close(session, "ETH", "USD", date(2021, 9, 1))),
    )

    gift = add_transaction(session, b, "2022-02-01 09:00", Type.GIFT_SENT, out("crypto_ETH", "0.5"))
    flow(
        gift,
        "GIFT_SENT",
        "ETH",
        "OUT",
        "0.5",
        rounded(Decimal("0.5") * close(session, "ETH", "USD", date(2022, 2, 1))),
    )
    session.commit()
    return user, pl.DataFrame(
        rows, schema_overrides={"quantity": pl.Decimal(38, 18), "value": pl.Decimal(38, 18)}
    )


def stored(session: Session, user: User) -> dict[str, list[tuple[Any, ...]]]:
    """The stored results as the engine's rows (text ids), in a stable order."""
    lots = session.execute(
        select(
            TaxLot.lot_id,
            TaxLot.origin_lot_id,
            TaxLot.transfer_chain,
            TaxLot.transaction_id,
            TaxLot.asset,
            TaxLot.account_id,
            TaxLot.acquired_at,
            TaxLot.quantity,
            TaxLot.remaining,
            TaxLot.cost_basis,
            TaxLot.remaining_cost_basis,
            TaxLot.callout,
        ).where(TaxLot.user_id == user.id)
    )
    disposals = session.execute(
        select(
            DisposedLot.flow_id,
            DisposedLot.transaction_id,
            DisposedLot.type,
            DisposedLot.asset,
            DisposedLot.account_id,
            DisposedLot.lot_id,
            DisposedLot.origin_lot_id,
            DisposedLot.transfer_chain,
            DisposedLot.acquired_at,
            DisposedLot.disposed_at,
            DisposedLot.holding_days,
            DisposedLot.quantity,
            DisposedLot.proceeds,
            DisposedLot.cost_basis,
            DisposedLot.gain,
            DisposedLot.denied_loss,
            DisposedLot.term,
            DisposedLot.rule,
            DisposedLot.callout,
        ).where(DisposedLot.user_id == user.id)
    )
    income = session.execute(
        select(
            IncomeEvent.flow_id,
            IncomeEvent.transaction_id,
            IncomeEvent.asset,
            IncomeEvent.account_id,
            IncomeEvent.received_at,
            IncomeEvent.quantity,
            IncomeEvent.value,
            IncomeEvent.type,
            IncomeEvent.callout,
        ).where(IncomeEvent.user_id == user.id)
    )
    return {
        "lots": sorted((_texts(row, 3, 5) for row in lots), key=_lot_key),
        "disposals": sorted((_texts(row, 1, 4) for row in disposals), key=_disposal_key),
        "income": sorted((_texts(row, 1, 3) for row in income), key=_income_key),
    }


def _texts(row: Any, *ids: int) -> tuple[Any, ...]:
    return tuple(str(value) if index in ids else value for index, value in enumerate(row))


def expected(result: LotResult) -> dict[str, list[tuple[Any, ...]]]:
    return {
        "lots": sorted(result.lots.select(LOT_COLUMNS).iter_rows(), key=_lot_key),
        "disposals": sorted(result.disposals.select(DISPOSAL_COLUMNS).iter_rows(), key=_disposal_key),
        "income": sorted(result.income.select(INCOME_COLUMNS).iter_rows(), key=_income_key),
    }


def _lot_key(row: tuple[Any, ...]) -> str:
    return str(row[0])


def _disposal_key(row: tuple[Any, ...]) -> tuple[str, str, Decimal]:
    return str(row[0]), str(row[5] or ""), row[11]


def _income_key(row: tuple[Any, ...]) -> str:
    return str(row[0])


async def run(client: Client, task_queue: str, user: User) -> CostBasisOutcome:
    return await client.execute_workflow(
        CostBasisWorkflow.run, user.id, id=cost_basis_id(user.public_id), task_queue=task_queue
    )


def computed(outcome: CostBasisOutcome) -> CostBasisSummary:
    """The last pass's summary of a run that made one."""
    assert outcome.summary is not None and not outcome.paused
    return outcome.summary


def status(session: Session, user: User) -> CostBasisStatus:
    session.expire_all()
    row = session.get(CostBasisStatus, user.id)
    assert row is not None
    return row


async def test_the_stored_results_are_the_engines_on_the_users_ledger(
    temporal_client: Client, task_queue: str, db_session: Session
) -> None:
    user, ledger = ledger_of(db_session)

    outcome = await run(temporal_client, task_queue, user)

    engine = compute(ledger, CostBasisMethod.HIFO, AllocationScope.WALLET)
    assert stored(db_session, user) == expected(engine)
    assert (outcome.passes, computed(outcome).flows, computed(outcome).scope) == (1, ledger.height, "WALLET")
    assert (computed(outcome).lots, computed(outcome).disposals, computed(outcome).income) == (
        engine.lots.height,
        engine.disposals.height,
        engine.income.height,
    )
    # By hand: the sale's 0.4 BTC came from the one lot of 1 BTC bought for 10,000 USD plus 10 of fees.
    sale = db_session.execute(
        select(DisposedLot.proceeds, DisposedLot.cost_basis, DisposedLot.gain, DisposedLot.term).where(
            DisposedLot.user_id == user.id, DisposedLot.type == "SELL"
        )
    ).one()
    assert tuple(sale) == (Decimal(12000), Decimal(4004), Decimal(7996), "SHORT")
    moved = db_session.scalars(
        select(TaxLot.lot_id).where(TaxLot.user_id == user.id, TaxLot.lot_id.contains(">"))
    ).all()
    assert len(moved) == 1  # the linked transfer moved a piece of the lot to wallet B
    row = status(db_session, user)
    assert row.state is None and row.last_error is None
    assert row.run_id == uuid.UUID(computed(outcome).run_id)
    assert row.compute_start_time is not None and row.compute_end_time is not None
    assert row.last_synced_at is not None and row.compute_start_time <= row.compute_end_time


async def test_a_new_run_replaces_the_previous_results(
    temporal_client: Client, task_queue: str, db_session: Session
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    db_session.commit()
    first = await run(temporal_client, task_queue, user)
    # before the first run's checkpoint (December 2020): the whole ledger is computed again
    add_transaction(
        db_session, wallet, "2020-06-01", Type.BUY, out("fiat_USD", "300", "300"), into("crypto_BTC", "1")
    )
    db_session.commit()

    second = await run(temporal_client, task_queue, user)

    lots = db_session.execute(select(TaxLot.run_id, TaxLot.cost_basis).where(TaxLot.user_id == user.id)).all()
    assert sorted(cost for _, cost in lots) == [Decimal(100), Decimal(300)]
    assert (
        {run_id for run_id, _ in lots}
        == {uuid.UUID(computed(second).run_id)}
        != {uuid.UUID(computed(first).run_id)}
    )


async def test_two_tokens_with_one_symbol_keep_their_own_lots(
    temporal_client: Client, task_queue: str, db_session: Session
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    own_btc = add_user_token(db_session, user, "BTC")  # a token of the user's that is not bitcoin
    add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    add_transaction(
        db_session, wallet, "2021-01-02", Type.BUY, out("fiat_USD", "10", "10"), into(own_btc, "1")
    )
    add_transaction(
        db_session, wallet, "2021-03-01", Type.SELL, out(own_btc, "1"), into("fiat_USD", "50", "50")
    )
    db_session.commit()

    await run(temporal_client, task_queue, user)

    sale = db_session.execute(
        select(DisposedLot.asset, DisposedLot.cost_basis, DisposedLot.gain).where(
            DisposedLot.user_id == user.id
        )
    ).one()
    assert tuple(sale) == ("BTC", Decimal(10), Decimal(40))  # FIFO by symbol would take bitcoin's lot
    lots = db_session.execute(
        select(TaxLot.asset, TaxLot.remaining).where(TaxLot.user_id == user.id).order_by(TaxLot.acquired_at)
    ).all()
    assert [tuple(lot) for lot in lots] == [("BTC", Decimal(1)), ("BTC", Decimal(0))]


def stored_runs(engine: Engine, user: User) -> set[uuid.UUID]:
    """The run ids of the user's stored lots, as another connection reads them."""
    with sync_sessions(engine)() as session:
        return set(session.scalars(select(TaxLot.run_id).where(TaxLot.user_id == user.id)))


async def test_readers_see_the_previous_results_until_the_new_ones_commit(
    temporal_client: Client, task_queue: str, db_session: Session, db_engine: Engine
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    bought = add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    db_session.commit()
    first = uuid.UUID(computed(await run(temporal_client, task_queue, user)).run_id)
    lots = compute(
        flows(*buy(str(bought.id), "2021-01-01", "BTC", "1", "100", account=str(wallet.id))),
        CostBasisMethod.FIFO,
    ).lots
    sessions = sync_sessions(db_engine)

    abandoned = StoredResults(sessions, user.id, uuid.uuid4())
    abandoned.write([("lots", lots)])
    assert stored_runs(db_engine, user) == {first}  # written, not committed: the previous run is read
    abandoned.discard()
    assert stored_runs(db_engine, user) == {first}

    second = uuid.uuid4()
    replacing = StoredResults(sessions, user.id, second)
    replacing.write([("lots", lots)])
    assert stored_runs(db_engine, user) == {first}
    replacing.close()
    assert stored_runs(db_engine, user) == {second}
    assert status(db_session, user).run_id == second  # the run is marked finished in the same transaction


@contextlib.contextmanager
def holding(engine: Engine, statement: str, **params: Any) -> Iterator[None]:
    """Holds the row locks `statement` takes (SELECT … FOR UPDATE) until the block ends."""
    with sync_sessions(engine)() as session, session.begin():
        session.execute(text(statement), params)
        yield


async def started_activity(handle: WorkflowHandle[Any, Any]) -> None:
    """Waits until the run's activity has started (a pass is under way)."""
    async with asyncio.timeout(30):
        while True:
            pending = (await handle.describe()).raw_description.pending_activities
            if any(
                activity.state == PendingActivityState.PENDING_ACTIVITY_STATE_STARTED for activity in pending
            ):
                return
            await asyncio.sleep(0.1)


async def test_requests_during_a_pass_join_the_run_and_make_one_more_pass(
    temporal_client: Client, task_queue: str, db_session: Session, db_engine: Engine
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    db_session.add(CostBasisStatus(user_id=user.id))
    db_session.commit()

    with holding(db_engine, "SELECT 1 FROM cost_basis_status WHERE user_id = :user FOR UPDATE", user=user.id):
        first = await start_workflow(
            temporal_client, task_queue, run_request(user.id, user.public_id, QueuePriority.HIGH)
        )
        handle = temporal_client.get_workflow_handle_for(CostBasisWorkflow.run, first)
        await started_activity(handle)  # the pass waits for the row lock to claim the run
        run_id = (await handle.describe()).run_id
        add_transaction(
            db_session, wallet, "2021-02-01", Type.BUY, out("fiat_USD", "300", "300"), into("crypto_BTC", "1")
        )
        db_session.commit()  # an import lands during the pass, and requests a run three times
        joined = [
            await start_workflow(
                temporal_client, task_queue, run_request(user.id, user.public_id, QueuePriority.HIGH)
            )
            for _ in range(3)
        ]
        assert joined == [first] * 3
        assert (await handle.describe()).run_id == run_id

    outcome: CostBasisOutcome = await handle.result()
    assert outcome.passes == 2
    assert computed(outcome).lots == 2  # the results include the transaction imported during the pass
    assert (await handle.describe()).run_id == run_id  # one run served every request


@contextlib.asynccontextmanager
async def worker_on(client: Client, task_queue: str) -> AsyncIterator[None]:
    task = asyncio.create_task(run_worker(client, task_queue))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def poll_status(session: Session, user: User, done: Any) -> CostBasisStatus:
    async with asyncio.timeout(30):
        while not done(row := status(session, user)):
            await asyncio.sleep(0.05)
    return row


async def test_the_enqueue_activity_moves_the_status_enqueued_started_done(
    temporal_client: Client, db_session: Session, db_engine: Engine, servers: Settings
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    db_session.commit()
    idle_queue = f"cost-basis-test-{uuid.uuid4()}"  # nothing polls it until the test starts a worker
    activities = CostBasisActivities(sync_sessions(db_engine), temporal_client, idle_queue, Storage(servers))

    workflow = await ActivityEnvironment().run(activities.enqueue_cost_basis, user.id, "NORMAL")

    assert workflow == f"cost-basis/{user.public_id}"
    row = status(db_session, user)
    assert (row.state, row.priority, row.is_running) == (CostBasisState.ENQUEUED, QueuePriority.NORMAL, True)
    assert row.recomputation_date is not None
    handle = temporal_client.get_workflow_handle_for(CostBasisWorkflow.run, workflow)
    assert (await handle.describe()).status == WorkflowExecutionStatus.RUNNING

    async with worker_on(temporal_client, idle_queue):
        with holding(db_engine, "SELECT 1 FROM users WHERE id = :user FOR UPDATE", user=user.id):
            # The pass claims the run, then waits on the user row (the results' foreign key) to store.
            row = await poll_status(db_session, user, lambda r: r.state is CostBasisState.STARTED)
            assert row.is_running and row.compute_start_time is not None and row.recomputation_date is None
            assert row.compute_end_time is None
        outcome: CostBasisOutcome = await handle.result()
    row = status(db_session, user)
    assert (row.state, row.is_running, outcome.passes) == (None, False, 1)
    assert row.compute_end_time is not None and row.last_synced_at is not None


async def test_a_ledger_the_engine_refuses_fails_the_run_with_its_reason(
    temporal_client: Client, task_queue: str, db_session: Session
) -> None:
    user = new_user(db_session)
    a, b = add_wallet(db_session, user, "A"), add_wallet(db_session, user, "B")
    add_transaction(
        db_session, a, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    sent = add_transaction(db_session, a, "2021-02-01", Type.SEND, out("crypto_BTC", "0.1"))
    arrived = add_transaction(db_session, b, "2021-02-01", Type.RECEIVE, into("crypto_BTC", "0.5"))
    link_transfer(db_session, sent, arrived)  # more arrives than was sent
    db_session.commit()

    with pytest.raises(WorkflowFailureError):
        await run(temporal_client, task_queue, user)

    row = status(db_session, user)
    assert (row.state, row.is_running) == (CostBasisState.FAILED, False)
    assert row.last_error is not None and "a transfer receives more than was sent" in row.last_error
    assert row.compute_end_time is not None
    lots = db_session.scalars(select(TaxLot.id).where(TaxLot.user_id == user.id)).all()
    assert lots == []


def test_every_ledger_type_but_spam_has_an_engine_type() -> None:
    assert set(Type) - set(ENGINE_TYPES) == {Type.SPAM}


def test_the_users_method_timeline_becomes_contiguous_periods() -> None:
    settings = MethodSettings(
        CostBasisMethod.FIFO,
        ((date(2020, 1, 1), None, CostBasisMethod.FIFO), (date(2022, 1, 1), None, CostBasisMethod.HIFO)),
        by_wallet=False,
    )
    method, scope = method_and_scope(settings)
    assert scope is AllocationScope.UNIVERSAL
    assert isinstance(method, MethodTimeline)
    assert [(p.start, p.end, p.method) for p in method.periods] == [
        (date(2020, 1, 1), date(2021, 12, 31), CostBasisMethod.FIFO),
        (date(2022, 1, 1), None, CostBasisMethod.HIFO),
    ]
    assert method_and_scope(MethodSettings(CostBasisMethod.LIFO, (), by_wallet=True)) == (
        CostBasisMethod.LIFO,
        AllocationScope.WALLET,
    )


def test_after_a_period_with_an_end_the_default_method_applies_again() -> None:
    settings = MethodSettings(
        CostBasisMethod.LIFO,
        (
            (date(2020, 1, 1), date(2021, 1, 1), CostBasisMethod.HIFO),  # [2020-01-01, 2021-01-01)
            (date(2022, 1, 1), date(2023, 1, 1), CostBasisMethod.FIFO),
            (date(2023, 1, 1), date(2024, 7, 1), CostBasisMethod.HIFO),  # starts the day the last ends
        ),
        by_wallet=True,
    )
    method, _ = method_and_scope(settings)
    assert isinstance(method, MethodTimeline)
    assert [(p.start, p.end, p.method) for p in method.periods] == [
        (date(2020, 1, 1), date(2020, 12, 31), CostBasisMethod.HIFO),
        (date(2021, 1, 1), date(2021, 12, 31), CostBasisMethod.LIFO),
        (date(2022, 1, 1), date(2022, 12, 31), CostBasisMethod.FIFO),
        (date(2023, 1, 1), date(2024, 6, 30), CostBasisMethod.HIFO),
        (date(2024, 7, 1), None, CostBasisMethod.LIFO),
    ]
    overlapping = MethodSettings(
        CostBasisMethod.LIFO,
        (
            (date(2020, 1, 1), date(2022, 1, 1), CostBasisMethod.HIFO),
            (date(2021, 1, 1), None, CostBasisMethod.FIFO),
        ),
        by_wallet=True,
    )
    with pytest.raises(ValueError, match="ends after the next one starts"):
        method_and_scope(overlapping)
