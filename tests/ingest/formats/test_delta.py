from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc


def test_fixture_crypto_and_fiat_only() -> None:
    parsed = parse_export("delta/Export-To-Ghostfolio__delta-export.csv")
    assert parsed.format_id == "delta"
    assert parsed.types() == {"TRADE": 2, "WITHDRAWAL": 1, "STAKING_REWARD": 1, "FIAT_DEPOSIT": 1}
    assert ([item.row for item in parsed.ignored], parsed.errors) == ([5, 7], [])  # the AAPL stock rows
    buy = parsed.at_row(1)
    assert buy.timestamp == utc("2023-06-02T20:06:47+00:00")
    assert flows(buy) == [
        ("IN", "ETH", Decimal("10"), False),
        ("OUT", "BTC", Decimal("0.6"), False),
        ("OUT", "BNB", Decimal("0.1"), True),
    ]
    assert flows(parsed.at_row(2)) == [
        ("OUT", "SOL", Decimal("100"), False),
        ("IN", "ETH", Decimal("0.88"), False),
    ]
    assert flows(parsed.at_row(3)) == [
        ("OUT", "DOT", Decimal("0.1"), False),
        ("OUT", "DOT", Decimal("0.001"), True),
    ]
