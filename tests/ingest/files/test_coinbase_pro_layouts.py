"""Coinbase Pro's fills report: each fill keyed by its trade id, as the account statement keys it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import Parsed, flows, parse_bytes, parse_text, utc

FIXTURES = Path(__file__).parent / "fixtures"


def parse_fixture(name: str) -> Parsed:
    return parse_bytes((FIXTURES / name).read_bytes(), name)


def test_fills_report_splits_the_total_into_the_amount_paid_and_the_fee() -> None:
    parsed = parse_fixture("coinbase_pro_fills.csv")
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("coinbase-pro-fills", [], [])
    buy, sell = parsed.transactions
    assert (buy.key, buy.type, buy.timestamp) == (
        "trade-41219187",
        "BUY",
        utc("2021-03-04T09:12:30.123000+00:00"),
    )
    assert flows(buy) == [
        ("IN", "BTC", Decimal("0.015"), False),
        ("OUT", "EUR", Decimal("601.80825"), False),
        ("OUT", "EUR", Decimal("3.00904125"), True),
    ]
    assert (sell.key, sell.type, flows(sell)) == (
        "trade-2851033",
        "SELL",
        [
            ("OUT", "ETH", Decimal("0.25"), False),
            ("IN", "EUR", Decimal("312.5"), False),
            ("OUT", "EUR", Decimal("1.5625"), True),
        ],
    )
    assert [tx.key for tx in parse_fixture("coinbase_pro_fills.csv").transactions] == [buy.key, sell.key]


def test_a_fill_and_its_account_statement_rows_are_one_transaction() -> None:
    fill = parse_fixture("coinbase_pro_fills.csv").transactions[0]
    statement = parse_text(
        "Portfolio,Type,Timestamp,Amount,Balance,Amount/balance unit,Transfer id,Trade id,Order id\n"
        "default,match,2021-03-04T09:12:30.123Z,0.015,0.015,BTC,,41219187,o1\n"
        "default,match,2021-03-04T09:12:30.123Z,-601.80825,398.19175,EUR,,41219187,o1\n"
        "default,fee,2021-03-04T09:12:30.123Z,-3.00904125,395.18270875,EUR,,41219187,o1\n"
    )
    [trade] = statement.transactions
    assert (trade.key, trade.type, flows(trade)) == (fill.key, fill.type, flows(fill))


def test_a_side_coinbase_may_add_is_imported_for_review() -> None:
    parsed = parse_text(
        "trade id,product,side,created at,size,size unit,price,fee,total,price/fee/total unit\n"
        "7,BTC-USD,CONVERT,2021-03-04T09:12:30Z,1,BTC,100,0,-100,USD\n"
    )
    [review] = parsed.transactions
    assert (review.type, review.label, flows(review)) == (
        "BUY",
        "CONVERT",
        [("IN", "BTC", Decimal("1"), False), ("OUT", "USD", Decimal("100"), False)],
    )
    assert review.review is not None and "'CONVERT' was not recognised" in review.review
