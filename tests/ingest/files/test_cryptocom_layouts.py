"""The Crypto.com App's fiat wallet export: the crypto export's header (BittyTax/BittyTax
bittytax/conv/parsers/cryptocom.py @ e35e6a2), its viban_* kinds, and rows it repeats from the
crypto export keyed as there, so importing both files adds them once."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import flows, parse_bytes, parse_text, utc

FIXTURE = Path(__file__).parent / "fixtures" / "cryptocom_fiat_transactions_record.csv"


def test_fiat_wallet_export_reads_deposits_withdrawals_and_purchases() -> None:
    parsed = parse_bytes(FIXTURE.read_bytes(), FIXTURE.name)
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("cryptocom", [], [])
    deposit, purchase, withdrawal = parsed.transactions
    assert (deposit.type, deposit.timestamp, flows(deposit)) == (
        "FIAT_DEPOSIT",
        utc("2023-01-04T08:12:45+00:00"),
        [("IN", "EUR", Decimal("500.00"), False)],
    )
    assert (purchase.type, flows(purchase)) == (
        "BUY",
        [("OUT", "EUR", Decimal("100.00"), False), ("IN", "BTC", Decimal("0.00591234"), False)],
    )
    assert (withdrawal.type, flows(withdrawal)) == (
        "FIAT_WITHDRAWAL",
        [("OUT", "EUR", Decimal("150.00"), False)],
    )
    crypto_export = parse_text(
        FIXTURE.read_text().splitlines()[0] + "\n"
        "2023-01-05 10:03:17,EUR -> BTC,EUR,-100.00,BTC,0.00591234,EUR,100.00,106.82,viban_purchase,\n",
        "crypto_transactions_record.csv",
    )
    assert crypto_export.transactions[0].key == purchase.key


def test_a_card_top_up_leaves_the_fiat_wallet() -> None:
    parsed = parse_text(
        FIXTURE.read_text().splitlines()[0] + "\n"
        "2023-02-01 09:00:00,Card Top Up,EUR,-40.00,,,EUR,40.00,43.50,viban_card_top_up,\n",
        FIXTURE.name,
    )
    (top_up,) = parsed.transactions
    assert (top_up.type, flows(top_up)) == ("FIAT_WITHDRAWAL", [("OUT", "EUR", Decimal("40.00"), False)])


def test_card_export_ignores_fiat_card_rows_and_reviews_a_crypto_row_without_a_kind() -> None:
    card = FIXTURE.parent / "cryptocom_card_transactions_record.csv"
    parsed = parse_bytes(card.read_bytes(), card.name)
    assert (parsed.format_id, parsed.errors) == ("cryptocom", [])
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (1, "a card or fiat wallet row without a kind, in EUR: it moves no crypto"),
        (2, "a card or fiat wallet row without a kind, in EUR: it moves no crypto"),
    ]
    cashback, spent = parsed.transactions
    assert (cashback.type, flows(cashback)) == ("CASHBACK", [("IN", "CRO", Decimal("1.25"), False)])
    assert (spent.type, spent.label, flows(spent)) == (
        "SEND",
        "(empty)",
        [("OUT", "CRO", Decimal("12.50"), False)],
    )
    assert spent.review is not None and "'(empty)' was not recognised" in spent.review
    again = parse_bytes(card.read_bytes(), card.name)
    assert [tx.key for tx in again.transactions] == [cashback.key, spent.key]
