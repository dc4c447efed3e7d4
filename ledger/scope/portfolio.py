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

from sqlalchemy import Date, Select, and_, case, cast, func, literal, or_, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from ledger.models import Asset, AssetDayChange, CostBasisStatus, Flow, Price, TaxLot, Transaction
from ledger.models.transactions import signed_quantity
from ledger.writes.day_totals import asset_day_changes, counted_flows
from vocabulary.enums import CurrencyType, PerformanceDuration

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
    price: Decimal | None  # in the base currency; None: no close for it, nor a price of the user's
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
    token has no close (None; today's holdings take the user's own price)."""
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
        return counted_flows(self.user_id)

    async def holdings(self, currency: str, today: date) -> list[Holding]:
        """Positive holdings per asset, priced at `today`'s close and the day before's, largest first."""
        summed: Select[str, Decimal]
        if await self._day_changes_current():
            quantity = func.sum(AssetDayChange.change)
            summed = select(AssetDayChange.asset_id, quantity.label("quantity")).where(
                AssetDayChange.user_id == self.user_id
            )
        else:
            quantity = func.sum(signed_quantity())
            summed = (
                select(Flow.asset_id, quantity.label("quantity"))
                .join(Transaction, Transaction.id == Flow.transaction_id)
                .join(Asset, Asset.id == Flow.asset_id)
                .where(*self._counted())
            )
        held = (
            summed.group_by(summed.selected_columns[0])
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
                # a user's own token at the user's price on both days: no close, so no change of its own
                func.coalesce(usd_price(Asset, today), Asset.price_usd) * usd_in(currency, today),
                func.coalesce(usd_price(Asset, yesterday), Asset.price_usd) * usd_in(currency, yesterday),
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

    async def _day_changes_current(self) -> bool:
        """Whether the last cost-basis run's asset_day_changes still hold the user's flows: a run has
        finished and none is requested since. Every write of flows (imports, syncs, edits, deletes)
        requests a run in its own transaction, so until that run stores new totals the flows are read."""
        status = await self.session.get(CostBasisStatus, self.user_id, populate_existing=True)
        return status is not None and status.state is None and status.compute_end_time is not None

    def _daily_prices(self, balances: Any, start: date) -> Any:
        """usd_price(asset, day) for each row of `balances` (every day from `start`, per asset; columns
        day, quantity, price), found by joining each day's own close and carrying the last one forward
        over days without one, not by a lookup per row; before an asset's first close of the range, the
        latest close before `start`."""
        direct, inverse = aliased(Price), aliased(Price)
        by_asset: dict[str, Any] = {"partition_by": balances.c.asset_id, "order_by": balances.c.day}
        closes = (
            select(
                balances.c.day,
                balances.c.asset_id,
                balances.c.quantity,
                Asset.symbol,
                Asset.type,
                Asset.user_id,
                direct.close.label("direct"),
                inverse.close.label("inverse"),
                func.count(direct.close).over(**by_asset).label("direct_run"),
                func.count(inverse.close).over(**by_asset).label("inverse_run"),
            )
            .join(Asset, Asset.id == balances.c.asset_id)
            .outerjoin(
                direct,
                and_(direct.symbol == Asset.symbol, direct.quote == USD, direct.date == balances.c.day),
            )
            .outerjoin(
                inverse,
                and_(inverse.symbol == USD, inverse.quote == Asset.symbol, inverse.date == balances.c.day),
            )
            .subquery()
        )

        def carried(column: Any, run: Any, symbol: Any, quote: Any) -> Any:
            last = func.first_value(column).over(partition_by=(closes.c.asset_id, run), order_by=closes.c.day)
            return func.coalesce(last, close_on(symbol, quote, start))

        price = case(
            (closes.c.user_id.is_not(None), None),
            (and_(closes.c.type == CurrencyType.FIAT, closes.c.symbol == USD), literal(Decimal(1))),
            (
                closes.c.type == CurrencyType.FIAT,
                1 / func.nullif(carried(closes.c.inverse, closes.c.inverse_run, USD, closes.c.symbol), 0),
            ),
            else_=carried(closes.c.direct, closes.c.direct_run, closes.c.symbol, USD),
        )
        return select(closes.c.day, closes.c.quantity, price.label("price")).subquery()

    async def value_history(self, currency: str, start: date, end: date) -> list[ValuePoint]:
        """The portfolio's value at each day's close from `start` to `end`: what was held at the end
        of the day (every flow up to it) times that day's price, in `currency` at that day's FX."""
        if await self._day_changes_current():
            stored = AssetDayChange
            found = (
                select(stored.asset_id, stored.day, stored.change)
                .where(stored.user_id == self.user_id, stored.day <= end)
                .subquery()
            )
        else:
            day_of = cast(func.timezone("UTC", Transaction.timestamp), Date)
            found = asset_day_changes(self.user_id, day_of <= end).subquery()
        moves = (
            select(found.c.asset_id, found.c.day, func.sum(found.c.change).label("change"))
            .group_by(found.c.asset_id, found.c.day)
            .cte("moves")
            .prefix_with("MATERIALIZED")  # read once, by the three uses below
        )
        # what each asset held before `start`, then each day's balance: that plus the changes up to it
        opening = (
            select(moves.c.asset_id, func.sum(moves.c.change).label("quantity"))
            .where(moves.c.day < start)
            .group_by(moves.c.asset_id)
            .subquery()
        )
        assets = select(moves.c.asset_id).distinct().subquery()
        days = select(cast(func.generate_series(start, end, timedelta(days=1)), Date).label("day")).subquery()
        # each asset on every day of the range, with the day's change (0 when none); a union, not an
        # outer join, which PostgreSQL plans badly on the CTE's row estimate
        changes = union_all(
            select(days.c.day, assets.c.asset_id, literal(0).label("change")).select_from(
                days.join(assets, literal(True))
            ),
            select(moves.c.day, moves.c.asset_id, moves.c.change).where(moves.c.day >= start),
        ).subquery()
        per_day = (
            select(changes.c.day, changes.c.asset_id, func.sum(changes.c.change).label("change"))
            .group_by(changes.c.day, changes.c.asset_id)
            .subquery()
        )
        balances = (
            select(
                per_day.c.day,
                per_day.c.asset_id,
                (
                    func.coalesce(opening.c.quantity, 0)
                    + func.sum(per_day.c.change).over(partition_by=per_day.c.asset_id, order_by=per_day.c.day)
                ).label("quantity"),
            )
            .outerjoin(opening, opening.c.asset_id == per_day.c.asset_id)
            .subquery()
        )
        prices = self._daily_prices(balances, start)
        priced = (
            select(prices.c.day, (prices.c.quantity * prices.c.price).label("usd"))
            .where(prices.c.quantity > 0)
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
