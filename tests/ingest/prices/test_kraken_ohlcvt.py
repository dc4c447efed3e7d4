"""Kraken's OHLCVT files: each UTC day's last candle's close, at any interval; only USD pairs; a row
that is not OHLCVT refused with its line."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from ingest.prices.kraken_ohlcvt import daily_closes, pair_symbol
from ingest.prices.model import DailyClose, PriceProviderError


def at(text: str) -> int:
    return int(datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp())


def test_each_days_close_is_its_last_candles() -> None:
    lines = [
        f"{at('2025-03-01T00:00')},84000.1,84500,83900,84210.5,12.5,310\n",
        f"{at('2025-03-01T23:00')},85000,85100,84900,85012.25,3.1,44\n",
        f"{at('2025-03-01T12:00')},84600,84700,84500,84650,2.0,20\n",  # out of order: not the last
        "\n",
        f"{at('2025-03-02T00:00')},85012.25,86000,85000,85999.99999,9.75,120\n",
    ]
    assert daily_closes(lines, "XBTUSD") == [
        DailyClose("BTC", "USD", date(2025, 3, 1), Decimal("85012.25")),
        DailyClose("BTC", "USD", date(2025, 3, 2), Decimal("85999.99999")),
    ]


def test_pairs_are_named_as_kraken_names_them() -> None:
    assert [pair_symbol(pair) for pair in ("XBTUSD", "XXBTZUSD", "xdgusd", "ETHUSD", "SOLUSD")] == [
        "BTC",
        "BTC",
        "DOGE",
        "ETH",
        "SOL",
    ]
    with pytest.raises(PriceProviderError, match="not a USD pair"):
        pair_symbol("XBTEUR")


@pytest.mark.parametrize(
    "row",
    [
        "timestamp,open,high,low,close,volume,trades",
        "1740787200,1,2,3",
        "1740787200,1,2,0.5,-4,1,1",
        "x" * 300,
    ],
)
def test_a_row_that_is_not_ohlcvt_is_refused_with_its_line(row: str) -> None:
    with pytest.raises(PriceProviderError, match="line 2"):
        daily_closes([f"{at('2025-03-01T00:00')},1,1,1,1,1,1", row], "XBTUSD")
