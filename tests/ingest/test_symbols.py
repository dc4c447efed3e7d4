"""Asset symbols read from files are plausible tickers, never spreadsheet formulas."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from ingest.files.check import inspect_file
from ingest.files.model import Flow, ParsedTransaction, RowError
from ingest.files.values import plausible_symbols
from vocabulary.enums import TransactionType
from vocabulary.symbols import SYMBOL_RULE, symbol_problem

HEADER = "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"


@pytest.mark.parametrize(
    "symbol",
    [
        "BTC",
        "USDC.E",
        "UNI-V2",
        "1000SATS",
        "ETH2.S",
        "$BAE",
        "ID:15347335",
        "YDAI+YUSDC+YUSDT+YTUSD",
        "OETH $500 CALL 11/20/20",
        "FINDTHERABBIT.ME",
        "037C4072A5ED06D30931BCD9E1D9BE75A557DDA7",
        "ÄPFEL",
        "狗狗币",
    ],
)
def test_real_tickers_are_plausible(symbol: str) -> None:
    assert symbol_problem(symbol) is None


@pytest.mark.parametrize(
    "symbol",
    [
        '=HYPERLINK("HTTP://X.TEST","CLICK")',
        "@SUM(A1)",
        "+1",
        "-5",
        "\tBTC",
        "\rBTC",
        "BTC,ETH",
        "A" * 41,
        "_X",
    ],
)
def test_formulas_and_junk_are_not(symbol: str) -> None:
    assert symbol_problem(symbol) == f"{symbol!r} is not an asset symbol ({SYMBOL_RULE})"


def test_a_formula_as_currency_is_a_row_error_naming_row_and_column() -> None:
    data = (
        HEADER + "2021-01-01,1,BTC,,,,,\n" + '2021-01-02,5,"=HYPERLINK(""http://x.test"",""click"")",,,,,\n'
    ).encode()
    report = inspect_file(data, "wallet.csv")
    assert not report.importable
    assert report.errors == [
        "Row 2, column Received Currency: "
        f'\'=HYPERLINK("HTTP://X.TEST","CLICK")\' is not an asset symbol ({SYMBOL_RULE})'
    ]


def test_every_format_refuses_them_whatever_way_it_reads_symbols() -> None:
    # Kraken's ledger reads its asset column directly; the registry's check catches it all the same.
    data = (
        b'"txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"\n'
        b'"L1","R1","2021-01-01 00:00:00","deposit","","currency","@SUM(A1)","1.0","0","1.0"\n'
    )
    report = inspect_file(data, "ledgers.csv")
    assert report.format_id == "kraken-ledgers"
    assert report.errors == [
        f"Row 1, column received currency: '@SUM(A1)' is not an asset symbol ({SYMBOL_RULE})"
    ]


def test_a_flows_value_currency_is_checked_too() -> None:
    def bought(value_currency: str) -> ParsedTransaction:
        flows = (Flow("IN", "BTC", Decimal(1), value=Decimal(5), value_currency=value_currency),)
        return ParsedTransaction("k", datetime(2021, 1, 1, tzinfo=UTC), TransactionType.BUY, flows, row=7)

    good, bad = bought("USD"), bought("-2+3")
    assert list(plausible_symbols([good, bad])) == [
        good,
        RowError(7, "value currency", f"'-2+3' is not an asset symbol ({SYMBOL_RULE})"),
    ]
