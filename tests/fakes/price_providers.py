"""Price providers over closes the test gives: CoinGecko's API v3 (`/coins/{id}/market_chart/range`,
`/coins/markets`) and CryptoCompare's `/data/v2/histoday`, in their shapes, numbers as JSON floats as
theirs are.

CoinGecko's range answers hourly points for a range of up to 90 days (the day's close at 23:00, a
point that is not the close before it) and daily points at 00:00 beyond (each the close of the day
before); `/coins/markets` answers the rows given to `markets`. CryptoCompare answers `limit` + 1 daily
candles ending at `toTs`, a zero candle for a day without a close, and its `"Response": "Error"` for a
pair it has no closes of. Both refuse a request without the key they were made with, if any.
`restore_price_table` puts the shared price table back as shipped after a test stored closes.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Engine, delete
from sqlalchemy.orm import Session

from ingest.prices.coingecko import COIN_IDS
from ledger.models import MarketData, Price
from ledger.reference.seed import bundled_prices, seed_prices
from tests.fakes.server import Answer, FakeExchange, Request
from vocabulary.price_sources import BUNDLED_PRICE_SOURCE

Closes = Mapping[tuple[str, str], Mapping[date, Decimal]]  # (symbol, quote) → day → close
HOURLY_UP_TO = timedelta(days=90)
RESTORED_SINCE = date(2024, 1, 1)  # the tests replace no bundled close before this day


def _day(seconds: int) -> date:
    return datetime.fromtimestamp(seconds, UTC).date()


def _midnight(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp())


class FakeCoinGecko(FakeExchange):
    def __init__(self, closes: Closes, api_key: str = "") -> None:
        super().__init__()
        self.closes = closes
        self.api_key = api_key
        self.markets: dict[str, dict[str, Any]] = {}  # CoinGecko id → its /coins/markets row
        self.asked: list[Request] = []

    def invalid_key(self) -> Answer:
        return Answer(401, {"status": {"error_code": 10002, "error_message": "API Key Missing"}})

    def answer(self, request: Request) -> Answer:
        self.asked.append(request)
        if self.api_key and request.headers.get("x-cg-demo-api-key") != self.api_key:
            return self.invalid_key()
        if request.path == "/coins/markets":
            wanted = request.query.get("ids", "").split(",")
            return Answer(200, [self.markets[coin] for coin in wanted if coin in self.markets])
        parts = request.path.strip("/").split("/")
        if len(parts) == 4 and parts[0] == "coins" and parts[2:] == ["market_chart", "range"]:
            return self._range(parts[1], request.query)
        return Answer(404, {"error": "Not found"})

    def _range(self, coin_id: str, query: Mapping[str, str]) -> Answer:
        symbols = [symbol for symbol, known in COIN_IDS.items() if known == coin_id]
        if not symbols or query.get("vs_currency") != "usd":
            return Answer(404, {"error": "coin not found"})
        start, end = int(query["from"]), int(query["to"])
        closes = self.closes.get((symbols[0], "USD"), {})
        points: list[list[float]] = []
        if end - start <= HOURLY_UP_TO.total_seconds():
            for day in sorted(closes):
                close = float(closes[day])
                for hour, price in ((1, close * 0.97), (12, close * 1.02), (23, close)):
                    at = _midnight(day) + hour * 3600
                    if start <= at <= end:
                        points.append([at * 1000, price])
        else:
            for day in sorted(closes):
                at = _midnight(day + timedelta(days=1))
                if start <= at <= end:
                    points.append([at * 1000, float(closes[day])])
        return Answer(
            200,
            {
                "prices": points,
                "market_caps": [[at, price * 19_000_000] for at, price in points],
                "total_volumes": [[at, price * 400_000] for at, price in points],
            },
        )


class FakeCryptoCompare(FakeExchange):
    def __init__(self, closes: Closes, api_key: str = "") -> None:
        super().__init__()
        self.closes = closes
        self.api_key = api_key
        self.asked: list[Request] = []

    def invalid_key(self) -> Answer:
        return Answer(200, {"Response": "Error", "Message": "You need a valid auth key.", "Type": 1})

    def answer(self, request: Request) -> Answer:
        self.asked.append(request)
        if self.api_key and request.headers.get("authorization") != f"Apikey {self.api_key}":
            return self.invalid_key()
        if request.path != "/data/v2/histoday":
            return Answer(404, {"Response": "Error", "Message": "Path does not exist", "Type": 1})
        pair = (request.query.get("fsym", ""), request.query.get("tsym", ""))
        limit = int(request.query.get("limit", "30"))
        if limit > 2000:
            return Answer(200, {"Response": "Error", "Message": "limit param is not valid", "Type": 2})
        closes = self.closes.get(pair)
        if not closes:
            message = f"cccagg_or_exchange market does not exist for this coin pair ({pair[0]}-{pair[1]})"
            return Answer(200, {"Response": "Error", "Message": message, "Type": 2, "Data": {}})
        last = _day(int(request.query["toTs"]))
        days = [last - timedelta(days=back) for back in range(limit, -1, -1)]
        candles = [_candle(day, closes.get(day, Decimal(0))) for day in days]
        return Answer(
            200,
            {
                "Response": "Success",
                "Message": "",
                "HasWarning": False,
                "Type": 100,
                "RateLimit": {},
                "Data": {
                    "Aggregated": False,
                    "TimeFrom": _midnight(days[0]),
                    "TimeTo": _midnight(days[-1]),
                    "Data": candles,
                },
            },
        )


def _candle(day: date, close: Decimal) -> dict[str, Any]:
    price = float(close)
    return {
        "time": _midnight(day),
        "high": price,
        "low": price,
        "open": price,
        "volumefrom": 10.5 if price else 0,
        "volumeto": price * 10.5,
        "close": price,
        "conversionType": "direct",
        "conversionSymbol": "",
    }


def market_row(coin_id: str, symbol: str, price: float, market_cap: float, volume: float) -> dict[str, Any]:
    """A /coins/markets row with the fields Cairn reads and a few it does not."""
    return {
        "id": coin_id,
        "symbol": symbol.lower(),
        "name": coin_id.title(),
        "image": f"https://example.invalid/{coin_id}.png",
        "current_price": price,
        "market_cap": market_cap,
        "market_cap_rank": 1,
        "total_volume": volume,
        "high_24h": price * 1.01,
        "low_24h": price * 0.99,
        "price_change_percentage_24h": -1.25,
        "last_updated": "2025-02-17T00:00:00.000Z",
    }


def restore_price_table(engine: Engine) -> None:
    """The price table as Cairn ships it, and no market data: every provider's close deleted and the
    bundled closes a test's provider may have replaced (its last weeks) seeded again."""
    with Session(engine) as session, session.begin():
        session.execute(delete(Price).where(Price.source != BUNDLED_PRICE_SOURCE))
        session.execute(delete(MarketData))
        seed_prices(session, (row for row in bundled_prices() if row.date >= RESTORED_SINCE))
