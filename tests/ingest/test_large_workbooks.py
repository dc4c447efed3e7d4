"""A workbook is read only within the bounds of `ingest/files/workbook_bounds.py`: one at the byte
limit validates and parses within the 512 MB a worker may spend on one upload (peak resident memory
of a process doing it), and one past the limit, or with a sheet spanning too many cells, is refused
before the reader opens it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import xlsxwriter
import xlwt

from ingest.files.check import inspect_file
from ingest.files.formats.generic import COLUMNS
from ingest.files.reader import UnreadableFile, read_sheet
from ingest.files.workbook_bounds import MAX_SHEET_CELLS, MAX_WORKBOOK_BYTES
from tests.ingest.memory import PEAK_MIB
from tests.ingest.workbook import xlsx_bytes

MAX_GROWTH_MIB = 512
ROWS_PER_BATCH = 10_000

_VALIDATE = (
    PEAK_MIB
    + """
import json, sys
from pathlib import Path
from ingest.files.check import inspect_file
before = peak_mib()
report = inspect_file(Path(sys.argv[1]), "large.xlsx")
growth = peak_mib() - before
print(json.dumps({"transactions": report.transactions, "errors": report.errors, "growth_mib": growth}))
"""
)
# Reads, parses and encodes the workbook as the import activity does, dropping each batch where the
# activity would COPY it.
_IMPORT = (
    PEAK_MIB
    + """
import json, sys
from pathlib import Path
from activities.csv_import import BATCH_SIZE, encoded_file
from activities.prefetch import prefetched
from ingest.files.check import open_file
from tests.ingest.memory import PEAK_MIB
before = peak_mib()
sheet, fmt = open_file(Path(sys.argv[1]), "large.xlsx")
transactions = sum(batch.size for batch in prefetched(encoded_file(sheet, fmt).batches(BATCH_SIZE)))
growth = peak_mib() - before
print(json.dumps({"transactions": transactions, "growth_mib": growth}))
"""
)


def write_generic_workbook(path: Path, rows: int) -> None:
    """A generic-columns XLSX of `rows` distinct rows, numbers as numbers (the most cells a byte),
    written in constant memory."""
    book = xlsxwriter.Workbook(str(path), {"constant_memory": True})
    sheet = book.add_worksheet()
    sheet.write_row(0, 0, COLUMNS)
    for index in range(rows):
        day = index // 1440
        when = f"{2015 + day // 336:04d}-{day // 28 % 12 + 1:02d}-{day % 28 + 1:02d} "
        when += f"{index // 60 % 24:02d}:{index % 60:02d}:00"
        quantity = (index * 7919 % 10**6 + 1) / 10**4
        if index % 2:
            sheet.write_row(index + 1, 0, [when, quantity, "SOL", None, None, None, None, "staking"])
        else:
            usd = (index * 104729 % 10**7 + 1) / 100
            sheet.write_row(index + 1, 0, [when, quantity, "BTC", usd, "USD", 1.5, "USD"])
    book.close()


def unpacked_size(path: Path) -> int:
    with zipfile.ZipFile(path) as archive:
        return sum(entry.file_size for entry in archive.infolist())


def _measure(script: str, path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def large_workbook(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A workbook just under the byte limit, its rows sized from a sample's bytes a row."""
    directory = tmp_path_factory.mktemp("workbooks")
    sample_rows = 20_000
    write_generic_workbook(directory / "sample.xlsx", sample_rows)
    per_row = unpacked_size(directory / "sample.xlsx") / sample_rows
    rows = int((MAX_WORKBOOK_BYTES - (3 << 20)) / per_row)  # later rows have longer references
    path = directory / "large.xlsx"
    write_generic_workbook(path, rows)
    assert MAX_WORKBOOK_BYTES - (4 << 20) < unpacked_size(path) <= MAX_WORKBOOK_BYTES
    return path, rows


def test_a_workbook_at_the_limit_validates_within_the_workers_memory(
    large_workbook: tuple[Path, int],
) -> None:
    path, rows = large_workbook
    measured = _measure(_VALIDATE, path)
    assert measured["errors"] == []
    assert measured["transactions"] == rows
    assert measured["growth_mib"] < MAX_GROWTH_MIB


def test_a_workbook_at_the_limit_parses_and_encodes_within_the_workers_memory(
    large_workbook: tuple[Path, int],
) -> None:
    path, rows = large_workbook
    measured = _measure(_IMPORT, path)
    assert measured["transactions"] == rows
    assert measured["growth_mib"] < MAX_GROWTH_MIB


def test_a_workbook_past_the_limit_is_refused_with_the_way_around() -> None:
    workbook = xlsx_bytes([COLUMNS, *(("2021-03-06 15:00:00", float(n), "BTC") for n in range(1, 20_000))])
    assert read_sheet(workbook, "fits.xlsx").header == COLUMNS
    with pytest.raises(UnreadableFile) as refused:
        read_sheet(workbook, "large.xlsx", max_workbook_bytes=1 << 20)
    assert str(refused.value) == (
        "Workbooks larger than 1 MiB once unzipped can't be imported in one piece; "
        "save the sheet as CSV and upload that instead."
    )


_TOO_WIDE = (
    f"The workbook has a sheet spanning more than {MAX_SHEET_CELLS:,} cells (from A1 to its last filled "
    "cell), more than Cairn reads from a workbook; save the sheet as CSV and upload that instead."
)


def _far_value_xlsx(row: int, cell: str) -> bytes:
    """A workbook of a header and one value at row `row`, written as `cell` (its reference or none)."""
    workbook = xlsx_bytes([COLUMNS])
    with zipfile.ZipFile(io.BytesIO(workbook)) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    far = f'<row r="{row}">{cell}</row></sheetData>'.encode()
    parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"].replace(b"</sheetData>", far)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_few_kilobytes_spanning_millions_of_cells_are_refused_before_reading() -> None:
    width = len(COLUMNS)  # the header's columns, A to H
    last_row = MAX_SHEET_CELLS // width
    fits = _far_value_xlsx(last_row, f'<c r="H{last_row}"><v>1</v></c>')
    assert read_sheet(fits, "fits.xlsx").header == COLUMNS
    for workbook in (
        _far_value_xlsx(last_row + 1, f'<c r="H{last_row + 1}"><v>1</v></c>'),
        _far_value_xlsx(last_row, f'<c r="I{last_row}"><v>1</v></c>'),
        # cells without a reference follow the one before: the ninth is in column I
        _far_value_xlsx(last_row, "<c><v>1</v></c>" * (width + 1)),
    ):
        assert len(workbook) < 4096
        with pytest.raises(UnreadableFile) as refused:
            read_sheet(workbook, "far.xlsx")
        assert str(refused.value) == _TOO_WIDE


def test_an_empty_formatted_cell_far_away_spans_nothing() -> None:
    workbook = _far_value_xlsx(1_000_000, '<c r="XFD1000000" s="1"/>')
    assert read_sheet(workbook, "formatted.xlsx").header == COLUMNS


def test_an_xls_spanning_millions_of_cells_is_refused_before_reading(tmp_path: Path) -> None:
    book = xlwt.Workbook()
    sheet = book.add_sheet("History")
    for column, name in enumerate(COLUMNS):
        sheet.write(0, column, name)
    sheet.write(65_535, 255, "x")  # XLS's last cell: 16.7 million positions
    book.save(str(tmp_path / "far.xls"))
    report = inspect_file(tmp_path / "far.xls", "far.xls")
    assert report.errors == [_TOO_WIDE]
