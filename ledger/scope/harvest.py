"""One user's tax-loss harvesting reads (spec 001 §2 /tax-loss-harvest): the open lots of the last
cost-basis run that stand at a loss, the purchases of the last 30 days and the units held, in the
user's base currency. The rules are ledger/scope/harvest_rules.py.

Values are USD in the tables: a lot's market value at the day's close in `currency`, its remaining
basis at the FX close of the day it was acquired (as the lots page shows them). Prices and rates are
looked up once per asset and once per acquisition day, not once per lot, and only losing lots leave
the database, largest loss first.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import Date, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import TaxLot
from ledger.scope.harvest_rules import WINDOW, OpenLot, Purchase
from ledger.scope.portfolio import USD, close_on, usd_in

# Losing lots read at most: the page shows the largest losses; a user with more sees the first ones.
MAX_CANDIDATES = 500


class HarvestScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def losing_lots(self, currency: str, day: date) -> list[OpenLot]:
        """Open lots whose market value at `day`'s close is below their remaining basis, the largest
        loss first. A lot of an asset without a close that day has no value, so no loss, and is left out."""
        open_lots = (TaxLot.user_id == self.user_id, TaxLot.remaining > 0)
        acquired = cast(func.timezone("UTC", TaxLot.acquired_at), Date)
        # materialized: inlined, PostgreSQL would look each price up again for every lot
        assets = select(TaxLot.asset).where(*open_lots).distinct().subquery()
        prices = (
            select(
                assets.c.asset, (close_on(assets.c.asset, USD, day) * usd_in(currency, day)).label("price")
            )
            .cte("lot_prices")
            .prefix_with("MATERIALIZED")
        )
        days = select(acquired.label("day")).where(*open_lots).distinct().subquery()
        rates = (
            select(days.c.day, usd_in(currency, days.c.day).label("rate"))
            .cte("lot_rates")
            .prefix_with("MATERIALIZED")
        )
        value = TaxLot.remaining * prices.c.price
        basis = TaxLot.remaining_cost_basis * rates.c.rate
        rows = await self.session.execute(
            select(TaxLot.lot_id, TaxLot.asset, acquired, TaxLot.remaining, basis, value)
            .join(prices, prices.c.asset == TaxLot.asset)
            .join(rates, rates.c.day == acquired)
            .where(*open_lots, value < basis)
            .order_by((value - basis).asc(), TaxLot.acquired_at, TaxLot.lot_id)
            .limit(MAX_CANDIDATES)
        )
        return [
            OpenLot(lot_id=lot_id, asset=asset, acquired=day_of, quantity=q, cost_basis=b, market_value=v)
            for lot_id, asset, day_of, q, b, v in rows
        ]

    async def recent_purchases(self, assets: list[str], day: date) -> list[Purchase]:
        """What was acquired of `assets` from 30 days before `day` to `day`: the lots the run opened
        for acquisitions and income (a transfer's piece is no purchase), sold since or not."""
        if not assets:
            return []
        acquired = cast(func.timezone("UTC", TaxLot.acquired_at), Date)
        rows = await self.session.execute(
            select(TaxLot.asset, acquired, TaxLot.quantity, TaxLot.lot_id)
            .where(
                TaxLot.user_id == self.user_id,
                TaxLot.asset.in_(assets),
                TaxLot.lot_id == TaxLot.origin_lot_id,
                acquired >= day - WINDOW,
                acquired <= day,
            )
            .order_by(TaxLot.acquired_at, TaxLot.lot_id)
        )
        return [Purchase(asset=a, day=d, quantity=q, lot_id=lot_id) for a, d, q, lot_id in rows]

    async def held(self, assets: list[str]) -> dict[str, Decimal]:
        """Units of each of `assets` in the open lots."""
        if not assets:
            return {}
        rows = await self.session.execute(
            select(TaxLot.asset, func.sum(TaxLot.remaining))
            .where(TaxLot.user_id == self.user_id, TaxLot.remaining > 0, TaxLot.asset.in_(assets))
            .group_by(TaxLot.asset)
        )
        return {asset: quantity for asset, quantity in rows}
