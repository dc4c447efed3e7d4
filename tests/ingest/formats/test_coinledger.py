from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc


def test_fixture_rows_of_one_internal_id_make_one_transaction() -> None:
    parsed = parse_export("coinledger/rotki__coinledger_export.csv")
    assert parsed.format_id == "coinledger"
    assert (len(parsed.transactions), parsed.ignored, parsed.errors) == (
        26,
        [],
        [],
    )  # 27 rows, one fee row joined
    trade = parsed.at_row(6)
    assert (trade.key, trade.type, trade.timestamp) == (
        "4709588684",
        "TRADE",
        utc("2025-03-06T00:00:00+00:00"),
    )
    assert flows(trade) == [("IN", "TRX", Decimal("283.9"), False), ("OUT", "TRX", Decimal("0.14195"), True)]
    by_row = {tx.row: tx.type for tx in parsed.transactions}
    assert [by_row[row] for row in (3, 4, 13, 21, 22, 23, 24, 27)] == [
        "WITHDRAWAL",
        "DEPOSIT",
        "NETWORK_FEE",
        "LOST",
        "STOLEN",
        "SEND",
        "FORK",
        "MARGIN_LOSS",
    ]
    assert flows(parsed.at_row(13)) == [("OUT", "ETH", Decimal("0.002"), True)]


def test_unknown_record_type_is_a_row_error() -> None:
    header = "Timestamp (UTC),Type,Internal Id,Platform,Account Name,Platform Id,Blockchain Id,Record Type,"
    header += "Asset,Amount,Description\n"
    parsed = parse_text(header + "2025-08-06T07:16:26.000,Buy,1,Binance,Binance,,,Rebate,EUR,-15.6,\n")
    assert [(error.row, error.column) for error in parsed.errors] == [(1, "Record Type")]
