"""What the price providers answer, in the price table's terms."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal


class PriceProviderError(Exception):
    """A provider failed to answer, refused (rate limit, key), or answered outside its protocol."""


@dataclass(frozen=True, slots=True)
class DailyClose:
    symbol: str
    quote: str
    day: date  # UTC
    close: Decimal


@dataclass(frozen=True, slots=True)
class MarketQuote:
    """A coin's market data now, in USD; a figure the provider does not give is None."""

    symbol: str
    price: Decimal
    market_cap: Decimal | None
    volume_24h: Decimal | None
    change_24h: Decimal | None  # percent
    updated_at: datetime


def decimal_of(number: object) -> Decimal:
    """A JSON number as the exact decimal it was written as (read with parse_float=Decimal), or an
    integer; anything else is outside the protocol."""
    if isinstance(number, bool) or not isinstance(number, Decimal | int):
        raise PriceProviderError(f"not a number: {number!r}")
    return Decimal(number)
