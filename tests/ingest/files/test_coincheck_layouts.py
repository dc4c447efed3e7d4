"""Coincheck's 業界標準フォーマット (standard format) trade history, Japanese headers, times in JST."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import flows, parse_bytes, utc

FIXTURE = Path(__file__).parent / "fixtures" / "coincheck_standard_trade_history.csv"


def test_standard_format_trades_and_a_send_for_review() -> None:
    parsed = parse_bytes(FIXTURE.read_bytes(), FIXTURE.name)
    assert (parsed.format_id, parsed.errors, parsed.ignored) == ("coincheck-standard", [], [])
    buy, sell, send, again = parsed.transactions
    assert (buy.type, buy.label, buy.timestamp) == ("BUY", "購入", utc("2025-01-10T01:00:00+00:00"))
    assert flows(buy) == [("IN", "BTC", Decimal("0.01"), False), ("OUT", "JPY", Decimal("150000"), False)]
    assert (sell.type, sell.description) == ("SELL", "メモ")
    assert flows(sell) == [
        ("IN", "JPY", Decimal("120000"), False),
        ("OUT", "ETH", Decimal("0.25"), False),
        ("OUT", "JPY", Decimal("60"), True),
    ]
    assert (send.type, send.label) == ("SEND", "暗号資産送付")
    assert send.review is not None and "'暗号資産送付' was not recognised" in send.review
    assert flows(send) == [("OUT", "BTC", Decimal("0.005"), False), ("OUT", "BTC", Decimal("0.0005"), True)]
    # two identical rows are two sends (no id column): the content key counts repeats
    assert len({buy.key, sell.key, send.key, again.key}) == 4
