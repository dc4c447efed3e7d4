from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc


def test_fixture_in_satoshis() -> None:
    parsed = parse_export("bitmex/rotki__bitmex_wallet_history.csv")
    assert parsed.format_id == "bitmex"
    assert parsed.types() == {"MARGIN_PROFIT": 3, "MARGIN_LOSS": 4, "WITHDRAWAL": 1, "DEPOSIT": 1}
    assert ([item.row for item in parsed.ignored], parsed.errors) == ([10], [])  # canceled withdrawal
    withdrawal = parsed.at_row(2)
    assert withdrawal.timestamp == utc("2019-12-25T05:47:25+00:00")
    # -5746216 sat of balance change = 5646216 sent + 100000 fee
    assert flows(withdrawal) == [
        ("OUT", "BTC", Decimal("0.05646216"), False),
        ("OUT", "BTC", Decimal("0.001"), True),
    ]
    assert flows(parsed.at_row(1)) == [("IN", "BTC", Decimal("0.00085517"), False)]
    assert flows(parsed.at_row(5)) == [("OUT", "BTC", Decimal("0.00000075"), False)]


def test_unknown_type_is_imported_for_review() -> None:
    header = '"transactTime","transactType","amount","fee","address","transactStatus","walletBalance"\n'
    parsed = parse_text(header + '"12/25/2019, 7:00:00 AM","Bonus","5","0","","Completed","5"\n')
    [bonus] = parsed.transactions
    assert (parsed.errors, bonus.type, bonus.label) == ([], "RECEIVE", "Bonus")
    assert flows(bonus) == [("IN", "BTC", Decimal("0.00000005"), False)]
    assert bonus.review is not None and "'Bonus'" in bonus.review
