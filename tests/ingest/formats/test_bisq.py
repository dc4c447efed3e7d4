from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc


def test_fixture() -> None:
    parsed = parse_export("bisq/rotki__bisq_trades.csv")
    assert parsed.format_id == "bisq"
    assert parsed.types() == {"SELL": 3, "BUY": 3, "TRADE": 3}
    assert ([item.row for item in parsed.ignored], parsed.errors) == ([6], [])  # canceled
    sell = parsed.at_row(2)
    assert (sell.key, sell.timestamp) == ("xxcz", utc("2021-03-10T10:16:00+00:00"))
    assert flows(sell) == [
        ("IN", "EUR", Decimal("505"), False),
        ("OUT", "BTC", Decimal("0.01"), False),
        ("OUT", "BTC", Decimal("0.0001"), True),
        ("OUT", "BSQ", Decimal("0.40"), True),
    ]
    assert flows(parsed.at_row(4))[:2] == [
        ("IN", "BSQ", Decimal("116.65"), False),
        ("OUT", "BTC", Decimal("0.0099"), False),
    ]
    assert flows(parsed.at_row(7))[:2] == [
        ("IN", "BTC", Decimal("0.30"), False),
        ("OUT", "DASH", Decimal("19.45685539"), False),
    ]
