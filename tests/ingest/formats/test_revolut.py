from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc


def test_fixture_with_currency_suffixes_and_signs() -> None:
    parsed = parse_export("revolut/Export-To-Ghostfolio__revolut-crypto-export.csv")
    assert parsed.format_id == "revolut-crypto"
    assert parsed.types() == {"BUY": 6, "SELL": 1, "SEND": 1, "RECEIVE": 1, "STAKING_REWARD": 3}
    assert ([item.row for item in parsed.ignored], parsed.errors) == ([8], [])
    first = parsed.at_row(1)
    assert first.timestamp == utc("2020-05-05T22:10:57+00:00")
    assert flows(first) == [
        ("IN", "BTC", Decimal("0.00056077"), False),
        ("OUT", "SEK", Decimal("50.00"), False),
    ]
    euro = parsed.at_row(7)
    assert flows(euro) == [
        ("IN", "BTC", Decimal("0.00027963"), False),
        ("OUT", "EUR", Decimal("10.00"), False),
        ("OUT", "EUR", Decimal("0.24"), True),
    ]
    assert flows(parsed.at_row(13))[1] == ("OUT", "USD", Decimal("10.00"), False)
    assert flows(parsed.at_row(12)) == [("IN", "ETH", Decimal("0.0000478"), False)]


def test_money_without_currency_is_a_row_error() -> None:
    parsed = parse_text('Symbol,Type,Quantity,Price,Value,Fees,Date\nBTC,Buy,0.1,100,50.00,0,"May 5, 2020"\n')
    assert [(error.row, error.column) for error in parsed.errors] == [(1, "Value")]
