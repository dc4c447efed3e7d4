"""Kraken's downloadable OHLCVT files (one CSV per pair and interval, e.g. `XBTUSD_1440.csv`): rows of
`timestamp,open,high,low,close,volume,trades` without a header, the timestamp (Unix seconds) opening
the candle. A UTC day's close is the close of its last candle, whatever the interval; an interval
without trades has no row. Read a line at a time, keeping one close per day."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation

from ingest.prices.model import DailyClose, PriceProviderError

QUOTE = "USD"  # the price table keeps crypto closes in USD
# Kraken's own names of assets whose symbol elsewhere differs
KRAKEN_ASSETS = {"XBT": "BTC", "XDG": "DOGE"}
_PAIR = re.compile(r"^(?:X(?P<xbase>[A-Z0-9]{3})Z|(?P<base>[A-Z0-9]{2,10}?))(?:USD)$")
MAX_LINE_CHARS = 200


def pair_symbol(pair: str) -> str:
    """The asset a USD pair prices (XBTUSD, XXBTZUSD → BTC); any other pair raises PriceProviderError."""
    found = _PAIR.match(pair.strip().upper())
    if found is None:
        raise PriceProviderError(f"{pair}: not a USD pair (the price table keeps crypto in USD)")
    base = found["xbase"] or found["base"]
    return KRAKEN_ASSETS.get(base, base)


def daily_closes(lines: Iterable[str], pair: str) -> list[DailyClose]:
    """Each UTC day's close of the file's candles, oldest first. A row that is not seven fields of
    numbers raises PriceProviderError with its line number."""
    symbol = pair_symbol(pair)
    closes: dict[date, tuple[int, Decimal]] = {}  # day → (its latest candle's time, close)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        fields = line.strip().split(",")
        try:
            if len(line) > MAX_LINE_CHARS or len(fields) != 7:
                raise ValueError
            opened = int(fields[0])
            close = Decimal(fields[4])
        except (ValueError, InvalidOperation) as error:
            raise PriceProviderError(f"line {number}: not an OHLCVT row") from error
        if not close.is_finite() or close <= 0:
            raise PriceProviderError(f"line {number}: not a price: {fields[4]}")
        day = datetime.fromtimestamp(opened, UTC).date()
        if day not in closes or closes[day][0] <= opened:
            closes[day] = (opened, close)
    return [DailyClose(symbol, QUOTE, day, closes[day][1]) for day in sorted(closes)]
