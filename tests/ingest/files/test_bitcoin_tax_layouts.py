"""Bitcoin.tax income and spending export: each row one receipt or send, valued at its Total."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import Parsed, flows, parse_bytes, parse_text, utc

FIXTURES = Path(__file__).parent / "fixtures"
NAME = "bitcoin_tax_income_spending.csv"
HEADER = (
    "Date,Action,Symbol,Account,Volume,Price,Currency,Fee,FeeCurrency,Total,Ref,Memo,Margin,MarginId,TxHash,"
    "Sender,Recipient\n"
)


def parse_fixture() -> Parsed:
    return parse_bytes((FIXTURES / NAME).read_bytes(), NAME)


def test_income_and_spending_rows_are_receipts_and_sends_with_their_value() -> None:
    parsed = parse_fixture()
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("bitcoin-tax-income-spending", [], [])
    income, mining, spend, gift = parsed.transactions
    assert (income.type, income.timestamp, income.description) == (
        "INCOME",
        utc("2023-01-15T12:00:00+00:00"),
        "Consulting invoice 7",
    )
    assert income.tx_hash == "1" * 64
    assert (income.flows[0].value, income.flows[0].value_currency) == (Decimal("42.00"), "USD")
    assert (mining.type, flows(mining)) == ("MINING_REWARD", [("IN", "ETH", Decimal("0.05"), False)])
    assert (spend.type, flows(spend)) == (
        "SEND",
        [("OUT", "BTC", Decimal("0.001"), False), ("OUT", "BTC", Decimal("0.00002"), True)],
    )
    assert (gift.type, flows(gift)) == ("GIFT_SENT", [("OUT", "ETH", Decimal("0.01"), False)])
    assert [tx.key for tx in parse_fixture().transactions] == [tx.key for tx in parsed.transactions]


def test_an_unknown_action_is_imported_for_review() -> None:
    parsed = parse_text(HEADER + "2023-05-01 00:00:00 +0000,AIRDROPPED,UNI,Wallet,400,,USD,,,,,,,,,,\n")
    assert parsed.format_id == "bitcoin-tax-income-spending"
    [review] = parsed.transactions
    assert (review.type, review.label, flows(review)) == (
        "RECEIVE",
        "AIRDROPPED",
        [("IN", "UNI", Decimal("400"), False)],
    )
    assert review.review is not None and "'AIRDROPPED' was not recognised" in review.review
