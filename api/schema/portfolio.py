"""The portfolio home (spec 001 §2 /home): holdings priced in the base currency, the 24 h change and
the value over time. Read through the request's scope; nothing here prices or sums rows itself
beyond adding up the holdings it shows."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import strawberry

from api.context import CairnInfo
from ledger.scope.portfolio import Holding as HoldingRow
from ledger.scope.portfolio import history_start, today_utc
from vocabulary.enums import PerformanceDuration

strawberry.enum(PerformanceDuration, name="PerformanceDuration")


@strawberry.type
class Holding:
    asset_id: strawberry.ID
    symbol: str
    name: str
    quantity: Decimal
    price: Decimal | None = strawberry.field(
        description="None: the price table has no close for it, nor has the user priced their own token."
    )
    value: Decimal | None
    cost_basis: Decimal = strawberry.field(description="Of the open lots of the last cost-basis run.")
    unrealized_gain: Decimal | None
    allocation: Decimal | None = strawberry.field(description="Share of the total value, 0 to 1.")

    @classmethod
    def of(cls, row: HoldingRow, total: Decimal) -> Holding:
        value = row.value
        return cls(
            asset_id=strawberry.ID(row.asset_id),
            symbol=row.symbol,
            name=row.name,
            quantity=row.quantity,
            price=row.price,
            value=value,
            cost_basis=row.cost_basis,
            unrealized_gain=None if value is None else value - row.cost_basis,
            allocation=None if value is None or total <= 0 else value / total,
        )


@strawberry.type
class PortfolioSummary:
    base_currency: str
    prices_as_of: date = strawberry.field(
        description="The day of the closes used: today, or the table's last."
    )
    total_value: Decimal
    change_24h: Decimal = strawberry.field(description="The value less the same holdings' a day before.")
    change_24h_ratio: Decimal | None
    holdings: list[Holding]


@strawberry.type(
    description="The value at each day's close, as two columns: values[i] is the value of days[i]. Columns"
    " rather than an object per day: graphql-core completes each object's fields one by one, a third of"
    " the all-time chart's time for eight years of days."
)
class PerformanceHistory:
    duration: PerformanceDuration
    base_currency: str
    days: list[date]
    values: list[Decimal]


@strawberry.type
class PortfolioQuery:
    @strawberry.field
    async def portfolio_summary(self, info: CairnInfo) -> PortfolioSummary:
        """What the user holds now, in their base currency, largest first."""
        currency = info.context.user.base_currency
        scope = info.context.scope.portfolio
        # valued at the last closes there are: a stale price table does not make a flat 24 h change
        priced_on = min(today_utc(), await scope.latest_close_day() or today_utc())
        rows = await scope.holdings(currency, priced_on)
        total = sum((row.value for row in rows if row.value is not None), Decimal(0))
        before = sum((row.value_day_before for row in rows if row.value_day_before is not None), Decimal(0))
        return PortfolioSummary(
            base_currency=currency,
            prices_as_of=priced_on,
            total_value=total,
            change_24h=total - before,
            change_24h_ratio=(total - before) / before if before > 0 else None,
            holdings=[Holding.of(row, total) for row in rows],
        )

    @strawberry.field
    async def performance_history(self, info: CairnInfo, duration: PerformanceDuration) -> PerformanceHistory:
        """The portfolio's value at each day's close over `duration`, in the base currency."""
        currency = info.context.user.base_currency
        scope = info.context.scope.portfolio
        today = today_utc()
        start = history_start(duration, today, await scope.first_day())
        points = await scope.value_history(currency, start, today)
        return PerformanceHistory(
            duration=duration,
            base_currency=currency,
            days=[point.day for point in points],
            values=[point.value for point in points],
        )
