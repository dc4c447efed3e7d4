"""One user's portfolio as the home page shows it: what is held now, priced, and its value day by day.

Values are USD in the database (flows, lots and the price table) and converted to the user's base
currency here, at each day's FX close (the latest on or before the day: FX has no weekend closes).
Quantities come from the ledger's flows (what the accounts hold, as the wallet balances read them), or
the last cost-basis run's sums of them per day; cost basis from the open lots of that run, or its sums of
them per acquisition day. The holdings are summed in SQL; the value over time is walked day by day here
from what SQL sums (`value_history`), exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import (
    MAX_EMAX,
    MIN_EMIN,
    Context,
    Decimal,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    localcontext,
)
from typing import Any

from sqlalchemy import Date, Select, and_, case, cast, func, literal, or_, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import (
    Asset,
    AssetDayChange,
    CostBasisStatus,
    Flow,
    OpenLotDayTotal,
    Price,
    TaxLot,
    Transaction,
)
from ledger.models.transactions import flow_of_transaction, signed_quantity
from ledger.scope.price_series import PRICE_SERIES, SeriesKey
from ledger.writes.day_totals import asset_day_changes, counted_flows
from vocabulary.enums import CurrencyType, PerformanceDuration

USD = "USD"
# Sums of products of NUMERIC(38,18) values walked in Python: 120 digits hold any of them; a result that
# would not fit raises rather than rounds.
EXACT = Context(
    prec=120, Emax=MAX_EMAX, Emin=MIN_EMIN, traps=[Inexact, InvalidOperation, DivisionByZero, Overflow]
)
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


async def totals_current(session: AsyncSession, user_id: int) -> bool:
    """Whether the totals the last cost-basis run stored (ledger.models.day_totals) still hold the user's
    ledger: a run has finished and none is requested since. Every write of flows (imports, syncs, edits,
    deletes) requests a run in its own transaction, so until that run stores new totals the rows
    themselves are read."""
    status = await session.get(CostBasisStatus, user_id, populate_existing=True)
    return status is not None and status.state is None and status.compute_end_time is not None


class PortfolioScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    def _counted(self) -> list[Any]:
        return counted_flows(self.user_id)

    async def holdings(self, currency: str, today: date) -> list[Holding]:
        """Positive holdings per asset, priced at `today`'s close and the day before's, largest first."""
        summed: Select[str, Decimal]
        current = await totals_current(self.session, self.user_id)
        if current:
            quantity = func.sum(AssetDayChange.change)
            summed = select(AssetDayChange.asset_id, quantity.label("quantity")).where(
                AssetDayChange.user_id == self.user_id
            )
        else:
            quantity = func.sum(signed_quantity())
            summed = (
                select(Flow.asset_id, quantity.label("quantity"))
                .join(Transaction, flow_of_transaction())
                .join(Asset, Asset.id == Flow.asset_id)
                .where(*self._counted())
            )
        held = (
            summed.group_by(summed.selected_columns[0])
            .having(quantity > 0)  # a negative balance (a deposit never imported) is not held
            .subquery()
        )
        lots: Any
        acquired: Any
        if current:  # the run's sums per acquisition day: a day's sum times its FX is its lots' sum
            lots, acquired = OpenLotDayTotal, OpenLotDayTotal.day
            only = [OpenLotDayTotal.user_id == self.user_id]
        else:
            lots = TaxLot
            acquired = cast(func.timezone("UTC", TaxLot.acquired_at), Date)
            only = [TaxLot.user_id == self.user_id, TaxLot.remaining > 0]
        basis = (
            select(
                lots.asset,
                func.sum(lots.remaining_cost_basis * usd_in(currency, acquired)).label("cost_basis"),
            )
            .where(*only)
            .group_by(lots.asset)
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

    async def value_history(self, currency: str, start: date, end: date) -> list[ValuePoint]:
        """The portfolio's value at each day's close from `start` to `end`: what was held at the end
        of the day (every flow up to it) times that day's price (the latest close on or before it), in
        `currency` at that day's FX.

        The database answers each asset's balance at `start` and its changes after; the closes are the
        process's (ledger.scope.price_series); the days are walked here. One SQL statement walking every
        asset's every day through window functions took half a second for a user's eight years; the
        walk is a few tens of thousands of exact multiplications."""
        days = [start + timedelta(days=offset) for offset in range((end - start).days + 1)]
        if not days:
            return []
        if await totals_current(self.session, self.user_id):
            stored = AssetDayChange
            found = (
                select(stored.asset_id, stored.day, stored.change)
                .where(stored.user_id == self.user_id, stored.day <= end)
                .subquery()
            )
        else:  # summed from the flows once (a CTE), for the two reads below
            day_of = cast(func.timezone("UTC", Transaction.timestamp), Date)
            found = asset_day_changes(self.user_id, day_of <= end).cte()
        # what came before `start` is its opening balance, summed here
        opening = select(
            found.c.asset_id, literal(start, Date).label("day"), func.sum(found.c.change).label("change")
        ).where(found.c.day < start)
        moved = union_all(
            opening.group_by(found.c.asset_id),
            select(found.c.asset_id, found.c.day, found.c.change).where(found.c.day >= start),
        ).subquery()
        # per asset: its USD series (None: USD itself), the days it changed and by how much
        moves: list[tuple[SeriesKey | None, Sequence[date], Sequence[Decimal]]] = []
        connection = await self.session.connection()  # Core rows: no ORM loading of thousands of days
        # a row per asset, its changes in two arrays: a row per change cost more to decode than to sum
        for symbol, kind, owner, changed_on, changes in await connection.execute(
            select(
                Asset.symbol,
                Asset.type,
                Asset.user_id,
                func.array_agg(moved.c.day),
                func.array_agg(moved.c.change),
            )
            .join(Asset, Asset.id == moved.c.asset_id)
            .group_by(Asset.id)
        ):
            if owner is not None:  # a user's own token has no close
                continue
            # USD is worth its quantity (None: no series); other money is priced by the USD-CUR close
            key = None if kind == CurrencyType.FIAT and symbol == USD else _usd_series(symbol, kind)
            moves.append((key, changed_on, changes))
        series = await PRICE_SERIES.read(self.session, [key for key, _, _ in moves if key is not None])
        count, origin = len(days), start.toordinal()
        ones: list[Decimal | None] = [Decimal(1)] * count
        with localcontext(EXACT):
            totals = [Decimal(0)] * count
            for key, changed_on, changes in moves:
                daily = ones if key is None else series[key].daily(start, count)
                # a day may have a change per account
                at_days = sorted(
                    (day.toordinal() - origin, change)
                    for day, change in zip(changed_on, changes, strict=True)
                )
                untils = [position for position, _ in at_days[1:]] + [count]
                held = Decimal(0)
                for (position, change), until in zip(at_days, untils, strict=True):
                    held += change
                    if held > 0 and position < until:
                        # the balance is constant until the next change: each day adds held × its close
                        totals[position:until] = [
                            total if close is None else total + held * close
                            for total, close in zip(
                                totals[position:until], daily[position:until], strict=True
                            )
                        ]
        if currency == USD:
            return [ValuePoint(day, total) for day, total in zip(days, totals, strict=True)]
        # usd_in on each day: 1 / the CUR-USD close, else the USD-CUR close
        inverse_key, direct_key = SeriesKey(currency, USD, inverse=True), SeriesKey(USD, currency)
        rates = await PRICE_SERIES.read(self.session, [inverse_key, direct_key])
        inverse, direct = rates[inverse_key].daily(start, count), rates[direct_key].daily(start, count)
        with localcontext(EXACT):
            points = []
            for day, total, per_dollar, per_unit in zip(days, totals, inverse, direct, strict=True):
                rate = per_unit if per_dollar is None else per_dollar
                points.append(ValuePoint(day, Decimal(0) if rate is None else total * rate))
            return points


def _usd_series(symbol: str, kind: CurrencyType) -> SeriesKey:
    """The USD price of a shared asset other than USD: a fiat's is 1 / its USD-CUR close."""
    return SeriesKey(USD, symbol, inverse=True) if kind == CurrencyType.FIAT else SeriesKey(symbol, USD)


def history_start(duration: PerformanceDuration, today: date, first_day: date | None) -> date:
    days = DURATION_DAYS[duration]
    if days is None:
        return first_day or today
    return today - timedelta(days=days)


def today_utc() -> date:
    return datetime.now(UTC).date()
