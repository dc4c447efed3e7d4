from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc


def test_buys_fixture() -> None:
    parsed = parse_export("coincheck/dali-rp2__test_coincheck_buys.csv")
    assert parsed.format_id == "coincheck-buys"
    (buy,) = parsed.transactions
    assert (buy.type, buy.key, buy.timestamp) == ("BUY", "151515", utc("2022-04-20T16:20:00+00:00"))
    assert flows(buy) == [("IN", "BTC", Decimal("0.005"), False), ("OUT", "JPY", Decimal("10000"), False)]
    assert (buy.flows[0].value, buy.flows[0].value_currency) == (Decimal("10000"), "JPY")


def test_unfinished_purchase_is_ignored_and_bad_amount_is_an_error() -> None:
    parsed = parse_text(
        "ID,Amount,Price,Trading Currency,Original Currency,Progress,Time\n"
        "1,0.1,500,ETH,JPY,cancelled,2022-04-20 16:20:00 UTC\n"
        "2,abc,500,ETH,JPY,completed,2022-04-20 16:20:00 UTC\n"
    )
    assert [item.row for item in parsed.ignored] == [1]
    assert [(error.row, error.column) for error in parsed.errors] == [(2, "Amount")]
