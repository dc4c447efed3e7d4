"""Prices (spec 001 §2 /prices, /coins/…, /price/{symbolNameOrSlug}; §7 prices, page, market info,
watchlist prices, the watchlist toggle and `{product}LiveCoinPrices`). Everything but the watchlist is
public, served on /public/graphql from the daily price table and the market data the price fetch
stores; the watchlist is the signed-in user's, on /graphql."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Annotated

import strawberry
from graphql import GraphQLError

from api.context import CairnInfo
from api.limits import MAX_SEARCH_CHARS, MAX_SLUG_CHARS
from api.pagination import check_offset
from api.public_context import PublicInfo
from api.schema.portfolio import PerformanceDuration  # the GraphQL enum is declared there
from api.string_bounds import max_length
from ledger.scope.prices import Coin, CoinQuote, MarketNow, PriceTable

MAX_LIVE_SYMBOLS = 50
COIN_NOT_FOUND = "coin_not_found"
COIN_NOT_FOUND_MESSAGE = "No coin has this symbol."
TOO_MANY_LIVE_SYMBOLS = f"Ask for at most {MAX_LIVE_SYMBOLS} symbols at once."


@strawberry.enum
class PriceRanking(Enum):
    MARKET_CAP = "MARKET_CAP"
    GAINERS_AND_LOSERS = "GAINERS_AND_LOSERS"  # by the 24 h change, highest first
    MOST_VOLATILE = "MOST_VOLATILE"  # by the size of the 7 d change, largest first
    TRADING_VOLUME = "TRADING_VOLUME"  # by the provider's 24 h volume, largest first; coins without last


@strawberry.type
class CoinPrice:
    symbol: str
    name: str
    slug: str
    rank: int | None
    day: date = strawberry.field(description="The day of the latest close.")
    price: Decimal = strawberry.field(description="The latest daily close, in USD.")
    change_24h: Decimal | None = strawberry.field(description="Percent, against the close a day before.")
    change_7d: Decimal | None = strawberry.field(description="Percent, against the close seven days before.")
    market_cap: Decimal | None = strawberry.field(description="USD, from a price provider; null without one.")
    volume_24h: Decimal | None = strawberry.field(description="USD traded in 24 h, from a price provider.")

    @classmethod
    def of(cls, quote: CoinQuote) -> CoinPrice:
        coin = quote.coin
        return cls(
            symbol=coin.symbol,
            name=coin.name,
            slug=coin.slug,
            rank=coin.rank,
            day=quote.day,
            price=quote.price,
            change_24h=quote.change_24h,
            change_7d=quote.change_7d,
            market_cap=quote.market_cap,
            volume_24h=quote.volume_24h,
        )


@strawberry.type
class CoinPrices:
    items: list[CoinPrice]
    total: int


@strawberry.type
class MarketInfo:
    first_day: date = strawberry.field(description="The first day the price table has a close.")
    all_time_high: Decimal
    year_high: Decimal = strawberry.field(description="The highest close of the last 365 days.")
    year_low: Decimal
    market_cap: Decimal | None = strawberry.field(description="USD, from a price provider; null without one.")
    volume_24h: Decimal | None
    market_updated_at: datetime | None = strawberry.field(description="When the provider's figures are of.")


@strawberry.type
class CoinPricePage:
    coin: CoinPrice
    market_info: MarketInfo


@strawberry.type
class PricePoint:
    day: date
    close: Decimal


@strawberry.enum
class LivePriceSource(Enum):
    PROVIDER = "PROVIDER"  # the price provider's current price, stored by the price fetch
    DAILY_CLOSE = "DAILY_CLOSE"  # the price table's latest close: no provider gave a current price


@strawberry.type
class LiveCoinPrice:
    symbol: str
    price: Decimal = strawberry.field(description="USD: the provider's current price, else the latest close.")
    day: date = strawberry.field(description="The day of the latest close.")
    source: LivePriceSource
    updated_at: datetime | None = strawberry.field(
        description="When the provider's price is of; null for a daily close."
    )


@strawberry.type
class WatchlistToggleResult:
    success: bool
    watched: bool
    error: str | None = None
    error_message: str | None = None


def _matching(coins: list[Coin], search: str) -> list[Coin]:
    wanted = search.strip().lower()
    if not wanted:
        return coins
    return [coin for coin in coins if wanted in coin.symbol.lower() or wanted in coin.name.lower()]


def _ranked(quotes: list[CoinQuote], ranking: PriceRanking) -> list[CoinQuote]:
    if ranking is PriceRanking.GAINERS_AND_LOSERS:
        return sorted(quotes, key=lambda quote: (quote.change_24h is None, -(quote.change_24h or 0)))
    if ranking is PriceRanking.MOST_VOLATILE:
        return sorted(quotes, key=lambda quote: -abs(quote.change_7d or Decimal(0)))
    if ranking is PriceRanking.TRADING_VOLUME:
        return sorted(quotes, key=lambda quote: (quote.volume_24h is None, -(quote.volume_24h or 0)))
    return quotes  # coins() lists by market-cap rank


async def _page(
    table: PriceTable, coins: list[Coin], ranking: PriceRanking, offset: int, limit: int
) -> CoinPrices:
    quotes = _ranked(await table.quotes(coins), ranking)
    return CoinPrices(
        items=[CoinPrice.of(quote) for quote in quotes[offset : offset + limit]], total=len(quotes)
    )


async def _coin_page(table: PriceTable, symbol_name_or_slug: str) -> CoinPricePage | None:
    coin = await table.find(symbol_name_or_slug)
    if coin is None:
        return None
    quotes = await table.quotes([coin])
    facts = await table.market_facts(coin.symbol)
    if not quotes or facts is None:
        return None
    now = (await table.market([coin.symbol])).get(coin.symbol)
    return CoinPricePage(
        coin=CoinPrice.of(quotes[0]),
        market_info=MarketInfo(
            first_day=facts.first_day,
            all_time_high=facts.all_time_high,
            year_high=facts.year_high,
            year_low=facts.year_low,
            market_cap=None if now is None else now.market_cap,
            volume_24h=None if now is None else now.volume_24h,
            market_updated_at=None if now is None else now.updated_at,
        ),
    )


def _live(quote: CoinQuote, now: MarketNow | None) -> LiveCoinPrice:
    if now is None:
        return LiveCoinPrice(
            symbol=quote.coin.symbol,
            price=quote.price,
            day=quote.day,
            source=LivePriceSource.DAILY_CLOSE,
            updated_at=None,
        )
    return LiveCoinPrice(
        symbol=quote.coin.symbol,
        price=now.price,
        day=quote.day,
        source=LivePriceSource.PROVIDER,
        updated_at=now.updated_at,
    )


@strawberry.type
class PricesPublicQuery:
    @strawberry.field(description="Coins of the price table with their latest close, ranked.")
    async def coin_prices(
        self,
        info: PublicInfo,
        ranking: PriceRanking = PriceRanking.MARKET_CAP,
        search: Annotated[str, max_length(MAX_SEARCH_CHARS)] = "",
        offset: int = 0,
        limit: int = 50,
    ) -> CoinPrices:
        check_offset(offset, limit)
        table = info.context.prices
        return await _page(table, _matching(await table.coins(), search), ranking, offset, limit)

    @strawberry.field(description="A coin's price page by its symbol, name or slug; null: no such coin.")
    async def coin_price_page(
        self, info: PublicInfo, symbol_name_or_slug: Annotated[str, max_length(MAX_SLUG_CHARS)]
    ) -> CoinPricePage | None:
        return await _coin_page(info.context.prices, symbol_name_or_slug)

    @strawberry.field(description="A coin's daily closes over the duration ending at its latest close.")
    async def coin_price_chart(
        self,
        info: PublicInfo,
        symbol_name_or_slug: Annotated[str, max_length(MAX_SLUG_CHARS)],
        duration: PerformanceDuration,
    ) -> list[PricePoint]:
        table = info.context.prices
        coin = await table.find(symbol_name_or_slug)
        if coin is None:
            return []
        return [
            PricePoint(day=point.day, close=point.close) for point in await table.chart(coin.symbol, duration)
        ]

    @strawberry.field(
        description="The current price of each symbol asked for that the table has: the provider's when "
        "the price fetch stored one, else the latest daily close."
    )
    async def live_coin_prices(
        self, info: PublicInfo, symbols: list[Annotated[str, max_length(MAX_SLUG_CHARS)]]
    ) -> list[LiveCoinPrice]:
        if len(symbols) > MAX_LIVE_SYMBOLS:
            raise GraphQLError(TOO_MANY_LIVE_SYMBOLS)
        table = info.context.prices
        wanted = {symbol.upper() for symbol in symbols}
        coins = [coin for coin in await table.coins() if coin.symbol in wanted]
        quotes = await table.quotes(coins)
        market = await table.market([quote.coin.symbol for quote in quotes])
        return [_live(quote, market.get(quote.coin.symbol)) for quote in quotes]


@strawberry.type
class WatchlistQuery:
    @strawberry.field(description="The signed-in user's watched coins with their latest close.")
    async def watchlist_prices(
        self,
        info: CairnInfo,
        search: Annotated[str, max_length(MAX_SEARCH_CHARS)] = "",
        offset: int = 0,
        limit: int = 50,
    ) -> CoinPrices:
        check_offset(offset, limit)
        table = PriceTable(info.context.session)
        watched = await info.context.scope.watchlist.symbols()
        coins = [coin for coin in await table.coins() if coin.symbol in watched]
        return await _page(table, _matching(coins, search), PriceRanking.MARKET_CAP, offset, limit)


@strawberry.type
class WatchlistMutation:
    @strawberry.mutation(description="Watches the coin, or stops watching it when it is watched.")
    async def toggle_watchlist(
        self, info: CairnInfo, symbol: Annotated[str, max_length(MAX_SLUG_CHARS)]
    ) -> WatchlistToggleResult:
        coin = await PriceTable(info.context.session).find(symbol)
        if coin is None or coin.symbol.lower() != symbol.strip().lower():
            return WatchlistToggleResult(
                success=False, watched=False, error=COIN_NOT_FOUND, error_message=COIN_NOT_FOUND_MESSAGE
            )
        watched = await info.context.scope.watchlist.toggle(coin.symbol)
        return WatchlistToggleResult(success=True, watched=watched)
