"""The price table's closes as the home chart reads them (ledger.scope.price_series): each day's latest
close carried over the days without one, and the process's copy of a series kept only while the table's
token is the one it was read under: a close written, corrected or deleted shows on the next read after
its commit, and one rolled back never shows to anyone else."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import delete, insert, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ledger.models import Price
from ledger.scope.price_series import PriceSeries, Series, SeriesKey

ORIGIN = date(2024, 1, 1)
SYMBOL = "ZZSERIES"  # of this test only: the price table is shared
KEY = SeriesKey(SYMBOL, "USD")


def carried(closes: dict[date, Decimal | None], start: date, count: int) -> list[Decimal | None]:
    """Each day's latest close on or before it, one day at a time."""
    days = [start + timedelta(days=offset) for offset in range(count)]
    return [closes[max(known)] if (known := [d for d in closes if d <= day]) else None for day in days]


@given(
    offsets=st.sets(st.integers(0, 60), max_size=40),
    start=st.integers(-5, 70),
    count=st.integers(0, 30),
    zeros=st.sets(st.integers(0, 60)),
)
def test_each_day_carries_the_latest_close(
    offsets: set[int], start: int, count: int, zeros: set[int]
) -> None:
    closes: dict[date, Decimal | None] = {
        ORIGIN + timedelta(days=offset): None if offset in zeros else Decimal(offset) + Decimal("0.5")
        for offset in sorted(offsets)
    }
    series = Series(list(closes), list(closes.values()))
    first = ORIGIN + timedelta(days=start)
    assert series.daily(first, count) == carried(closes, first, count)


@pytest.fixture
def prices(db_session: Session) -> Iterator[Session]:
    db_session.execute(delete(Price).where(Price.symbol == SYMBOL))
    db_session.commit()
    yield db_session
    db_session.rollback()
    db_session.execute(delete(Price).where(Price.symbol == SYMBOL))
    db_session.commit()


def put(session: Session, day: date, close: str) -> None:
    session.execute(
        insert(Price).values(symbol=SYMBOL, quote="USD", date=day, close=Decimal(close), source="test")
    )


async def read(cache: PriceSeries, session: AsyncSession, key: SeriesKey = KEY) -> Series:
    found = (await cache.read(session, [key]))[key]
    await session.rollback()  # the next read is a new transaction, as the next request's
    return found


@pytest.mark.servers
async def test_a_series_is_kept_until_a_close_is_written(
    prices: Session, async_session: AsyncSession
) -> None:
    cache = PriceSeries()
    put(prices, ORIGIN, "10")
    put(prices, ORIGIN + timedelta(days=2), "12")
    prices.commit()
    first = await read(cache, async_session)
    assert first.daily(ORIGIN, 4) == [Decimal(10), Decimal(10), Decimal(12), Decimal(12)]
    assert await read(cache, async_session) is first  # nothing written: the process's copy

    put(prices, ORIGIN + timedelta(days=1), "11")
    prices.commit()
    assert (await read(cache, async_session)).daily(ORIGIN, 3) == [Decimal(10), Decimal(11), Decimal(12)]

    prices.execute(update(Price).where(Price.symbol == SYMBOL, Price.date == ORIGIN).values(close=Decimal(9)))
    prices.commit()
    assert (await read(cache, async_session)).daily(ORIGIN, 1) == [Decimal(9)]

    prices.execute(delete(Price).where(Price.symbol == SYMBOL, Price.date > ORIGIN))
    prices.commit()
    assert (await read(cache, async_session)).daily(ORIGIN, 3) == [Decimal(9)] * 3


@pytest.mark.servers
async def test_a_close_rolled_back_is_never_served(prices: Session, async_session: AsyncSession) -> None:
    cache = PriceSeries()
    put(prices, ORIGIN, "10")
    prices.commit()
    assert (await read(cache, async_session)).daily(ORIGIN, 2) == [Decimal(10)] * 2

    # the writer itself reads through the same process's copy before it rolls back
    writer = AsyncSession(bind=async_session.bind)
    async with writer:
        await writer.execute(
            insert(Price).values(
                symbol=SYMBOL, quote="USD", date=ORIGIN + timedelta(days=1), close=Decimal(77), source="test"
            )
        )
        assert (await cache.read(writer, [KEY]))[KEY].daily(ORIGIN, 2) == [Decimal(10), Decimal(77)]
        await writer.rollback()
    assert (await read(cache, async_session)).daily(ORIGIN, 2) == [Decimal(10)] * 2


@pytest.mark.servers
async def test_inverses_and_missing_series(prices: Session, async_session: AsyncSession) -> None:
    cache = PriceSeries(size=1)
    put(prices, ORIGIN, "4")
    put(prices, ORIGIN + timedelta(days=1), "0")
    prices.commit()
    inverse = await read(cache, async_session, SeriesKey(SYMBOL, "USD", inverse=True))
    assert inverse.daily(ORIGIN, 2) == [Decimal("0.25"), None]  # a close of zero has no inverse
    assert (await read(cache, async_session, SeriesKey("ZZNONE", "USD"))).daily(ORIGIN, 2) == [None, None]
    # one series kept (size=1): the inverse was read again, as a new copy
    assert await read(cache, async_session, SeriesKey(SYMBOL, "USD", inverse=True)) is not inverse
