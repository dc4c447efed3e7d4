"""What reading a workbook would cost, checked before the spreadsheet reader opens it.

calamine, the reader, holds a sheet whole: a cell for every position of the rectangle from A1 to the
last cell holding a value (32 bytes each, empty or not), and the text of every value. So a workbook
is refused when its data (an XLSX's parts once unzipped, an XLS file's bytes) passes the workbook
limit, or when a sheet spans more than MAX_SHEET_CELLS positions: a few kilobytes placing one value at
row 1,000,000, column 16,000 would otherwise ask for gigabytes. The spans come from the cell
references (XLSX, read a MiB at a time) or the cell records (XLS), never from a sheet held whole.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
from collections.abc import Iterator
from typing import IO, BinaryIO

import olefile

from ingest.files.unpack import CHUNK_BYTES, ZIP_MAGIC, UnreadableFile

# The default of CAIRN_MAX_WORKBOOK_BYTES. Measured (tests/ingest/test_large_workbooks.py): validating
# or parsing a workbook at either bound raises a process's peak memory by 107 to 231 MiB, well under
# the 512 MB a worker may spend on one upload.
MAX_WORKBOOK_BYTES = 100 * 1024 * 1024
MAX_SHEET_CELLS = 3_000_000

_TAG = re.compile(rb"<(row|c)\b([^>]*)>")
_ROW_NUMBER = re.compile(rb'\br="(\d{1,7})"')
_CELL_REF = re.compile(rb'\br="([A-Z]{1,3})(\d{1,7})"')

_BOF = 0x0809
_MULRK = 0x00BD
# XLS records of one cell holding a value, each starting with its row and column (BLANK holds none).
_VALUE_RECORDS = frozenset({0x0006, 0x00D6, 0x00FD, 0x0203, 0x0204, 0x0205, 0x027E})
_HEADER = struct.Struct("<HH")


def check_workbook(file: BinaryIO, max_bytes: int) -> None:
    """Refuse the workbook in `file` (XLSX or XLS, its size already within the upload limit) when
    reading it would hold more than `max_bytes` of data or a sheet of more than MAX_SHEET_CELLS;
    leaves the file at its start."""
    is_zip = file.read(len(ZIP_MAGIC)) == ZIP_MAGIC
    file.seek(0)
    if is_zip:
        with zipfile.ZipFile(file) as archive:
            _check_bytes(sum(entry.file_size for entry in archive.infolist()), max_bytes)
            spans = [_xml_span(archive, entry) for entry in archive.infolist()]
    else:
        size = file.seek(0, io.SEEK_END)
        file.seek(0)
        _check_bytes(size, max_bytes)
        spans = list(_xls_spans(file))
    file.seek(0)
    if any(rows * columns > MAX_SHEET_CELLS for rows, columns in spans):
        raise UnreadableFile(
            f"The workbook has a sheet spanning more than {MAX_SHEET_CELLS:,} cells (from A1 to its last "
            "filled cell), more than Cairn reads from a workbook; save the sheet as CSV and upload that "
            "instead."
        )


def _check_bytes(size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise UnreadableFile(
            f"Workbooks larger than {max_bytes // (1 << 20)} MiB once unzipped can't be imported in one "
            "piece; save the sheet as CSV and upload that instead."
        )


def _xml_span(archive: zipfile.ZipFile, entry: zipfile.ZipInfo) -> tuple[int, int]:
    """Rows and columns from A1 to the last cell holding a value, if the part is a worksheet (any part
    is scanned: which part is a sheet is the workbook's own say). Cells and rows without a reference
    follow the one before, as readers place them."""
    rows = columns = row = column = 0
    with archive.open(entry) as part:
        for chunk in _tag_chunks(part):
            for tag in _TAG.finditer(chunk):
                attributes = tag[2]
                if tag[1] == b"row":
                    number = _ROW_NUMBER.search(attributes)
                    row, column = (int(number[1]) if number else row + 1), 0
                    continue
                ref = _CELL_REF.search(attributes)
                if ref:
                    row, column = int(ref[2]), _column_number(ref[1])
                else:
                    column += 1
                if not attributes.endswith(b"/"):
                    rows, columns = max(rows, row), max(columns, column)
    return rows, columns


def _tag_chunks(part: IO[bytes]) -> Iterator[bytes]:
    """The part's bytes a MiB at a time, each chunk cut before its last "<" so no tag is split."""
    tail = b""
    while data := part.read(CHUNK_BYTES):
        chunk = tail + data
        cut = chunk.rfind(b"<")
        if cut <= 0:
            cut = len(chunk)
        tail = chunk[cut:]
        yield chunk[:cut]
    yield tail


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - 64
    return number


def _xls_spans(file: BinaryIO) -> Iterator[tuple[int, int]]:
    """Rows and columns from A1 to the last cell holding a value, for each sheet of an XLS workbook
    (each substream starts with a BOF record)."""
    try:
        with olefile.OleFileIO(file) as ole:
            name = "Workbook" if ole.exists("Workbook") else "Book"
            stream = ole.openstream(name).read()
    except OSError as exc:  # olefile raises OSError for every kind of corrupt container
        raise UnreadableFile(f"The spreadsheet cannot be read ({exc}).") from exc
    rows = columns = 0
    offset = 0
    while offset + _HEADER.size <= len(stream):
        kind, length = _HEADER.unpack_from(stream, offset)
        body = offset + _HEADER.size
        if body + length > len(stream):
            break
        if kind == _BOF:
            yield rows, columns
            rows = columns = 0
        elif (kind in _VALUE_RECORDS and length >= 4) or (kind == _MULRK and length >= 6):
            row, column = struct.unpack_from("<HH", stream, body)
            if kind == _MULRK:
                (column,) = struct.unpack_from("<H", stream, body + length - 2)
            rows, columns = max(rows, row + 1), max(columns, column + 1)
        offset = body + length
    yield rows, columns
