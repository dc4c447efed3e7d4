"""The one entry point for file imports: detect the format, parse, validate, report.

`inspect_file` is the validation the upload screen and `cairn import check` show;
`iter_transactions` streams the transactions of a file that passed it, for the import activity.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from ingest.files.model import (
    ColumnarFile,
    FileFormat,
    Ignored,
    IgnoredRows,
    ParsedTransaction,
    RowError,
    Sheet,
)
from ingest.files.reader import UnreadableFile, read_sheet
from ingest.files.registry import all_formats, detect
from ingest.files.unpack import MAX_UNPACKED_BYTES
from ingest.files.workbook_bounds import MAX_WORKBOOK_BYTES
from vocabulary.enums import ImportType

NOT_FOUND = "We haven't found the integration you're looking for. You can upload a CSV file instead."
GENERIC_HEADER = (
    "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag"
)


class UnrecognisedFile(ValueError):
    """No registered format recognises the file's header."""

    def __init__(self, header: tuple[str, ...]) -> None:
        self.header = header
        super().__init__(unrecognised_message(header))


class InvalidFile(ValueError):
    """The file has rows that cannot be read; nothing of it may be imported."""

    def __init__(self, error: RowError) -> None:
        self.error = error
        super().__init__(str(error))


def unrecognised_message(header: tuple[str, ...]) -> str:
    names = ", ".join(sorted({fmt.name for fmt in all_formats()}))
    shown = ",".join(header)[:300]
    return (
        f"{NOT_FOUND} The file's header line was not recognised: {shown!r}. "
        f"Supported formats: {names}. For any other source, use the generic CSV columns: {GENERIC_HEADER}."
    )


@dataclass(frozen=True, slots=True)
class FileReport:
    """What importing the file would do; `importable` is False when anything stops it."""

    format_id: str | None
    format_name: str | None
    transactions: int = 0
    ignored: IgnoredRows = field(default_factory=IgnoredRows)
    errors: list[str] = field(default_factory=list)
    assets: set[str] = field(default_factory=set)
    import_type: ImportType | None = None  # of the detected format

    @property
    def importable(self) -> bool:
        return self.format_id is not None and not self.errors


def open_file(
    source: bytes | Path,
    filename: str,
    *,
    max_bytes: int = MAX_UNPACKED_BYTES,
    max_workbook_bytes: int = MAX_WORKBOOK_BYTES,
) -> tuple[Sheet, FileFormat]:
    """Read (the file's bytes or its path, at most `max_bytes` decompressed, a workbook at most
    `max_workbook_bytes`) and detect; raises `UnreadableFile` or `UnrecognisedFile`."""
    sheet = read_sheet(source, filename, max_bytes=max_bytes, max_workbook_bytes=max_workbook_bytes)
    fmt = detect(sheet)
    if fmt is None:
        raise UnrecognisedFile(sheet.header)
    return sheet, fmt


def inspect_file(
    source: bytes | Path,
    filename: str,
    *,
    max_errors: int = 100,
    max_bytes: int = MAX_UNPACKED_BYTES,
    max_workbook_bytes: int = MAX_WORKBOOK_BYTES,
) -> FileReport:
    """Run the whole import without storing anything; errors are one line each, capped."""
    try:
        sheet, fmt = open_file(source, filename, max_bytes=max_bytes, max_workbook_bytes=max_workbook_bytes)
    except (UnreadableFile, UnrecognisedFile) as exc:
        return FileReport(format_id=None, format_name=None, errors=[str(exc)])
    columnar = parse_columns(sheet, fmt)
    if columnar is not None:
        errors = [] if columnar.transactions else [nothing_to_import(columnar.ignored)]
        return FileReport(
            fmt.id,
            fmt.name,
            columnar.transactions,
            columnar.ignored,
            errors,
            set(columnar.assets),
            fmt.import_type,
        )
    transactions = 0
    ignored = IgnoredRows()
    errors = []
    error_count = 0
    assets: set[str] = set()
    try:
        for item in fmt.parse(sheet):
            if isinstance(item, ParsedTransaction):
                transactions += 1
                assets.update(flow.asset for flow in item.flows)
            elif isinstance(item, Ignored):
                ignored.append(item)
            else:
                error_count += 1
                if error_count <= max_errors:
                    errors.append(str(item))
    except UnreadableFile as exc:
        error_count += 1
        errors.append(str(exc))
    if error_count > len(errors):
        errors.append(f"…and {error_count - len(errors)} more errors")
    if not error_count and not transactions:
        errors.append(nothing_to_import(ignored))
    return FileReport(fmt.id, fmt.name, transactions, ignored, errors, assets, fmt.import_type)


def parse_columns(sheet: Sheet, fmt: FileFormat) -> ColumnarFile | None:
    """The whole file read a column at a time, when its format can and the file allows; else None, and
    `fmt.parse` reads it row by row."""
    if fmt.parse_columns is None:
        return None
    try:
        return fmt.parse_columns(sheet)
    except pl.exceptions.PolarsError:  # an odd file the column reader trips over: the row parser decides
        return None


def nothing_to_import(ignored: Sequence[Ignored]) -> str:
    """Why a file without row errors imports nothing: no data rows, or every row ignored."""
    if not ignored:
        return "The file has no data rows: there is nothing to import."
    first = ignored[0]
    return (
        f"Nothing to import: all {len(ignored)} rows were ignored (first: row {first.row}, {first.reason})."
    )


def iter_transactions(
    source: bytes | Path, filename: str, *, max_bytes: int = MAX_UNPACKED_BYTES
) -> Iterator[ParsedTransaction]:
    """Stream the file's transactions; raises on the first row error, so run it in one DB transaction.

    Raises `UnreadableFile`, `UnrecognisedFile` or `InvalidFile` (all `ValueError`s).
    """
    sheet, fmt = open_file(source, filename, max_bytes=max_bytes)
    for item in fmt.parse(sheet):
        if isinstance(item, ParsedTransaction):
            yield item
        elif isinstance(item, RowError):
            raise InvalidFile(item)
