"""The one entry point for file imports: detect the format, parse, validate, report.

`inspect_file` is the validation the upload screen and `cairn import check` show;
`iter_transactions` streams the transactions of a file that passed it, for the import activity.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from ingest.files.mapping import (
    MAPPED_FORMAT_ID,
    MappingLookup,
    header_signature,
    mapped_format,
    preview,
    sample,
)
from ingest.files.model import (
    ColumnarFile,
    FileFormat,
    Ignored,
    IgnoredRows,
    ParsedTransaction,
    RowError,
    Sheet,
)
from ingest.files.precision import exact_quantities
from ingest.files.reader import UnreadableFile, read_sheet
from ingest.files.registry import all_formats, detect
from ingest.files.unpack import MAX_UNPACKED_BYTES
from ingest.files.workbook_bounds import MAX_WORKBOOK_BYTES
from vocabulary.enums import ImportType

NOT_FOUND = "We haven't found the integration you're looking for. You can upload a CSV file instead."
NO_DATA_ROWS = "The file has no data rows: there is nothing to import."
GENERIC_HEADER = (
    "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag"
)


class UnrecognisedFile(ValueError):
    """No registered format recognises the file's header."""

    def __init__(self, sheet: Sheet) -> None:
        self.header = sheet.header
        self.signature = header_signature(sheet.header)
        self.sample = sample(sheet)  # to map the file's columns from
        super().__init__(unrecognised_message(sheet.header))


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
    for_review: int = 0  # transactions of a type the parser did not recognise, imported for review
    errors: list[str] = field(default_factory=list)
    assets: set[str] = field(default_factory=set)
    import_type: ImportType | None = None  # of the detected format
    # Of a file no format recognises, to map its columns (ingest.files.mapping): its header's signature,
    # header and first rows, bounded.
    signature: str | None = None
    sample: tuple[tuple[str, ...], tuple[tuple[str, ...], ...]] = ((), ())
    preview: list[list[str]] = field(default_factory=list)  # of a mapped file: its first rows as they import

    @property
    def importable(self) -> bool:
        return self.format_id is not None and not self.errors


def open_file(
    source: bytes | Path,
    filename: str,
    *,
    max_bytes: int = MAX_UNPACKED_BYTES,
    max_workbook_bytes: int = MAX_WORKBOOK_BYTES,
    mappings: MappingLookup | None = None,
) -> tuple[Sheet, FileFormat]:
    """Read (the file's bytes or its path, at most `max_bytes` decompressed, a workbook at most
    `max_workbook_bytes`) and detect, with the user's column `mappings` after the built-in formats;
    raises `UnreadableFile` or `UnrecognisedFile`."""
    sheet = read_sheet(source, filename, max_bytes=max_bytes, max_workbook_bytes=max_workbook_bytes)
    fmt = detect(sheet)
    mapping = None if fmt is not None or mappings is None else mappings(sheet.header)
    if mapping is not None:
        fmt = mapped_format(mapping, header_signature(sheet.header))
    if fmt is None:
        raise UnrecognisedFile(sheet)
    return sheet, fmt


def inspect_file(
    source: bytes | Path,
    filename: str,
    *,
    max_errors: int = 100,
    max_bytes: int = MAX_UNPACKED_BYTES,
    max_workbook_bytes: int = MAX_WORKBOOK_BYTES,
    mappings: MappingLookup | None = None,
) -> FileReport:
    """Run the whole import without storing anything; errors are one line each, capped."""
    try:
        sheet, fmt = open_file(
            source, filename, max_bytes=max_bytes, max_workbook_bytes=max_workbook_bytes, mappings=mappings
        )
    except UnreadableFile as exc:
        return FileReport(format_id=None, format_name=None, errors=[str(exc)])
    except UnrecognisedFile as exc:
        return FileReport(None, None, errors=[str(exc)], signature=exc.signature, sample=exc.sample)
    columnar = parse_columns(sheet, fmt)
    if columnar is not None:
        errors = [] if columnar.transactions or columnar.ignored else [NO_DATA_ROWS]
        return FileReport(
            fmt.id,
            fmt.name,
            columnar.transactions,
            columnar.ignored,
            0,  # the generic format knows every type it accepts
            errors,
            set(columnar.assets),
            fmt.import_type,
        )
    transactions = for_review = 0
    ignored = IgnoredRows()
    errors = []
    error_count = 0
    assets: set[str] = set()
    try:
        for item in exact_quantities(fmt.parse(sheet)):
            if isinstance(item, ParsedTransaction):
                transactions += 1
                for_review += item.review is not None
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
    if not error_count and not transactions and not ignored:  # all rows ignored: an import of nothing
        errors.append(NO_DATA_ROWS)
    mapping = mappings(sheet.header) if mappings is not None and fmt.id == MAPPED_FORMAT_ID else None
    return FileReport(
        fmt.id,
        fmt.name,
        transactions,
        ignored,
        for_review,
        errors,
        assets,
        fmt.import_type,
        preview=[] if mapping is None else preview(mapping, sheet),
    )


def parse_columns(sheet: Sheet, fmt: FileFormat) -> ColumnarFile | None:
    """The whole file read a column at a time, when its format can and the file allows; else None, and
    `fmt.parse` reads it row by row."""
    if fmt.parse_columns is None:
        return None
    try:
        return fmt.parse_columns(sheet)
    except pl.exceptions.PolarsError:  # an odd file the column reader trips over: the row parser decides
        return None


def ignored_reasons(ignored: IgnoredRows, *, rows_shown: int = 5) -> list[str]:
    """Why rows were ignored, one line per reason with the rows it applies to ("Rows 1, 2 and 3: …")."""
    lines = []
    for reason, count, rows in ignored.by_reason(rows_shown):
        listed = ", ".join(map(str, rows))
        more = f" and {count - len(rows)} more" if count > len(rows) else ""
        lines.append(f"Row {listed}: {reason}" if count == 1 else f"Rows {listed}{more}: {reason}")
    return lines


def iter_transactions(
    source: bytes | Path, filename: str, *, max_bytes: int = MAX_UNPACKED_BYTES
) -> Iterator[ParsedTransaction]:
    """Stream the file's transactions; raises on the first row error, so run it in one DB transaction.

    Raises `UnreadableFile`, `UnrecognisedFile` or `InvalidFile` (all `ValueError`s).
    """
    sheet, fmt = open_file(source, filename, max_bytes=max_bytes)
    for item in exact_quantities(fmt.parse(sheet)):
        if isinstance(item, ParsedTransaction):
            yield item
        elif isinstance(item, RowError):
            raise InvalidFile(item)
