from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc


def test_fixture() -> None:
    parsed = parse_export("shapeshift/rotki__shapeshift-trade-history.csv")
    assert parsed.format_id == "shapeshift"
    assert (
        [tx.type for tx in parsed.transactions],
        [item.row for item in parsed.ignored],
        parsed.errors,
    ) == (
        ["TRADE", "TRADE"],
        [2],  # returned: refunded
        [],
    )
    dai_to_dash = parsed.at_row(3)
    assert (dai_to_dash.key, dai_to_dash.timestamp) == (
        "cf333e89a424cbe46b34be2b",
        utc("2019-06-26T12:11:55.670+00:00"),
    )
    assert flows(dai_to_dash) == [
        ("IN", "DASH", Decimal("0.59620343"), False),  # received 0.59420343 after the 0.002 miner fee
        ("OUT", "DAI", Decimal("103.0142883"), False),
        ("OUT", "DASH", Decimal("0.002"), True),
    ]
