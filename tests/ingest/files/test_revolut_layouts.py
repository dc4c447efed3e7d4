"""The crypto rows of a Revolut account statement: an exchange's two rows are one trade, crypto card
payments are sends, fiat-only and not-completed rows are ignored, an unknown type is imported for review."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from ingest.files.reader import read_sheet
from ingest.files.registry import detect
from tests.ingest.formats.fixtures import Parsed, flows, parse_bytes, parse_text, utc

FIXTURES = Path(__file__).parent / "fixtures"
NAME = "revolut_account_statement.csv"


def parse_fixture() -> Parsed:
    return parse_bytes((FIXTURES / NAME).read_bytes(), NAME)


def test_account_statement_pairs_exchange_rows_and_ignores_fiat_rows() -> None:
    parsed = parse_fixture()
    assert (parsed.format_id, parsed.errors) == ("revolut-statement", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (1, "the row moves EUR, no crypto"),
        (7, "the row moves EUR, no crypto"),
        (8, "the state is DECLINED, not COMPLETED"),
    ]
    buy, swap, coffee = parsed.transactions
    assert (buy.row, buy.type, buy.timestamp, flows(buy)) == (
        2,
        "BUY",
        utc("2024-02-02T10:15:30+00:00"),
        [
            ("OUT", "EUR", Decimal("100.00"), False),
            ("OUT", "EUR", Decimal("1.49"), True),
            ("IN", "BTC", Decimal("0.00250000"), False),
        ],
    )
    assert (swap.type, flows(swap)) == (
        "TRADE",
        [
            ("OUT", "BTC", Decimal("0.00100000"), False),
            ("OUT", "BTC", Decimal("0.00001500"), True),
            ("IN", "ETH", Decimal("0.01800000"), False),
        ],
    )
    assert (coffee.type, coffee.timestamp, flows(coffee)) == (
        "SEND",
        utc("2024-02-07T06:30:00+00:00"),  # the completed date
        [("OUT", "BTC", Decimal("0.00010000"), False)],
    )
    assert [tx.key for tx in parse_fixture().transactions] == [buy.key, swap.key, coffee.key]


def test_original_amount_values_a_card_payment_and_unknown_types_are_for_review() -> None:
    parsed = parse_text(
        "Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,Original Amount,"
        "Original Currency,State,Balance\n"
        "CARD_PAYMENT,Current,2022-04-02 17:22:50,2022-04-02 17:22:50,Shop,-123.45,0,DOGE,-32.10,SEK,"
        "COMPLETED,10\n"
        "MYSTERY_BONUS,Current,2022-04-03 10:00:00,2022-04-03 10:00:00,Bonus,5,0,DOGE,5,DOGE,COMPLETED,15\n"
        "EXCHANGE,Current,2022-04-04 10:00:00,2022-04-04 10:00:00,Exchanged to EUR,-15,0,DOGE,-15,DOGE,"
        "COMPLETED,0\n"
        "EXCHANGE,Current,2022-04-05 10:00:00,2022-04-05 10:00:00,Exchanged to USD,-20,0,EUR,-20,EUR,"
        "COMPLETED,0\n"
    )
    assert (parsed.format_id, parsed.errors) == ("revolut-statement", [])
    card, bonus, half = parsed.transactions
    assert (card.flows[0].value, card.flows[0].value_currency) == (Decimal("32.10"), "SEK")
    assert (bonus.type, bonus.label, flows(bonus)) == (
        "RECEIVE",
        "MYSTERY_BONUS",
        [("IN", "DOGE", Decimal("5"), False)],
    )
    assert bonus.review is not None and "'MYSTERY_BONUS' was not recognised" in bonus.review
    # An exchange row whose other side is not in the file is imported for review too.
    assert (half.type, half.label, half.review is not None) == ("SEND", "EXCHANGE", True)
    assert [(item.row, item.reason) for item in parsed.ignored] == [(4, "the row moves EUR, no crypto")]


def test_the_older_statement_with_fiat_amount_columns_is_not_claimed() -> None:
    text = (
        "Type,Product,Started Date,Completed Date,Description,Amount,Currency,Fiat amount,"
        "Fiat amount (inc. fees),Fee,Base currency,State,Balance\n"
        "EXCHANGE,Current,2018-06-12 14:16:32,2018-06-12 14:16:32,Exchanged to BTC,0.01713112,BTC,100,100,0,"
        "EUR,COMPLETED,0.01713112\n"
    )
    assert detect(read_sheet(text.encode(), "statement.csv")) is None
