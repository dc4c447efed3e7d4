"""CryptoCompare's daily history (`/data/v2/histoday`): a pair's candles ending at `toTs`, `limit` + 1
of them (at most 2,001), each stamped with its UTC day's 00:00 and carrying that day's close. A day
before the pair traded comes as a zero candle, which is no price and is left out. A refusal (a rate
limit, a bad key, an unknown pair) comes as `"Response": "Error"` with its `Message`."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from ingest.prices.http import Paced
from ingest.prices.model import DailyClose, PriceProviderError, decimal_of

MAX_LIMIT = 2000
PACE_SECONDS = 0.2  # well under the free plan's per-second limit


def key_headers(api_key: str) -> dict[str, str]:
    return {"authorization": f"Apikey {api_key}"} if api_key else {}


class CryptoCompare:
    def __init__(self, api: Paced) -> None:
        self._api = api

    async def daily_closes(self, symbol: str, quote: str, start: date, end: date) -> list[DailyClose]:
        """The pair's closes of the days from `start` to `end`, both included, oldest first."""
        closes: list[DailyClose] = []
        window_start = start
        while window_start <= end:
            window_end = min(end, window_start + timedelta(days=MAX_LIMIT))
            answer = await self._api.get(
                "/data/v2/histoday",
                {
                    "fsym": symbol,
                    "tsym": quote,
                    "limit": str((window_end - window_start).days),
                    "toTs": str(int(datetime.combine(window_end, time(), UTC).timestamp())),
                },
            )
            for candle in _candles(answer):
                day = datetime.fromtimestamp(int(candle["time"]), UTC).date()
                close = decimal_of(candle["close"])
                if window_start <= day <= window_end and close > 0:
                    closes.append(DailyClose(symbol, quote, day, close))
            window_start = window_end + timedelta(days=1)
        return closes


def _candles(answer: Any) -> list[dict[str, Any]]:
    if not isinstance(answer, dict):
        raise PriceProviderError("histoday: not an object")
    if answer.get("Response") == "Error":
        raise PriceProviderError(f"histoday: {answer.get('Message') or 'refused'}")
    data = answer.get("Data")
    candles = data.get("Data") if isinstance(data, dict) else None
    if not isinstance(candles, list) or not all(
        isinstance(c, dict) and isinstance(c.get("time"), int) and isinstance(c.get("close"), Decimal | int)
        for c in candles
    ):
        raise PriceProviderError("histoday: no Data.Data candles")
    return candles
