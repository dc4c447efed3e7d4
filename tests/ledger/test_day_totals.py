"""The tax page's year read from the cost-basis run's day totals (ledger.writes.day_totals) equals, to
the last digit, the same year summed row by row as the page did before: on randomized results, in USD
and EUR (each row at its own day's close), with a January and an April tax-year start; and the disposed
and open lots pages' totals are the rows' counts."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import Date, and_, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ledger.models import Account, CostBasisStatus, DisposedLot, IncomeEvent, TaxLot, Transaction, User
from ledger.scope.cost_basis import NON_TAXABLE_DISPOSALS, CostBasisScope, OpenLotOrder, tax_year_bounds
from ledger.scope.portfolio import usd_in
from ledger.writes.day_totals import store_ledger_day_totals, store_result_day_totals
from tests.workflows.cost_basis_rows import add_wallet, stored_lot
from tests.workflows.ledger_rows import new_wallet
from vocabulary.enums import TransactionType

pytestmark = pytest.mark.servers

DISPOSING = ("SELL", "TRADE", "FEE", "GIFT_SENT", "DONATION", "LOST", "STOLEN")
INCOME = ("STAKING_REWARD", "MINING_REWARD", "AIRDROP", "INTEREST")
FIRST = datetime(2020, 12, 20, tzinfo=UTC)


def money(rng: random.Random) -> Decimal:
    """A signed amount with all 18 decimals, so any rounding would show."""
    return Decimal(rng.randrange(-(10**24), 10**25)) / Decimal(10**18)


def random_results(session: Session, seed: int) -> User:
    """A user's transactions over 2021–2022 (some ignored, some a second before or after a UTC
    midnight), each disposing one or more slices of mixed terms or receiving income."""
    rng = random.Random(seed)
    user, account = new_wallet(session)
    run = uuid.uuid4()
    for index in range(rng.randrange(40, 90)):
        when = FIRST + timedelta(
            days=rng.randrange(0, 760), seconds=rng.choice((0, 1, 86399, rng.randrange(86400)))
        )
        transaction = Transaction(
            user_id=user.id,
            account_id=account.id,
            natural_key=f"{seed}-{index}",
            timestamp=when,
            type=TransactionType.SELL,
            is_ignored=rng.random() < 0.15,
        )
        session.add(transaction)
        session.flush()
        if rng.random() < 0.3:
            session.add(income(user, account, transaction, rng, run))
            continue
        kind = rng.choice(DISPOSING)
        session.add_all(
            slice_of(user, account, transaction, kind, rng, run) for _ in range(rng.randrange(1, 4))
        )
    session.commit()
    return user


def slice_of(
    user: User, account: Account, transaction: Transaction, kind: str, rng: random.Random, run: uuid.UUID
) -> DisposedLot:
    proceeds, basis = abs(money(rng)), abs(money(rng))
    return DisposedLot(
        user_id=user.id,
        run_id=run,
        transaction_id=transaction.id,
        flow_id=f"{transaction.id}:1",
        account_id=account.id,
        asset="BTC",
        type=kind,
        acquired_at=FIRST,
        disposed_at=transaction.timestamp,
        holding_days=0,
        quantity=Decimal(1),
        proceeds=proceeds,
        cost_basis=basis,
        gain=proceeds - basis,
        denied_loss=Decimal(0),
        term=rng.choice(("SHORT", "LONG")),
    )


def income(
    user: User, account: Account, transaction: Transaction, rng: random.Random, run: uuid.UUID
) -> IncomeEvent:
    return IncomeEvent(
        user_id=user.id,
        run_id=run,
        transaction_id=transaction.id,
        flow_id=f"{transaction.id}:1",
        account_id=account.id,
        asset="ETH",
        received_at=transaction.timestamp,
        quantity=Decimal(1),
        value=abs(money(rng)),
        type=rng.choice(INCOME),
    )


async def per_row(session: AsyncSession, user_id: int, start: datetime, end: datetime, currency: str) -> Any:
    """The year summed over every row, each at its day's close: the page's reads before the day totals."""
    rate = usd_in(currency, cast(func.timezone("UTC", DisposedLot.disposed_at), Date))
    income_rate = usd_in(currency, cast(func.timezone("UTC", IncomeEvent.received_at), Date))
    disposed = and_(
        DisposedLot.user_id == user_id, DisposedLot.disposed_at >= start, DisposedLot.disposed_at < end
    )
    received = and_(
        IncomeEvent.user_id == user_id, IncomeEvent.received_at >= start, IncomeEvent.received_at < end
    )
    taxable = DisposedLot.type.not_in(NON_TAXABLE_DISPOSALS)

    def total(column: Any, *only: Any) -> Any:
        return func.coalesce(func.sum(column * rate).filter(taxable, *only), 0)

    gains = (
        await session.execute(
            select(
                total(DisposedLot.gain),
                total(DisposedLot.gain, DisposedLot.term == "SHORT"),
                total(DisposedLot.gain, DisposedLot.term == "LONG"),
                total(DisposedLot.proceeds),
                total(DisposedLot.cost_basis),
            ).where(disposed)
        )
    ).one()
    income_total = await session.scalar(
        select(func.coalesce(func.sum(IncomeEvent.value * income_rate), 0)).where(received)
    )
    by_type = await session.execute(
        select(
            DisposedLot.type,
            func.count(func.distinct(DisposedLot.transaction_id)),
            func.sum(DisposedLot.proceeds * rate),
            func.sum(DisposedLot.cost_basis * rate),
            func.sum(DisposedLot.gain * rate),
        )
        .where(disposed)
        .group_by(DisposedLot.type)
        .order_by(DisposedLot.type)
    )
    by_category = await session.execute(
        select(IncomeEvent.type, func.count(), func.sum(IncomeEvent.value * income_rate))
        .where(received)
        .group_by(IncomeEvent.type)
        .order_by(IncomeEvent.type)
    )
    count = await session.scalar(
        select(func.count()).where(
            Transaction.user_id == user_id,
            Transaction.is_ignored.is_(False),
            Transaction.timestamp >= start,
            Transaction.timestamp < end,
        )
    )
    return (
        tuple(gains),
        income_total,
        [tuple(row) for row in by_type],
        [tuple(row) for row in by_category],
        count,
    )


async def from_day_totals(
    scope: CostBasisScope, year: int, month: int, day: int, currency: str
) -> tuple[Any, ...]:
    summary = await scope.tax_summary(year, month, day, currency)
    by_type = await scope.disposals_by_type(summary.start, summary.end, currency)
    by_category = await scope.income_by_type(summary.start, summary.end, currency)
    return (
        (
            summary.capital_gain,
            summary.short_term_gain,
            summary.long_term_gain,
            summary.proceeds,
            summary.cost_basis,
        ),
        summary.taxable_income_total,
        [(row.type, row.transactions, row.proceeds, row.cost_basis, row.gain) for row in by_type],
        [(row.type, row.events, row.value) for row in by_category],
        await scope.transaction_count(summary.start, summary.end),
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_the_year_from_day_totals_is_the_year_summed_row_by_row(
    db_session: Session, async_session: AsyncSession, seed: int
) -> None:
    user = random_results(db_session, seed)
    store_ledger_day_totals(db_session, user.id)
    store_result_day_totals(db_session, user.id)
    db_session.commit()
    scope = CostBasisScope(async_session, user.id)

    for currency in ("USD", "EUR"):
        for year, month, day in ((2021, 1, 1), (2022, 1, 1), (2021, 4, 6), (2020, 4, 6)):
            start, end = tax_year_bounds(year, month, day)
            expected = await per_row(async_session, user.id, start, end, currency)
            answered = await from_day_totals(scope, year, month, day, currency)
            # equal as text too: the same digits, the same scale
            assert [str(value) for value in flatten(answered)] == [str(value) for value in flatten(expected)]
    assert expected[2], "the last year checked has disposals"


def flatten(found: Any) -> list[Any]:
    if isinstance(found, list | tuple):
        return [value for item in found for value in flatten(item)]
    return [found]


async def test_the_disposed_lots_total_is_the_count_of_the_users_slices(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, other = random_results(db_session, 4), random_results(db_session, 5)
    store_ledger_day_totals(db_session, user.id)
    store_result_day_totals(db_session, user.id)
    db_session.commit()
    slices = db_session.scalar(select(func.count()).where(DisposedLot.user_id == user.id))

    _, total = await CostBasisScope(async_session, user.id).disposed_lots(None, 50, 0)
    _, theirs = await CostBasisScope(async_session, other.id).disposed_lots(None, 50, 0)

    assert slices is not None and total == slices > 0
    assert theirs == 0  # their run's totals are not stored yet; nothing of the first user's is counted


async def test_the_open_lots_total_is_the_count_of_the_users_open_lots_and_leaves_with_an_account(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    second = add_wallet(db_session, user, "Second")
    rng = random.Random(7)
    for index in range(60):
        where = rng.choice((account, second))
        transaction = Transaction(
            user_id=user.id,
            account_id=where.id,
            natural_key=f"lot-{index}",
            timestamp=FIRST + timedelta(days=rng.randrange(0, 400), seconds=rng.randrange(86400)),
            type=TransactionType.BUY,
        )
        db_session.add(transaction)
        db_session.flush()
        left = rng.choice((Decimal(0), Decimal(1), Decimal("0.5")))
        db_session.add(
            stored_lot(
                transaction,
                rng.choice(("BTC", "ETH")),
                quantity=Decimal(1),
                remaining=left,
                cost_basis=Decimal(100),
                remaining_cost_basis=100 * left,
            )
        )
    db_session.merge(CostBasisStatus(user_id=user.id, compute_end_time=datetime.now(UTC)))
    store_ledger_day_totals(db_session, user.id)
    store_result_day_totals(db_session, user.id)
    db_session.commit()

    async def totals() -> list[tuple[int, int]]:
        """The page's total of every open lot, and of one asset's, beside the rows counted."""
        found = []
        for asset in (None, "BTC"):
            _, total = await CostBasisScope(async_session, user.id).open_lots(
                asset, OpenLotOrder.ACQUIRED_AT, False, 50, 0, "USD"
            )
            await async_session.rollback()
            only = [TaxLot.user_id == user.id, TaxLot.remaining > 0]
            counted = db_session.scalar(
                select(func.count()).where(*only, *([] if asset is None else [TaxLot.asset == asset]))
            )
            found.append((total, counted or 0))
        return found

    before = await totals()
    assert all(total == counted for total, counted in before) and before[1][0] > 0
    db_session.delete(second)  # the deletion workflow's last step; it requests no run
    db_session.commit()
    after = await totals()
    assert all(total == counted for total, counted in after) and after[0][0] < before[0][0]
