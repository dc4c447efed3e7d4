"""Performance (spec 001 §2 /performance): over one of the spec's durations, the value at both ends,
net deposits, realized gains and income of the period, the unrealized gain now, per day and per
asset, in the base currency. Net deposits are defined in ledger/scope/performance.py."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal

import strawberry

from api.context import CairnInfo
from ledger.scope.performance import AssetResult, Moved
from ledger.scope.portfolio import Holding, history_start, today_utc
from vocabulary.enums import ASSET_ID_PREFIX, CurrencyType, PerformanceDuration

ZERO = Decimal(0)
FIAT = ASSET_ID_PREFIX[CurrencyType.FIAT]


@strawberry.type
class PerformancePoint:
    day: date
    value: Decimal = strawberry.field(description="The portfolio's value at the day's close.")
    net_deposits: Decimal = strawberry.field(description="Net deposits from the period's start to the day.")


@strawberry.type
class AssetPerformance:
    symbol: str
    name: str
    value: Decimal | None = strawberry.field(description="Held now, at the last close; None: no price.")
    unrealized_gain: Decimal | None = strawberry.field(description="Of the open lots, now; None for money.")
    realized_gain: Decimal = strawberry.field(description="Of the period's disposals.")
    income: Decimal
    net_deposits: Decimal


@strawberry.type
class Performance:
    duration: PerformanceDuration
    base_currency: str
    start: date = strawberry.field(description="The day whose close is the opening value.")
    end: date
    opening_value: Decimal
    closing_value: Decimal
    value_change: Decimal
    net_deposits: Decimal = strawberry.field(
        description="Fiat in less fiat out, plus crypto received less sent, at value; own transfers left out."
    )
    profit: Decimal = strawberry.field(description="The value change less net deposits.")
    realized_gain: Decimal
    unrealized_gain: Decimal
    income: Decimal
    points: list[PerformancePoint]
    assets: list[AssetPerformance]


def _by_symbol(results: list[AssetResult]) -> dict[str, Decimal]:
    return {result.symbol: result.amount for result in results}


def _assets(
    holdings: list[Holding], moved: list[Moved], realized: dict[str, Decimal], income: dict[str, Decimal]
) -> list[AssetPerformance]:
    deposits: dict[str, Decimal] = defaultdict(Decimal)
    for row in moved:
        deposits[row.symbol] += row.amount
    held: dict[str, list[Holding]] = defaultdict(list)
    for holding in holdings:
        held[holding.symbol].append(holding)
    symbols = set(held) | set(deposits) | set(realized) | set(income)

    def total(values: list[Decimal | None]) -> Decimal | None:
        known = [value for value in values if value is not None]
        return sum(known, ZERO) if known else None

    rows = []
    for symbol in symbols:
        mine = held.get(symbol, [])
        value = total([holding.value for holding in mine])
        # money held has no lots, so no unrealized gain (a gain in its exchange rate is not tracked)
        unrealized = total(
            [None if h.value is None or h.asset_id.startswith(FIAT) else h.value - h.cost_basis for h in mine]
        )
        rows.append(
            AssetPerformance(
                symbol=symbol,
                name=mine[0].name if mine else symbol,
                value=value,
                unrealized_gain=unrealized,
                realized_gain=realized.get(symbol, ZERO),
                income=income.get(symbol, ZERO),
                net_deposits=deposits.get(symbol, ZERO),
            )
        )
    return sorted(rows, key=lambda row: (-(row.value or ZERO), row.symbol))


@strawberry.type
class PerformanceQuery:
    @strawberry.field
    async def portfolio_performance(self, info: CairnInfo, duration: PerformanceDuration) -> Performance:
        """How the portfolio did over `duration`, in the base currency."""
        currency = info.context.user.base_currency
        scope = info.context.scope
        today = today_utc()
        first = await scope.portfolio.first_day()
        start = history_start(duration, today, first)
        if duration is PerformanceDuration.ALL_TIME:
            start -= timedelta(days=1)  # opens before the first transaction, at nothing held
        points = await scope.portfolio.value_history(currency, start, today)
        moved = await scope.performance.net_deposits(currency, start, today)
        realized = _by_symbol(await scope.performance.realized_gains(currency, start, today))
        income = _by_symbol(await scope.performance.income(currency, start, today))
        priced_on = min(today, await scope.portfolio.latest_close_day() or today)
        holdings = await scope.portfolio.holdings(currency, priced_on)

        per_day: dict[date, Decimal] = defaultdict(Decimal)
        for row in moved:
            per_day[row.day] += row.amount
        running = ZERO
        chart = []
        for point in points:
            running += per_day.get(point.day, ZERO)
            chart.append(PerformancePoint(day=point.day, value=point.value, net_deposits=running))
        opening = points[0].value if points else ZERO
        closing = points[-1].value if points else ZERO
        net = sum(per_day.values(), ZERO)
        assets = _assets(holdings, moved, realized, income)
        return Performance(
            duration=duration,
            base_currency=currency,
            start=start,
            end=today,
            opening_value=opening,
            closing_value=closing,
            value_change=closing - opening,
            net_deposits=net,
            profit=closing - opening - net,
            realized_gain=sum(realized.values(), ZERO),
            unrealized_gain=sum((row.unrealized_gain or ZERO for row in assets), ZERO),
            income=sum(income.values(), ZERO),
            points=chart,
            assets=assets,
        )
