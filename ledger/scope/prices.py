"""The public price pages' reads of the daily price table (spec 001 §2 /prices, /coins, /price/{slug}):
every crypto asset's latest USD close with its change over one and seven days and the market data a
provider gave for it (the price fetch, ledger.writes.prices), and a coin's closes over one of the spec's
durations. Not per user; bounded by the table's few assets."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Asset, MarketData, Price
from ledger.scope.portfolio import USD, history_start
from vocabulary.enums import CurrencyType, PerformanceDuration

MAX_CHART_POINTS = 400  # closes of a long duration are thinned to about this many
CHANGE_PLACES = Decimal("0.0001")  # percent changes to four places


@dataclass(frozen=True, slots=True)
class Coin:
    symbol: str
    name: str
    rank: int | None

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class CoinQuote:
    coin: Coin
    day: date  # of the latest close
    price: Decimal
    change_24h: Decimal | None  # percent, against the close a day before; None without it
    change_7d: Decimal | None
    market_cap: Decimal | None = None  # USD, from a price provider; None when none gave it
    volume_24h: Decimal | None = None


@dataclass(frozen=True, slots=True)
class MarketNow:
    """A provider's latest market data of a coin."""

    price: Decimal  # USD, the provider's current price
    market_cap: Decimal | None
    volume_24h: Decimal | None
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class ClosePoint:
    day: date
    close: Decimal


@dataclass(frozen=True, slots=True)
class MarketFacts:
    first_day: date
    all_time_high: Decimal
    year_high: Decimal
    year_low: Decimal


def _percent(now: Decimal, then: Decimal | None) -> Decimal | None:
    if then is None or then == 0:
        return None
    return ((now - then) / then * 100).quantize(CHANGE_PLACES)


def _on_or_before(closes: dict[date, Decimal], day: date) -> Decimal | None:
    earlier = [found for found in closes if found <= day]
    return closes[max(earlier)] if earlier else None


class PriceTable:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def coins(self) -> list[Coin]:
        """The shared crypto assets the table prices in USD, by market-cap rank."""
        priced = select(Price.symbol).where(Price.quote == USD).distinct()
        rows = await self.session.execute(
            select(Asset.symbol, Asset.name, Asset.rank)
            .where(
                Asset.user_id.is_(None),
                Asset.type == CurrencyType.CRYPTO_CURRENCY,
                Asset.symbol.in_(priced),
            )
            .order_by(Asset.rank.asc().nulls_last(), Asset.symbol)
        )
        return [Coin(symbol, name, rank) for symbol, name, rank in rows]

    async def find(self, symbol_name_or_slug: str) -> Coin | None:
        wanted = symbol_name_or_slug.strip().lower()
        for coin in await self.coins():
            if wanted in (coin.symbol.lower(), coin.name.lower(), coin.slug):
                return coin
        return None

    async def quotes(self, coins: list[Coin]) -> list[CoinQuote]:
        """Each coin's latest close and its changes, in the order given; a coin without closes is left
        out. One query: the last eight days of each coin's closes."""
        if not coins:
            return []
        symbols = [coin.symbol for coin in coins]
        latest = (
            select(Price.symbol, func.max(Price.date).label("day"))
            .where(Price.quote == USD, Price.symbol.in_(symbols))
            .group_by(Price.symbol)
            .subquery()
        )
        rows = await self.session.execute(
            select(Price.symbol, Price.date, Price.close).join(
                latest,
                (Price.symbol == latest.c.symbol)
                & (Price.quote == USD)
                & (Price.date >= latest.c.day - timedelta(days=7)),
            )
        )
        closes: dict[str, dict[date, Decimal]] = {}
        for symbol, day, close in rows:
            closes.setdefault(symbol, {})[day] = close
        market = await self.market(symbols)
        quotes = []
        for coin in coins:
            found = closes.get(coin.symbol)
            if not found:
                continue
            day = max(found)
            price = found[day]
            now = market.get(coin.symbol)
            quotes.append(
                CoinQuote(
                    coin,
                    day,
                    price,
                    _percent(price, _on_or_before(found, day - timedelta(days=1))),
                    _percent(price, _on_or_before(found, day - timedelta(days=7))),
                    None if now is None else now.market_cap,
                    None if now is None else now.volume_24h,
                )
            )
        return quotes

    async def market(self, symbols: list[str]) -> dict[str, MarketNow]:
        rows = await self.session.execute(
            select(
                MarketData.symbol,
                MarketData.price,
                MarketData.market_cap,
                MarketData.volume_24h,
                MarketData.updated_at,
            ).where(MarketData.symbol.in_(symbols))
        )
        return {
            symbol: MarketNow(price, cap, volume, updated) for symbol, price, cap, volume, updated in rows
        }

    async def chart(self, symbol: str, duration: PerformanceDuration) -> list[ClosePoint]:
        """The coin's closes over the duration ending at its latest close, thinned to about
        MAX_CHART_POINTS (always keeping the latest)."""
        bounds = (
            await self.session.execute(
                select(func.min(Price.date), func.max(Price.date)).where(
                    Price.symbol == symbol, Price.quote == USD
                )
            )
        ).one()
        first_day, last_day = bounds
        if last_day is None:
            return []
        start = max(history_start(duration, last_day, first_day), first_day)
        rows = (
            await self.session.execute(
                select(Price.date, Price.close)
                .where(Price.symbol == symbol, Price.quote == USD, Price.date >= start)
                .order_by(Price.date)
            )
        ).all()
        step = max(1, -(-len(rows) // MAX_CHART_POINTS))
        kept = rows[::-1][::step][::-1]  # counted back from the latest close, so it stays
        return [ClosePoint(day, close) for day, close in kept]

    async def market_facts(self, symbol: str) -> MarketFacts | None:
        last_day = await self.session.scalar(
            select(func.max(Price.date)).where(Price.symbol == symbol, Price.quote == USD)
        )
        if last_day is None:
            return None
        in_year = Price.date > last_day - timedelta(days=365)
        first_day, high, year_high, year_low = (
            await self.session.execute(
                select(
                    func.min(Price.date),
                    func.max(Price.close),
                    func.max(Price.close).filter(in_year),
                    func.min(Price.close).filter(in_year),
                ).where(Price.symbol == symbol, Price.quote == USD)
            )
        ).one()
        return MarketFacts(first_day, high, year_high, year_low)
