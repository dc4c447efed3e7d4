from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc


def test_fixture() -> None:
    parsed = parse_export("relai/Export-To-Ghostfolio__relai-export.csv")
    assert parsed.format_id == "relai"
    assert (parsed.types(), parsed.ignored, parsed.errors) == ({"BUY": 2, "SELL": 1}, [], [])
    sell, buy = parsed.transactions[:2]
    assert (sell.key, sell.timestamp) == (
        "39a4ed08-b7f2-4c5e-a1d3-f8e2c9b4a7d6",
        utc("2024-09-15T14:23:17+00:00"),
    )
    assert flows(sell) == [
        ("OUT", "BTC", Decimal("0.02847593"), False),
        ("IN", "CHF", Decimal("2629.45"), False),
    ]
    assert flows(buy) == [
        ("IN", "BTC", Decimal("0.00284516"), False),
        ("OUT", "CHF", Decimal("271.05"), False),
        ("OUT", "CHF", Decimal("2.45"), True),
    ]


def test_unknown_type_is_imported_for_review() -> None:
    header = (
        "Date,Transaction Type,BTC Amount,BTC Price,Currency Pair,Fiat Amount (excl. fees),Fiat Currency,"
    )
    header += "Fee,Fee Currency,Destination,Operation ID,Counterparty\n"
    parsed = parse_text(header + "2024-09-15T14:23:17Z,Gift,0.1,1,BTC/CHF,1,CHF,0,CHF,,x,\n")
    [gift] = parsed.transactions
    assert (parsed.errors, gift.type, gift.label, gift.review is not None) == ([], "RECEIVE", "Gift", True)
    assert flows(gift) == [("IN", "BTC", Decimal("0.1"), False)]
