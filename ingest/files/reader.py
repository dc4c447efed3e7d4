"""Turn uploaded bytes into a `Sheet`: decompress within bounds (`unpack`), decode, find the
delimiter and the header row.

CSV text is decoded a chunk at a time into a `TextSpool` (UTF-8 in a temporary file) that every
`rows()` call reads again, so rows stream in constant memory however large the file is and the whole
text is never one string. Spreadsheets (XLS, XLSX) are read with calamine and their cells rendered as
text, so every parser sees the same string cells whatever the container.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Iterator, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import BinaryIO

import charset_normalizer

from ingest.files.model import DelimitedText, Sheet
from ingest.files.spool import TextSpool
from ingest.files.unpack import (
    CHUNK_BYTES,
    MAX_UNPACKED_BYTES,
    OLE2_MAGIC,
    ZIP_MAGIC,
    UnreadableFile,
    unpacked,
)
from ingest.files.workbook_bounds import MAX_WORKBOOK_BYTES, check_workbook

__all__ = ["UnreadableFile", "read_sheet"]

DELIMITERS = (",", ";", "\t")
HEADER_SEARCH_LINES = 60
HEADER_SEARCH_CHARS = 256 * 1024
BINARY_SAMPLE_CHARS = 64 * 1024
# Legacy multi-byte encodings charset-normalizer recognises reliably; for single-byte guesses it
# confuses cp1252 with cp1250/cp775 on short files, so those fall back to cp1252 / latin-1.
MULTIBYTE_ENCODINGS = frozenset(
    {"cp932", "shift_jis", "euc_jp", "gb18030", "gbk", "gb2312", "big5", "euc_kr", "cp949", "cp950"}
)

_NEWLINE = re.compile(r"\r\n|\r|\n")
_DATA_LIKE = re.compile(r"^[-+(]?[$€£¥]?\s?\d")


def read_sheet(
    source: bytes | Path,
    filename: str,
    *,
    max_bytes: int = MAX_UNPACKED_BYTES,
    max_workbook_bytes: int = MAX_WORKBOOK_BYTES,
) -> Sheet:
    """Decode `source` (CSV/TSV text, possibly gzipped, or an XLS/XLSX workbook; its bytes or its
    path) into a `Sheet`, refusing anything larger than `max_bytes` once decompressed, and workbooks
    past `max_workbook_bytes` or too wide a sheet (`workbook_bounds`)."""
    with unpacked(source, max_bytes) as file:
        magic = file.read(len(OLE2_MAGIC))
        file.seek(0)
        if magic[: len(ZIP_MAGIC)] == ZIP_MAGIC or magic == OLE2_MAGIC:
            check_workbook(file, max_workbook_bytes)
            return _read_workbook(file.read(), filename)
        return _read_text(_decode(file), filename)


def _decode(file: BinaryIO) -> TextSpool:
    """The file's text, in the encoding its first bytes show, else UTF-8, else a legacy one."""
    head = file.read(BINARY_SAMPLE_CHARS)
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        encodings = ["utf-16"]
    elif head[:3] == b"\xef\xbb\xbf":
        encodings = ["utf-8-sig"]
    elif _looks_utf16le(head):
        encodings = ["utf-16-le"]
    else:
        encodings = ["utf-8", _legacy_encoding(head), "latin-1"]
    for encoding in encodings:
        try:
            return _spooled(file, encoding)
        except UnicodeDecodeError as exc:
            if len(encodings) == 1:
                raise UnreadableFile(
                    f"The file is not valid {encoding.upper()} text ({exc.reason})."
                ) from exc
    raise AssertionError("latin-1 decodes every byte")


def _spooled(file: BinaryIO, encoding: str) -> TextSpool:
    """The file decoded a chunk at a time into a spool; raises UnicodeDecodeError on the first bad byte."""
    file.seek(0)
    decoder = codecs.getincrementaldecoder(encoding)()
    spool = TextSpool()
    sample = ""
    blank = True
    while True:
        chunk = file.read(CHUNK_BYTES)
        text = decoder.decode(chunk, final=not chunk)
        if len(sample) < BINARY_SAMPLE_CHARS:
            sample += text[: BINARY_SAMPLE_CHARS - len(sample)]
            if (len(sample) == BINARY_SAMPLE_CHARS or not chunk) and sample.strip() and _looks_binary(sample):
                raise UnreadableFile(_BINARY)
        blank = blank and not text.strip()
        # Some exports pad fixed-width codes with NUL (XRP currency codes); PostgreSQL text rejects NUL.
        spool.write(text.replace("\x00", "") if "\x00" in text else text)
        if not chunk:
            break
    if blank:
        raise UnreadableFile("The file is empty.")
    return spool


_BINARY = "The file is binary, not a CSV, XLS or XLSX table."


def _looks_binary(sample: str) -> bool:
    controls = sum(1 for char in sample if char < " " and char not in "\t\r\n\x00")
    return controls * 100 > len(sample) or sample.count("\x00") * 4 > len(sample)


def _looks_utf16le(data: bytes) -> bool:
    head = data[:1024]
    return len(head) >= 8 and head[1::2].count(0) > 0.9 * (len(head) // 2) and 0 not in head[0::2]


def _legacy_encoding(head: bytes) -> str:
    """A multi-byte encoding charset-normalizer recognises in the head, else cp1252 (latin-1 when even
    that fails to decode)."""
    best = charset_normalizer.from_bytes(head).best()
    if best is not None and best.encoding in MULTIBYTE_ENCODINGS:
        return best.encoding
    return "cp1252"


def _read_text(spool: TextSpool, filename: str) -> Sheet:
    with spool.reader() as reader:
        head = codecs.getincrementaldecoder("utf-8")().decode(reader.read(HEADER_SEARCH_CHARS))
    lines = _head_lines(head, whole=spool.size <= HEADER_SEARCH_CHARS)
    found = _find_header([(start, _best_split(line)) for start, _, line in lines])
    if found is None:
        raise UnreadableFile(_no_header_message(lines[0][2] if lines else ""))
    index, delimiter = found
    header = _split(lines[index][2], delimiter)
    preamble = tuple(line.strip() for _, _, line in lines[:index] if line.strip())
    data_start = len(head[: lines[index][1]].encode())

    def rows() -> Iterator[tuple[int, Sequence[str]]]:
        number = 0
        with spool.text(data_start) as stream:
            try:
                for record in csv.reader(stream, delimiter=delimiter):
                    cells = [cell.strip() for cell in record]
                    if any(cells):
                        number += 1
                        yield number, cells
            except csv.Error as exc:
                raise UnreadableFile(f"Row {number + 1}: the CSV is malformed ({exc}).") from exc

    return Sheet(
        header=tuple(header),
        rows=rows,
        filename=filename,
        preamble=preamble,
        source=DelimitedText(spool, data_start, delimiter),
    )


def _head_lines(head: str, *, whole: bool) -> list[tuple[int, int, str]]:
    """(start offset, offset after the line break, line) of the first lines of the text's `head`, for
    the header search; its last line without a break counts only when the head is the `whole` text."""
    lines: list[tuple[int, int, str]] = []
    start = 0
    for match in _NEWLINE.finditer(head):
        lines.append((start, match.end(), head[start : match.start()]))
        start = match.end()
        if len(lines) >= HEADER_SEARCH_LINES:
            return lines
    if start < len(head) and whole:
        lines.append((start, len(head), head[start:]))
    return lines


def _split(line: str, delimiter: str) -> list[str]:
    try:
        record = next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:
        record = line.split(delimiter)
    return [cell.strip() for cell in record]


def _best_split(line: str) -> tuple[str, list[str]]:
    """The delimiter that splits the line into the most non-empty cells (`,` wins ties)."""
    best = (DELIMITERS[0], _split(line, DELIMITERS[0]))
    for delimiter in DELIMITERS[1:]:
        cells = _split(line, delimiter)
        if _filled(cells) > _filled(best[1]):
            best = (delimiter, cells)
    return best


def _filled(cells: Sequence[str]) -> int:
    return sum(1 for cell in cells if cell)


def _looks_like_header(cells: Sequence[str]) -> bool:
    filled = [cell for cell in cells if cell]
    if len(filled) < 2:
        return False
    data_like = sum(1 for cell in filled if _DATA_LIKE.match(cell))
    return data_like * 4 <= len(filled)


def _find_header(candidates: Sequence[tuple[int, tuple[str, list[str]]]]) -> tuple[int, str] | None:
    """Index and delimiter of the header: the widest header-like line before the first data line.

    Preambles can hold short comma-separated lines ("User,name,id"), so the first header-like
    line is not enough; the data that follows the real header stops the search.
    """
    best: tuple[int, str, int] | None = None
    for index, (_, (delimiter, cells)) in enumerate(candidates):
        if _looks_like_header(cells):
            width = _filled(cells)
            if best is None or width > best[2]:
                best = (index, delimiter, width)
        elif best is not None and _filled(cells) >= 2:
            break
    return None if best is None else (best[0], best[1])


def _no_header_message(first_line: str) -> str:
    shown = first_line.strip()[:200]
    return (
        "No header row found: expected a line of column names (for example "
        f"Date,Received Quantity,Received Currency,...) near the top of the file; it starts with {shown!r}."
    )


def _read_workbook(data: bytes, filename: str) -> Sheet:
    import polars as pl

    try:
        frame = pl.read_excel(
            io.BytesIO(data),
            engine="calamine",
            has_header=False,
            infer_schema_length=0,
            drop_empty_rows=True,
            drop_empty_cols=False,
            raise_if_empty=True,
        )
    except Exception as exc:  # calamine raises its own error types for every kind of corrupt workbook
        raise UnreadableFile(f"The spreadsheet cannot be read ({type(exc).__name__}: {exc}).") from exc
    head = [_cells(row) for row in frame.head(HEADER_SEARCH_LINES).iter_rows()]
    found = _find_header([(index, (",", cells)) for index, cells in enumerate(head)])
    if found is None:
        raise UnreadableFile(_no_header_message(",".join(head[0]) if head else ""))
    index = found[0]
    preamble = tuple(",".join(cell for cell in cells if cell) for cells in head[:index] if any(cells))
    body = frame.slice(index + 1)

    def rows() -> Iterator[tuple[int, Sequence[str]]]:
        number = 0
        for row in body.iter_rows():
            cells = _cells(row)
            if any(cells):
                number += 1
                yield number, cells

    return Sheet(header=tuple(head[index]), rows=rows, filename=filename, preamble=preamble)


def _cells(row: tuple[object, ...]) -> list[str]:
    return [_cell_text(value) for value in row]


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return format(Decimal(repr(value)).normalize(), "f") if value == value else ""
    if isinstance(value, datetime | date | time):
        return value.isoformat(sep=" ") if isinstance(value, datetime) else value.isoformat()
    return str(value).strip()
