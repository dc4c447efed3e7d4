from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc


def test_fixture() -> None:
    parsed = parse_export("bitcoin-tax/rotki__bitcoin_tax_trades.csv")
    assert parsed.format_id == "bitcoin-tax-trades"
    assert ([tx.type for tx in parsed.transactions], parsed.ignored, parsed.errors) == (
        ["BUY", "TRADE", "TRADE"],
        [],
        [],
    )
    buy, sell, swap = parsed.transactions
    assert (buy.key, buy.timestamp) == ("Coinbase Pro:256343", utc("2018-06-03T21:16:15+00:00"))
    # Total -1007.999993 EUR includes the 3.01495511 EUR fee
    assert flows(buy) == [
        ("IN", "BCH", Decimal("0.99735527"), False),
        ("OUT", "EUR", Decimal("1004.98503789"), False),
        ("OUT", "EUR", Decimal("3.01495511"), True),
    ]
    # Total 0.110778 BTC is what arrived after the 0.000222 BTC fee
    assert flows(sell) == [
        ("IN", "BTC", Decimal("0.111000"), False),
        ("OUT", "USDT", Decimal("713.952"), False),
        ("OUT", "BTC", Decimal("0.000222"), True),
    ]
    assert flows(swap) == [("IN", "BTC", Decimal("1.5"), False), ("OUT", "BCH", Decimal("1.5"), False)]
