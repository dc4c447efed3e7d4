"""CSV injection: text cells a spreadsheet would run as formulas are written inert, numbers as they are."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import polars as pl

from analytics.lots.c_core import csv_text, write_csv

FRAME = pl.DataFrame(
    {
        "asset": ['=HYPERLINK("http://x.test","click")', "@SUM(A1:A9)", "+1", "-BTC", "\tTAB", "\rCR", "BTC"],
        "gain": [
            Decimal("-5.5"),
            Decimal("1"),
            Decimal("-0.25"),
            Decimal("0"),
            Decimal("2"),
            Decimal("3"),
            None,
        ],
        "days": [-3, 1, 2, 3, 4, 5, 6],
    },
    schema={"asset": pl.String, "gain": pl.Decimal(38, 18), "days": pl.Int64},
)
EXPECTED = (
    "asset,gain,days\n"
    '"\'=HYPERLINK(""http://x.test"",""click"")",-5.5,-3\n'
    "'@SUM(A1:A9),1,1\n"
    "'+1,-0.25,2\n"
    "'-BTC,0,3\n"
    "'\tTAB,2,4\n"
    '"\'\rCR",3,5\n'
    "BTC,,6\n"
)


def test_polars_writer_neutralises_formulas_and_keeps_numbers() -> None:
    buffer = io.BytesIO()
    csv_text(FRAME).write_csv(buffer, include_header=True)
    assert buffer.getvalue().decode() == EXPECTED


def test_c_writer_neutralises_formulas_and_keeps_numbers(tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    with open(path, "wb") as file:
        write_csv(FRAME, file, include_header=True)
    assert path.read_bytes().decode() == EXPECTED
