"""Whole daily series of the price table's closes, kept by the process while the table is unchanged.

The home chart of a user with eight years of history needs every day's close of each asset held: tens of
thousands of rows, the same for every user, that took a third of the chart's time to read and decode on
each request. The table's statement trigger renews a token on every write to it (migration 0045); each
read asks for the token (one indexed row) and keeps what it reads under that token, so a close written,
corrected or deleted is seen by the next request after its commit.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple
from uuid import UUID

from sqlalchemy import func, literal, select, union_all
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Price, PriceTableVersion

MAX_SERIES = 512  # about 3,000 closes each for a price of eight years: tens of MB at most


class SeriesKey(NamedTuple):
    """A pair's closes (`symbol` priced in `quote`), or their inverses: `quote` priced in `symbol`."""

    symbol: str
    quote: str
    inverse: bool = False


class Series:
    """A price's closes by day, ascending (None: a close of zero inverted)."""

    __slots__ = ("ordinals", "prices", "runs")

    def __init__(self, dates: Sequence[date], prices: Sequence[Decimal | None]) -> None:
        self.ordinals = [day.toordinal() for day in dates]
        self.prices = list(prices)
        # where each run of closes on consecutive days starts: the table has a close most days, and a
        # run is copied into a chart's days whole
        self.runs = [0] + [
            at for at in range(1, len(self.ordinals)) if self.ordinals[at] != self.ordinals[at - 1] + 1
        ]

    def daily(self, start: date, count: int) -> list[Decimal | None]:
        """The latest close on or before each of the `count` days from `start`, None before the first."""
        origin = start.toordinal()
        first = bisect_left(self.ordinals, origin)
        past = bisect_left(self.ordinals, origin + count)
        carried = self.prices[first - 1] if first else None
        daily: list[Decimal | None] = []
        for run, run_end in zip(self.runs, [*self.runs[1:], len(self.ordinals)], strict=True):
            begin, stop = max(run, first), min(run_end, past)
            if begin >= stop:
                continue
            daily += [carried] * (self.ordinals[begin] - origin - len(daily))  # the days without a close
            daily += self.prices[begin:stop]
            carried = self.prices[stop - 1]
        return daily + [carried] * (count - len(daily))


class PriceSeries:
    """The process's series, for as long as the price table's token is the one they were read under."""

    def __init__(self, size: int = MAX_SERIES) -> None:
        self._size = size
        self._token: UUID | None = None
        self._series: OrderedDict[SeriesKey, Series] = OrderedDict()

    async def read(self, session: AsyncSession, keys: list[SeriesKey]) -> dict[SeriesKey, Series]:
        token = await session.scalar(select(PriceTableVersion.token))
        if token != self._token:
            self._token = token
            self._series.clear()
        found = {key: self._series[key] for key in keys if key in self._series}
        missing = [key for key in dict.fromkeys(keys) if key not in found]
        if missing:
            fetched = await _fetch(session, missing)
            found.update(fetched)
            # another request may have read a newer token meanwhile: what this one read stays its own
            if token == self._token:
                self._series.update(fetched)
        for key in found:
            if key in self._series:
                self._series.move_to_end(key)
        while len(self._series) > self._size:
            self._series.popitem(last=False)
        return found


async def _fetch(session: AsyncSession, keys: list[SeriesKey]) -> dict[SeriesKey, Series]:
    """The keys' whole series in one statement: a row per series, its closes as two arrays (a row per
    close cost more to decode)."""
    parts = []
    for index, key in enumerate(keys):
        # an inverse divided by the database, as every page that converts does
        price: Any = 1 / func.nullif(Price.close, 0) if key.inverse else Price.close
        parts.append(
            select(
                literal(index),
                func.array_agg(aggregate_order_by(Price.date, Price.date)),
                func.array_agg(aggregate_order_by(price, Price.date)),
            ).where(Price.symbol == key.symbol, Price.quote == key.quote)
        )
    fetched = {key: Series([], []) for key in keys}
    connection = await session.connection()
    for index, dates, prices in await connection.execute(union_all(*parts)):
        if dates is not None:
            fetched[keys[index]] = Series(dates, prices)
    return fetched


PRICE_SERIES = PriceSeries()
