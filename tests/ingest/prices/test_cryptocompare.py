"""CryptoCompare's histoday made into daily closes: zero candles are no price, long ranges go in
windows of at most 2,000 days, refusals in the body are errors, and 429 is waited out."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import date, timedelta
from decimal import Decimal

import httpx
import pytest

from ingest.prices.cryptocompare import MAX_LIMIT, CryptoCompare, key_headers
from ingest.prices.http import Paced
from ingest.prices.model import DailyClose, PriceProviderError
from tests.fakes.price_providers import FakeCryptoCompare
from tests.fakes.server import Fault

FIRST_TRADED = date(2016, 1, 1)
CLOSES = {FIRST_TRADED + timedelta(days=n): Decimal("1.0842") + Decimal(n) / 10_000 for n in range(3000)}


@pytest.fixture
def fake() -> Iterator[FakeCryptoCompare]:
    with FakeCryptoCompare({("EUR", "USD"): CLOSES}, api_key="cc-key") as server:
        yield server


@pytest.fixture
async def compare(fake: FakeCryptoCompare) -> AsyncIterator[CryptoCompare]:
    async with httpx.AsyncClient(headers=key_headers("cc-key")) as client:
        yield CryptoCompare(Paced(client, fake.url, 0.0))


def expected(first: date, last: date) -> list[DailyClose]:
    return [DailyClose("EUR", "USD", day, CLOSES[day]) for day in sorted(CLOSES) if first <= day <= last]


async def test_days_before_the_pair_traded_are_left_out(compare: CryptoCompare) -> None:
    first, last = FIRST_TRADED - timedelta(days=20), FIRST_TRADED + timedelta(days=9)
    closes = await compare.daily_closes("EUR", "USD", first, last)
    assert closes == expected(first, last)
    assert closes[0].day == FIRST_TRADED


async def test_a_long_range_is_asked_in_windows(compare: CryptoCompare, fake: FakeCryptoCompare) -> None:
    first, last = FIRST_TRADED, FIRST_TRADED + timedelta(days=2999)
    assert await compare.daily_closes("EUR", "USD", first, last) == expected(first, last)
    assert [int(asked.query["limit"]) for asked in fake.asked] == [MAX_LIMIT, 2999 - MAX_LIMIT - 1]


async def test_a_refusal_in_the_body_is_an_error(compare: CryptoCompare) -> None:
    with pytest.raises(PriceProviderError, match="market does not exist"):
        await compare.daily_closes("NOPE", "USD", FIRST_TRADED, FIRST_TRADED)


async def test_a_bad_key_is_an_error_and_a_rate_limit_is_waited_out(
    compare: CryptoCompare, fake: FakeCryptoCompare
) -> None:
    fake.fail_next(Fault.RATE_LIMITED)
    day = FIRST_TRADED + timedelta(days=3)
    assert await compare.daily_closes("EUR", "USD", day, day) == expected(day, day)
    fake.fail_next(Fault.INVALID_KEY)
    with pytest.raises(PriceProviderError, match="valid auth key"):
        await compare.daily_closes("EUR", "USD", day, day)
