"""bitbank trade history (約定履歴) in its three header generations, keyed by 取引ID (trade id)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import Parsed, flows, parse_bytes, utc

FIXTURES = Path(__file__).parent / "fixtures"


def parse(name: str) -> Parsed:
    return parse_bytes((FIXTURES / name).read_bytes(), name)


def test_2018_layout_with_english_sides() -> None:
    parsed = parse("bitbank_trades_2018.csv")
    assert (parsed.format_id, parsed.errors, parsed.ignored) == ("bitbank-trades", [], [])
    buy, sell = parsed.transactions
    assert (buy.key, buy.type, buy.timestamp) == ("2213863", "BUY", utc("2018-01-17T16:44:50+00:00"))
    assert flows(buy) == [
        ("IN", "XRP", Decimal("7825.4208"), False),
        ("OUT", "JPY", Decimal("903836.102400"), False),
    ]
    assert (sell.key, sell.type) == ("2213900", "SELL")
    assert flows(sell) == [
        ("OUT", "XRP", Decimal("100"), False),
        ("IN", "JPY", Decimal("12012.500"), False),
        ("OUT", "JPY", Decimal("1.8019"), True),
    ]


def test_layout_with_order_type_and_crypto_quote() -> None:
    parsed = parse("bitbank_trades_type.csv")
    assert (parsed.format_id, parsed.errors, parsed.ignored) == ("bitbank-trades", [], [])
    buy, trade = parsed.transactions
    assert (buy.key, buy.type) == ("tx1", "BUY")
    assert flows(buy) == [("IN", "BTC", Decimal("0.03"), False), ("OUT", "JPY", Decimal("300000.00"), False)]
    assert (trade.key, trade.type) == ("tx2", "TRADE")
    assert flows(trade) == [
        ("OUT", "ETH", Decimal("0.5"), False),
        ("IN", "BTC", Decimal("0.01725"), False),
        ("OUT", "BTC", Decimal("0.00001725"), True),
    ]


def test_current_spot_layout_rebate_margin_unknown_side_and_repeat() -> None:
    parsed = parse("bitbank_spot_trades.csv")
    assert (parsed.format_id, parsed.errors) == ("bitbank-trades", [])
    assert [(item.row, "margin" in item.reason) for item in parsed.ignored] == [(3, True), (5, False)]
    buy, sell, review = parsed.transactions
    assert (buy.key, buy.review) == ("200", None)
    assert flows(buy) == [
        ("IN", "BTC", Decimal("0.1"), False),
        ("OUT", "JPY", Decimal("500000.0"), False),
        ("OUT", "JPY", Decimal("1000"), True),
    ]
    assert flows(sell) == [
        ("OUT", "BTC", Decimal("0.05"), False),
        ("IN", "JPY", Decimal("300000.00"), False),
        ("IN", "JPY", Decimal("60"), False),
    ]
    assert (review.key, review.type) == ("203", "BUY")
    assert review.review is not None and "'譲渡' was not recognised" in review.review
