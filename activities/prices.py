"""The price fetch (contracts.prices): asks the providers (ingest.prices) for the closes each priced asset
and FX pair lacks and for the coins' market data, and stores them (ledger.writes.prices).

Crypto closes come from CoinGecko for the coins it has an id for, else from CryptoCompare, which also
answers when CoinGecko fails for a coin and gives the FX pairs. A pair that every provider fails for
is named in the summary and asked again by the next fetch (its last close has not moved); only when
nothing at all could be fetched does the activity fail, to be retried."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

import httpx
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.heartbeat import heartbeating
from contracts.prices import FETCH_PRICES, PriceFetchInput, PriceFetchSummary
from ingest.prices import coingecko, cryptocompare
from ingest.prices.coingecko import CoinGecko
from ingest.prices.cryptocompare import CryptoCompare
from ingest.prices.http import Paced
from ingest.prices.model import DailyClose, MarketQuote, PriceProviderError
from ledger.infra.settings import Settings
from ledger.models import Asset, Price
from ledger.reference.seed import PriceRow
from ledger.writes.prices import MarketRow, Wanted, store_closes, store_market_data, wanted_closes
from ledger.writes.usd_values import USD
from vocabulary.enums import CurrencyType
from vocabulary.price_sources import COINGECKO, CRYPTOCOMPARE

PROVIDER_TIMEOUT = httpx.Timeout(30.0)


@dataclass
class Fetched:
    closes: dict[str, list[DailyClose]] = field(default_factory=dict)  # by the price source
    market: list[MarketQuote] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


class PriceActivities:
    def __init__(self, sessions: sessionmaker[Session], settings: Settings) -> None:
        self._sessions = sessions
        self._settings = settings

    @activity.defn(name=FETCH_PRICES)
    def fetch_prices(self, given: PriceFetchInput) -> PriceFetchSummary:
        last_day = (
            date.fromisoformat(given.last_day)
            if given.last_day
            else datetime.now(UTC).date() - timedelta(days=1)
        )
        with heartbeating():
            with self._sessions() as session:
                wanted = wanted_closes(session, last_day)
                coins = _priced_coins(session)
            fetched = asyncio.run(self._fetch(wanted, coins, last_day))
            if fetched.failed and not any(fetched.closes.values()) and not fetched.market:
                raise ApplicationError(f"no price provider answered: {'; '.join(fetched.failed[:5])}")
            with self._sessions.begin() as session:
                stored = sum(
                    store_closes(session, (_row(close, source) for close in closes))
                    for source, closes in fetched.closes.items()
                )
                market = store_market_data(session, [_market_row(quote) for quote in fetched.market])
        return PriceFetchSummary(closes=stored, market=market, failed=fetched.failed)

    async def _fetch(self, wanted: list[Wanted], coins: list[str], last_day: date) -> Fetched:
        settings = self._settings
        fetched = Fetched()
        async with (
            httpx.AsyncClient(
                timeout=PROVIDER_TIMEOUT, headers=coingecko.key_headers(settings.coingecko_api_key)
            ) as gecko_client,
            httpx.AsyncClient(
                timeout=PROVIDER_TIMEOUT, headers=cryptocompare.key_headers(settings.cryptocompare_api_key)
            ) as compare_client,
        ):
            paced = settings.price_rate_limits
            gecko = CoinGecko(
                Paced(gecko_client, settings.coingecko_url, coingecko.PACE_SECONDS if paced else 0.0)
            )
            compare = CryptoCompare(
                Paced(
                    compare_client, settings.cryptocompare_url, cryptocompare.PACE_SECONDS if paced else 0.0
                )
            )
            for pair in wanted:
                if not pair.is_fiat and pair.symbol in coingecko.COIN_IDS:
                    try:
                        closes = await gecko.daily_closes(pair.symbol, pair.start, last_day)
                        fetched.closes.setdefault(COINGECKO, []).extend(closes)
                        continue
                    except PriceProviderError as error:
                        activity.logger.warning("CoinGecko %s: %s", pair.symbol, error)
                try:
                    closes = await compare.daily_closes(pair.symbol, pair.quote, pair.start, last_day)
                    fetched.closes.setdefault(CRYPTOCOMPARE, []).extend(closes)
                except PriceProviderError as error:
                    fetched.failed.append(f"{pair.symbol}/{pair.quote}: {error}")
            try:
                fetched.market = await gecko.markets(coins)
            except PriceProviderError as error:
                fetched.failed.append(f"market data: {error}")
        return fetched


def _priced_coins(session: Session) -> list[str]:
    """The shared crypto assets the price table prices in USD: the coins of the public price pages."""
    priced = select(Price.symbol).where(Price.quote == USD).distinct()
    return list(
        session.scalars(
            select(Asset.symbol)
            .where(
                Asset.user_id.is_(None),
                Asset.type == CurrencyType.CRYPTO_CURRENCY,
                Asset.symbol.in_(priced),
            )
            .distinct()
        )
    )


def _row(close: DailyClose, source: str) -> PriceRow:
    return PriceRow(close.symbol, close.quote, close.day, close.close, source)


def _market_row(quote: MarketQuote) -> MarketRow:
    return MarketRow(
        quote.symbol,
        quote.price,
        quote.market_cap,
        quote.volume_24h,
        quote.change_24h,
        quote.updated_at,
        COINGECKO,
    )
