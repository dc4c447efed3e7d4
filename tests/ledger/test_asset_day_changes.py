"""The home chart (and its holdings table) summed from the cost-basis run's per-day asset changes and
open-lot totals (ledger.writes.day_totals) equals, to the last digit, the chart summed from every flow
and lot as before: on randomized ledgers, in USD and EUR, over a year and over all time; while a run is
requested (flows changed since the last one) the chart reads the flows, so a change shows before the
run stores new totals; and a deleted account's changes go with it."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Date, and_, case, cast, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ledger.models import Account, Asset, CostBasisStatus, Flow, TaxLot, Transaction, User
from ledger.scope.portfolio import PortfolioScope, ValuePoint, usd_in, usd_price
from ledger.writes.day_totals import store_ledger_day_totals, store_result_day_totals
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out, stored_lot
from tests.workflows.ledger_rows import new_wallet
from vocabulary.enums import CostBasisState, FlowDirection
from vocabulary.enums import TransactionType as Type

pytestmark = pytest.mark.servers

ASSETS = ("crypto_BTC", "crypto_ETH", "fiat_USD", "fiat_EUR")
END = date(2024, 6, 30)


def quantity_text(rng: random.Random) -> str:
    return str(Decimal(rng.randrange(1, 10**12)) / Decimal(10 ** rng.randrange(0, 12)))


def random_ledger(session: Session, seed: int) -> int:
    """A user's flows over 2022–2024 (some ignored, some spam, some a second from a UTC midnight)."""
    rng = random.Random(seed)
    user, account = new_wallet(session)
    for _ in range(rng.randrange(40, 80)):
        when = datetime(2022, 3, 1) + timedelta(
            days=rng.randrange(0, 850), seconds=rng.choice((0, 1, 86399, rng.randrange(86400)))
        )
        moves = [
            (into if rng.random() < 0.6 else out)(rng.choice(ASSETS), quantity_text(rng))
            for _ in range(rng.randrange(1, 4))
        ]
        kind = Type.SPAM if rng.random() < 0.05 else Type.TRADE
        made = add_transaction(session, account, when.isoformat(), kind, *moves, ignored=rng.random() < 0.1)
        if rng.random() < 0.5:
            session.add(lot_of(made, rng))
    session.commit()
    return user.id


def lot_of(transaction: Transaction, rng: random.Random) -> TaxLot:
    """A lot as the run stores it (named by symbol), with some or none of it left."""
    quantity = Decimal(quantity_text(rng))
    basis = Decimal(rng.randrange(1, 10**24)) / Decimal(10**18)
    left = rng.choice((Decimal(0), quantity, quantity / 2))
    return stored_lot(
        transaction,
        rng.choice(("BTC", "ETH")),
        quantity=quantity,
        remaining=left,
        cost_basis=basis,
        remaining_cost_basis=basis if left == quantity else basis * left / quantity if left else Decimal(0),
    )


async def flow_by_flow(
    session: AsyncSession, user_id: int, currency: str, start: date, end: date
) -> list[ValuePoint]:
    """The chart as it was summed before the day changes: every flow up to each day."""
    counted = [
        Transaction.user_id == user_id,
        Transaction.is_ignored.is_(False),
        Transaction.type != Type.SPAM,
        or_(Asset.is_spam.is_(None), Asset.is_spam.is_(False)),
    ]
    signed = case((Flow.direction == FlowDirection.INFLOW, Flow.quantity), else_=-Flow.quantity)
    day_of = cast(func.timezone("UTC", Transaction.timestamp), Date)
    moves = (
        select(Flow.asset_id, day_of.label("day"), func.sum(signed).label("change"))
        .join(Transaction, Transaction.id == Flow.transaction_id)
        .join(Asset, Asset.id == Flow.asset_id)
        .where(*counted, day_of <= end)
        .group_by(Flow.asset_id, day_of)
        .subquery()
    )
    balances = select(
        moves.c.asset_id,
        moves.c.day.label("since"),
        func.lead(moves.c.day).over(partition_by=moves.c.asset_id, order_by=moves.c.day).label("until"),
        func.sum(moves.c.change).over(partition_by=moves.c.asset_id, order_by=moves.c.day).label("quantity"),
    ).subquery()
    days = select(cast(func.generate_series(start, end, timedelta(days=1)), Date).label("day")).subquery()
    held = (
        select(days.c.day, balances.c.asset_id, balances.c.quantity)
        .join(
            balances,
            and_(
                balances.c.since <= days.c.day,
                or_(balances.c.until.is_(None), balances.c.until > days.c.day),
                balances.c.quantity > 0,
            ),
        )
        .subquery()
    )
    priced = (
        select(held.c.day, (held.c.quantity * usd_price(Asset, held.c.day)).label("usd"))
        .join(Asset, Asset.id == held.c.asset_id)
        .subquery()
    )
    totals = (
        select(priced.c.day, func.coalesce(func.sum(priced.c.usd), 0).label("usd"))
        .group_by(priced.c.day)
        .subquery()
    )
    rows = await session.execute(
        select(days.c.day, func.coalesce(totals.c.usd, 0) * usd_in(currency, days.c.day))
        .outerjoin(totals, totals.c.day == days.c.day)
        .order_by(days.c.day)
    )
    return [ValuePoint(day, value or Decimal(0)) for day, value in rows]


def exact(points: list[ValuePoint]) -> list[tuple[date, Decimal]]:
    """Each day's value, compared exactly (Decimal equality: 0E-20 is 0, 1.50 is 1.5)."""
    return [(point.day, point.value) for point in points]


async def same_chart(session: AsyncSession, user_id: int) -> None:
    scope = PortfolioScope(session, user_id)
    for currency in ("USD", "EUR"):
        for start in (END - timedelta(days=365), date(2022, 1, 1)):
            expected = await flow_by_flow(session, user_id, currency, start, END)
            assert any(point.value for point in expected)
            assert exact(await scope.value_history(currency, start, END)) == exact(expected)


def finished_run(session: Session, user_id: int, state: CostBasisState | None) -> None:
    session.merge(CostBasisStatus(user_id=user_id, state=state, compute_end_time=datetime(2024, 7, 1)))
    session.commit()


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_the_chart_from_day_changes_is_the_chart_from_every_flow(
    db_session: Session, async_session: AsyncSession, seed: int
) -> None:
    user_id = random_ledger(db_session, seed)
    await same_chart(async_session, user_id)  # no run yet: the flows
    from_flows = await PortfolioScope(async_session, user_id).holdings("EUR", END)

    store_ledger_day_totals(db_session, user_id)
    store_result_day_totals(db_session, user_id)
    finished_run(db_session, user_id, None)
    await async_session.rollback()
    await same_chart(async_session, user_id)  # the day changes
    # the holdings table sums the same day changes, and the same open lots' basis from their day totals
    assert any(holding.cost_basis for holding in from_flows)
    assert await PortfolioScope(async_session, user_id).holdings("EUR", END) == from_flows


async def test_flows_changed_since_the_run_are_charted_before_the_next_run(
    db_session: Session, async_session: AsyncSession
) -> None:
    user_id = random_ledger(db_session, 4)
    store_ledger_day_totals(db_session, user_id)
    store_result_day_totals(db_session, user_id)
    finished_run(db_session, user_id, None)
    account_id = db_session.scalar(select(Transaction.account_id).where(Transaction.user_id == user_id))
    before = await PortfolioScope(async_session, user_id).value_history("USD", date(2024, 6, 1), END)

    # an edit adds a flow and requests a run (as every writer of flows does), not run yet; more BTC than
    # the random ledger can owe, so the balance is positive whatever came before
    account = db_session.get_one(Account, account_id)
    add_transaction(db_session, account, "2024-06-10 12:00", Type.BUY, into("crypto_BTC", "1" + "0" * 15))
    finished_run(db_session, user_id, CostBasisState.ENQUEUED)
    await async_session.rollback()  # the next read sees what was committed since, as a new request would
    after = await PortfolioScope(async_session, user_id).value_history("USD", date(2024, 6, 1), END)

    assert after != before
    assert exact(after) == exact(await flow_by_flow(async_session, user_id, "USD", date(2024, 6, 1), END))


async def test_a_deleted_accounts_changes_leave_the_chart_with_it(
    db_session: Session, async_session: AsyncSession
) -> None:
    user_id = random_ledger(db_session, 5)
    user = db_session.get_one(User, user_id)
    cold = add_wallet(db_session, user, "Cold")
    add_transaction(db_session, cold, "2024-06-10 12:00", Type.DEPOSIT, into("crypto_BTC", "1" + "0" * 15))
    store_ledger_day_totals(db_session, user_id)
    store_result_day_totals(db_session, user_id)
    finished_run(db_session, user_id, None)
    with_cold = await PortfolioScope(async_session, user_id).value_history("USD", date(2024, 6, 1), END)

    db_session.delete(cold)  # the deletion workflow's last step; it requests no run
    db_session.commit()
    await async_session.rollback()

    without = await PortfolioScope(async_session, user_id).value_history("USD", date(2024, 6, 1), END)
    assert without != with_cold
    assert exact(without) == exact(await flow_by_flow(async_session, user_id, "USD", date(2024, 6, 1), END))
