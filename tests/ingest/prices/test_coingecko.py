"""CoinGecko's range made into daily closes at either granularity, in windows of a year; its market
data; a key sent as its header; 429 retried; what is outside the protocol refused."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import httpx
import pytest

from ingest.prices.coingecko import WINDOW_DAYS, CoinGecko, key_headers
from ingest.prices.http import Paced
from ingest.prices.model import DailyClose, PriceProviderError
from tests.fakes.price_providers import FakeCoinGecko, market_row
from tests.fakes.server import Fault

START = date(2023, 1, 1)
CLOSES = {START + timedelta(days=n): Decimal("20000.5") + n for n in range(800)}


@pytest.fixture
def fake() -> Iterator[FakeCoinGecko]:
    with FakeCoinGecko({("BTC", "USD"): CLOSES}, api_key="demo-key") as server:
        yield server


@pytest.fixture
async def gecko(fake: FakeCoinGecko) -> AsyncIterator[CoinGecko]:
    async with httpx.AsyncClient(headers=key_headers("demo-key")) as client:
        yield CoinGecko(Paced(client, fake.url, 0.0))


def expected(first: date, last: date) -> list[DailyClose]:
    return [DailyClose("BTC", "USD", day, CLOSES[day]) for day in sorted(CLOSES) if first <= day <= last]


async def test_a_short_range_of_hourly_points_gives_each_days_last_point(gecko: CoinGecko) -> None:
    first, last = date(2023, 3, 1), date(2023, 3, 10)
    assert await gecko.daily_closes("BTC", first, last) == expected(first, last)


async def test_a_long_range_of_daily_points_gives_each_day_its_next_midnights_point(gecko: CoinGecko) -> None:
    first, last = date(2023, 1, 1), date(2023, 9, 30)
    assert await gecko.daily_closes("BTC", first, last) == expected(first, last)


async def test_more_than_a_year_is_asked_in_windows_of_a_year(gecko: CoinGecko, fake: FakeCoinGecko) -> None:
    first, last = date(2023, 1, 1), date(2025, 3, 1)
    assert await gecko.daily_closes("BTC", first, last) == expected(first, last)
    spans = [int(asked.query["to"]) - int(asked.query["from"]) for asked in fake.asked]
    assert len(spans) == 3
    assert max(spans) == WINDOW_DAYS * 86_400
    assert datetime.fromtimestamp(int(fake.asked[0].query["from"]), UTC).date() == first


async def test_a_rate_limit_is_waited_out(gecko: CoinGecko, fake: FakeCoinGecko) -> None:
    fake.fail_next(Fault.RATE_LIMITED, Fault.RATE_LIMITED)
    first, last = date(2023, 3, 1), date(2023, 3, 3)
    assert await gecko.daily_closes("BTC", first, last) == expected(first, last)
    assert fake.requests == 3


async def test_a_malformed_answer_or_an_unknown_coin_is_refused(
    gecko: CoinGecko, fake: FakeCoinGecko
) -> None:
    fake.fail_next(Fault.MALFORMED)
    with pytest.raises(PriceProviderError):
        await gecko.daily_closes("BTC", date(2023, 3, 1), date(2023, 3, 3))
    with pytest.raises(PriceProviderError, match="no id for NOPE"):
        await gecko.daily_closes("NOPE", date(2023, 3, 1), date(2023, 3, 3))


async def test_a_request_without_the_key_is_refused(fake: FakeCoinGecko) -> None:
    async with httpx.AsyncClient() as client:
        with pytest.raises(PriceProviderError, match="401"):
            await CoinGecko(Paced(client, fake.url, 0.0)).daily_closes("BTC", START, START)


async def test_market_data_of_the_known_coins_in_one_request(gecko: CoinGecko, fake: FakeCoinGecko) -> None:
    fake.markets["bitcoin"] = market_row("bitcoin", "BTC", 96123.45, 1.9e12, 3.25e10)
    [quote] = await gecko.markets(["BTC", "NOPE"])
    assert (quote.symbol, quote.price, quote.market_cap, quote.volume_24h, quote.change_24h) == (
        "BTC",
        Decimal("96123.45"),
        Decimal("1.9E+12"),
        Decimal("3.25E+10"),
        Decimal("-1.25"),
    )
    assert quote.updated_at == datetime(2025, 2, 17, tzinfo=UTC)
    assert fake.asked[-1].query["ids"] == "bitcoin"
    assert await gecko.markets(["NOPE"]) == []
