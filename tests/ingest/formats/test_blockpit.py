from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc


def test_fixture_semicolons_day_first_and_mangled_ids() -> None:
    parsed = parse_export("blockpit/rotki__blockpit_transactions.csv")
    assert parsed.format_id == "blockpit"
    assert (len(parsed.transactions), parsed.ignored, parsed.errors) == (17, [], [])
    assert parsed.types() == {
        "GIFT_SENT": 1,
        "REWARD": 1,
        "BUY": 1,
        "SELL": 1,
        "TRADE": 1,
        "WITHDRAWAL": 2,
        "DEPOSIT": 2,
        "FEE": 1,
        "FIAT_WITHDRAWAL": 2,
        "FIAT_DEPOSIT": 1,
        "MARGIN_LOSS": 1,
        "MARGIN_PROFIT": 1,
        "STAKING_REWARD": 1,
        "INTEREST": 1,
    }
    assert len({tx.key for tx in parsed.transactions}) == 17  # "1,55983E+14" repeats; keys do not
    buy = parsed.at_row(3)
    assert buy.timestamp == utc("2023-01-08T12:44:00+00:00")
    assert flows(buy) == [
        ("IN", "MATIC", Decimal("223.7"), False),
        ("OUT", "EUR", Decimal("168.69217"), False),
        ("OUT", "MATIC", Decimal("0.2237"), True),
    ]
    assert flows(parsed.at_row(7)) == [("OUT", "BNB", Decimal("0.00024391"), True)]
