"""One user's portfolio as the home page shows it: what is held now, priced, and its value day by day.

Values are USD in the database (flows, lots and the price table) and converted to the user's base
currency here, at each day's FX close (the latest on or before the day: FX has no weekend closes).
Quantities come from the ledger's flows (what the accounts hold, as the wallet balances read them);
cost basis from the open lots of the last cost-basis run. Everything is summed in SQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, and_, case, cast, func, literal, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Asset, Flow, Price, TaxLot, Transaction
from vocabulary.enums import CurrencyType, FlowDirection, PerformanceDuration
from vocabulary.enums import TransactionType as Type

USD = "USD"
DURATION_DAYS: dict[PerformanceDuration, int | None] = {
    PerformanceDuration.ONE_DAY: 1,
    PerformanceDuration.ONE_WEEK: 7,
    PerformanceDuration.ONE_MONTH: 30,
    PerformanceDuration.THREE_MONTH: 91,
    PerformanceDuration.ONE_YEAR: 365,
    PerformanceDuration.FIVE_YEAR: 5 * 365,
    PerformanceDuration.ALL_TIME: None,  # from the day of the first transaction
}


@dataclass(frozen=True, slots=True)
class Holding:
    asset_id: str
    symbol: str
    name: str
    quantity: Decimal
    price: Decimal | None  # in the base currency; None: the price table has no close for it
    price_day_before: Decimal | None
    cost_basis: Decimal  # of the open lots, in the base currency at each lot's acquisition day

    @property
    def value(self) -> Decimal | None:
        return None if self.price is None else self.quantity * self.price

    @property
    def value_day_before(self) -> Decimal | None:
        return None if self.price_day_before is None else self.quantity * self.price_day_before


@dataclass(frozen=True, slots=True)
class ValuePoint:
    day: date
    value: Decimal


def close_on(symbol: Any, quote: str, day: Any) -> Any:
    """The latest `symbol`/`quote` close on or before `day` (a correlated scalar subquery)."""
    return (
        select(Price.close)
        .where(Price.symbol == symbol, Price.quote == quote, Price.date <= day)
        .order_by(Price.date.desc())
        .limit(1)
        .scalar_subquery()
    )


def usd_in(currency: str, day: Any) -> Any:
    """How many units of `currency` one USD buys on `day`: 1 / CUR-USD, else the USD-CUR close."""
    if currency == USD:
        return literal(Decimal(1))
    return func.coalesce(1 / func.nullif(close_on(currency, USD, day), 0), close_on(USD, currency, day))


def usd_price(asset: Any, day: Any) -> Any:
    """USD per unit of a shared asset on `day`; a USD holding is worth its quantity, a user's own
    token has no price (None)."""
    return case(
        (asset.user_id.is_not(None), None),
        (and_(asset.type == CurrencyType.FIAT, asset.symbol == USD), literal(Decimal(1))),
        (asset.type == CurrencyType.FIAT, 1 / func.nullif(close_on(USD, asset.symbol, day), 0)),
        else_=close_on(asset.symbol, USD, day),
    )


class PortfolioScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    def _counted(self) -> list[Any]:
        """The flows that make the portfolio: not ignored, not spam (as the cost-basis run reads them)."""
        return [
            Transaction.user_id == self.user_id,
            Transaction.is_ignored.is_(False),
            Transaction.type != Type.SPAM,
            or_(Asset.is_spam.is_(None), Asset.is_spam.is_(False)),
        ]

    def _signed(self) -> Any:
        return case((Flow.direction == FlowDirection.INFLOW, Flow.quantity), else_=-Flow.quantity)

    async def holdings(self, currency: str, today: date) -> list[Holding]:
        """Positive holdings per asset, priced at `today`'s close and the day before's, largest first."""
        quantity = func.sum(self._signed())
        held = (
            select(Flow.asset_id, quantity.label("quantity"))
            .join(Transaction, Transaction.id == Flow.transaction_id)
            .join(Asset, Asset.id == Flow.asset_id)
            .where(*self._counted())
            .group_by(Flow.asset_id)
            .having(quantity > 0)  # a negative balance (a deposit never imported) is not held
            .subquery()
        )
        acquired = cast(func.timezone("UTC", TaxLot.acquired_at), Date)
        basis = (
            select(
                TaxLot.asset,
                func.sum(TaxLot.remaining_cost_basis * usd_in(currency, acquired)).label("cost_basis"),
            )
            .where(TaxLot.user_id == self.user_id, TaxLot.remaining > 0)
            .group_by(TaxLot.asset)
            .subquery()
        )
        yesterday = today - timedelta(days=1)
        rows = await self.session.execute(
            select(
                Asset.id,
                Asset.symbol,
                Asset.name,
                held.c.quantity,
                usd_price(Asset, today) * usd_in(currency, today),
                usd_price(Asset, yesterday) * usd_in(currency, yesterday),
                func.coalesce(basis.c.cost_basis, 0),
            )
            .join(held, held.c.asset_id == Asset.id)
            # the run names an asset by its symbol (or its id, once it keys lots by asset id)
            .outerjoin(basis, or_(basis.c.asset == Asset.symbol, basis.c.asset == Asset.id))
        )
        found = [Holding(*row) for row in rows]
        return sorted(found, key=lambda h: (-(h.value or Decimal(0)), h.symbol, h.asset_id))

    async def latest_close_day(self) -> date | None:
        """The last day the price table has a USD close for."""
        return await self.session.scalar(select(func.max(Price.date)).where(Price.quote == USD))

    async def first_day(self) -> date | None:
        first = await self.session.scalar(
            select(func.min(Transaction.timestamp)).where(Transaction.user_id == self.user_id)
        )
        return None if first is None else first.astimezone(UTC).date()

    async def value_history(self, currency: str, start: date, end: date) -> list[ValuePoint]:
        """The portfolio's value at each day's close from `start` to `end`: what was held at the end
        of the day (every flow up to it) times that day's price, in `currency` at that day's FX."""
        day_of = cast(func.timezone("UTC", Transaction.timestamp), Date)
        moves = (
            select(Flow.asset_id, day_of.label("day"), func.sum(self._signed()).label("change"))
            .join(Transaction, Transaction.id == Flow.transaction_id)
            .join(Asset, Asset.id == Flow.asset_id)
            .where(*self._counted(), day_of <= end)
            .group_by(Flow.asset_id, day_of)
            .subquery()
        )
        # the balance from each day an asset moved until the day before it moves again
        balances = select(
            moves.c.asset_id,
            moves.c.day.label("since"),
            func.lead(moves.c.day).over(partition_by=moves.c.asset_id, order_by=moves.c.day).label("until"),
            func.sum(moves.c.change)
            .over(partition_by=moves.c.asset_id, order_by=moves.c.day)
            .label("quantity"),
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
        rows = await self.session.execute(
            select(days.c.day, func.coalesce(totals.c.usd, 0) * usd_in(currency, days.c.day))
            .outerjoin(totals, totals.c.day == days.c.day)
            .order_by(days.c.day)
        )
        return [ValuePoint(day, value or Decimal(0)) for day, value in rows]


def history_start(duration: PerformanceDuration, today: date, first_day: date | None) -> date:
    days = DURATION_DAYS[duration]
    if days is None:
        return first_day or today
    return today - timedelta(days=days)


def today_utc() -> date:
    return datetime.now(UTC).date()
