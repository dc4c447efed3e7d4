"""CoinGecko's public API v3: a coin's USD prices over a range (`/coins/{id}/market_chart/range`,
answering `prices`, `market_caps` and `total_volumes` as [milliseconds, number] pairs) made into daily
closes, and the market data of several coins at once (`/coins/markets`).

The range answers five-minutely points within a day, hourly up to 90 days and daily (at 00:00 UTC)
beyond, so a day's close is its last point after 00:00 and up to the next 00:00 included, whatever the
granularity. A range is asked in windows of at most WINDOW_DAYS (the public plan's history is a year),
which also bounds every answer (about 8,760 points)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from ingest.prices.http import Paced
from ingest.prices.model import DailyClose, MarketQuote, PriceProviderError, decimal_of

USD = "USD"
WINDOW_DAYS = 365
MAX_MARKET_IDS = 250  # one page of /coins/markets
PACE_SECONDS = 2.0  # the public plan's 30 calls a minute
KEY_HEADER = "x-cg-demo-api-key"

# CoinGecko's id of each asset Cairn ships (ledger/reference/data/assets.json), by symbol.
COIN_IDS: Mapping[str, str] = {
    "BTC": "bitcoin",
    "ETH": "ethereum",
    "USDT": "tether",
    "BNB": "binancecoin",
    "SOL": "solana",
    "XRP": "ripple",
    "USDC": "usd-coin",
    "DOGE": "dogecoin",
    "ADA": "cardano",
    "AVAX": "avalanche-2",
    "LINK": "chainlink",
    "DOT": "polkadot",
    "LTC": "litecoin",
    "MATIC": "matic-network",
}


def key_headers(api_key: str) -> dict[str, str]:
    return {KEY_HEADER: api_key} if api_key else {}


def _midnight(day: date) -> int:
    return int(datetime.combine(day, time(), UTC).timestamp())


def _day_of(milliseconds: object) -> date:
    """The UTC day whose close a point at this time is: a point at 00:00 closes the day before."""
    if isinstance(milliseconds, bool) or not isinstance(milliseconds, int | Decimal):
        raise PriceProviderError(f"not a timestamp: {milliseconds!r}")
    return datetime.fromtimestamp((int(milliseconds) - 1) / 1000, UTC).date()


class CoinGecko:
    def __init__(self, api: Paced) -> None:
        self._api = api

    async def daily_closes(self, symbol: str, start: date, end: date) -> list[DailyClose]:
        """The coin's USD closes of the days from `start` to `end`, both included; a day without a point
        is left out. Raises PriceProviderError for a symbol without a CoinGecko id."""
        coin_id = COIN_IDS.get(symbol)
        if coin_id is None:
            raise PriceProviderError(f"CoinGecko has no id for {symbol}")
        closes: dict[date, DailyClose] = {}
        window_start = start
        while window_start <= end:
            window_end = min(end, window_start + timedelta(days=WINDOW_DAYS - 1))
            answer = await self._api.get(
                f"/coins/{coin_id}/market_chart/range",
                {
                    "vs_currency": "usd",
                    "from": str(_midnight(window_start)),
                    "to": str(_midnight(window_end + timedelta(days=1))),
                },
            )
            for point in _points(answer, "prices"):
                day = _day_of(point[0])
                if window_start <= day <= window_end:
                    closes[day] = DailyClose(symbol, USD, day, decimal_of(point[1]))  # later points win
            window_start = window_end + timedelta(days=1)
        return [closes[day] for day in sorted(closes)]

    async def markets(self, symbols: Iterable[str]) -> list[MarketQuote]:
        """The market data of those of `symbols` CoinGecko knows (at most MAX_MARKET_IDS)."""
        by_id = {COIN_IDS[symbol]: symbol for symbol in symbols if symbol in COIN_IDS}
        if not by_id:
            return []
        if len(by_id) > MAX_MARKET_IDS:
            raise PriceProviderError(f"at most {MAX_MARKET_IDS} coins a request")
        answer = await self._api.get(
            "/coins/markets",
            {"vs_currency": "usd", "ids": ",".join(sorted(by_id)), "per_page": str(MAX_MARKET_IDS)},
        )
        if not isinstance(answer, list):
            raise PriceProviderError("/coins/markets: not a list")
        return [_quote(by_id, row) for row in answer if isinstance(row, dict) and row.get("id") in by_id]


def _points(answer: Any, series: str) -> list[list[Any]]:
    points = answer.get(series) if isinstance(answer, dict) else None
    if not isinstance(points, list) or not all(isinstance(p, list) and len(p) == 2 for p in points):
        raise PriceProviderError(f"market_chart/range: no {series} series")
    return points


def _optional(row: Mapping[str, Any], field: str) -> Any:
    value = row.get(field)
    return None if value is None else decimal_of(value)


def _quote(by_id: Mapping[str, str], row: Mapping[str, Any]) -> MarketQuote:
    try:
        updated = datetime.fromisoformat(str(row["last_updated"]))
    except (KeyError, ValueError) as error:
        raise PriceProviderError(f"/coins/markets: bad last_updated in {row.get('id')}") from error
    return MarketQuote(
        symbol=by_id[row["id"]],
        price=decimal_of(row.get("current_price")),
        market_cap=_optional(row, "market_cap"),
        volume_24h=_optional(row, "total_volume"),
        change_24h=_optional(row, "price_change_percentage_24h"),
        updated_at=updated,
    )
