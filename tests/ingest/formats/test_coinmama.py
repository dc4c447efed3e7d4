from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc


def test_fixture_with_split_dates_and_unfinished_orders() -> None:
    parsed = parse_export("coinmama/privatefolio__coinmama.csv")
    assert parsed.format_id == "coinmama"
    assert (len(parsed.transactions), [item.row for item in parsed.ignored], parsed.errors) == (
        2,
        [3, 4, 5],
        [],
    )
    first = parsed.transactions[0]
    assert (first.type, first.timestamp) == ("BUY", utc("2017-09-07T13:11:16+00:00"))
    assert flows(first) == [
        ("IN", "BTC", Decimal("0.036979259"), False),
        ("OUT", "EUR", Decimal("100.00"), False),
    ]
    assert (first.flows[0].value, first.flows[0].value_currency) == (Decimal("100.00"), "EUR")
    assert parsed.ignored[1].reason == "the order is Expired, not completed"
