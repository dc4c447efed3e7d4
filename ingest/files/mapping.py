"""A user's column mapping: the columns of a file no format recognises, named as the generic CSV's fields.

Each row is rewritten as a generic CSV row and read by the generic parser, so a mapped file gets the
generic format's checks, types and natural keys: one way to read a transaction, whatever the layout.
The mapping adds what the generic CSV has no column for: the date's format, the source's own id (the
natural key instead of a content digest), notes (the description) and the exchange's type (kept as
the label; a value naming a generic tag, "Staking" say, also gives the type), and a signed amount (one
column for both sides: positive received, negative sent; zero moves nothing, so the row is a fee or is
ignored, as a generic row with no quantity). Quantities are read with the mapping's decimal separator,
or with the mark the file's quantities show (`vocabulary.numbers.decimal_mark`); in a file that shows
none, a quantity that reads two ways ("1,234") is a row error.

A mapping is remembered per header signature, a digest of the normalised header row, so the next file
with that header imports directly (`mapped_format`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from itertools import islice

from ingest.files.formats import generic
from ingest.files.model import FileFormat, Ignored, ParsedTransaction, ParseItem, RowError, Sheet
from ingest.files.values import SourceKeys, decimal_text, parse_timestamp, plausible_symbols
from vocabulary.column_mapping import FIELD_LABELS, MAX_COLUMNS, ColumnMapping, DateFormat
from vocabulary.enums import ImportType
from vocabulary.numbers import DecimalMark, decimal_mark, parse_decimal

SAMPLE_ROWS = 10  # shown to map from, and previewed as they would import
MAX_CELL_CHARS = 60  # of each shown cell
MAPPED_FORMAT_ID = "mapped"
MAPPED_FORMAT_NAME = "Your column mapping"
REPEATED_ID = "the same transaction is listed again"
_TAG_SEPARATORS = re.compile(r"[\s\-]+")
_LATEST = datetime(9999, 12, 31, tzinfo=UTC)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_GENERIC_FIELDS = tuple(FIELD_LABELS)[:8]  # the generic CSV's columns, in its order
_QUANTITY_FIELDS = ("received_quantity", "sent_quantity", "fee_quantity", "signed_quantity")
_RECEIVED, _SENT = 1, 3  # the generic row's received and sent quantities, each followed by its currency


def header_signature(header: Sequence[str]) -> str:
    """The header row normalised (trimmed, case-folded, trailing empty names dropped) and digested."""
    names = [name.strip().casefold() for name in header]
    while names and not names[-1]:
        names.pop()
    return hashlib.sha256("\x1f".join(names).encode()).hexdigest()


def shown(cell: str) -> str:
    return cell if len(cell) <= MAX_CELL_CHARS else cell[: MAX_CELL_CHARS - 1] + "…"


def sample(sheet: Sheet) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The header and first rows to map from, bounded: `MAX_COLUMNS`, `SAMPLE_ROWS`, `MAX_CELL_CHARS`."""
    header = tuple(shown(name) for name in sheet.header[:MAX_COLUMNS])
    rows = tuple(
        tuple(shown(cell) for cell in cells[:MAX_COLUMNS]) for _, cells in islice(sheet.rows(), SAMPLE_ROWS)
    )
    return header, rows


def parse(mapping: ColumnMapping, sheet: Sheet) -> Iterator[ParseItem]:
    """The sheet's rows as the generic parser reads them once mapped; errors name the file's columns."""
    cell_errors: dict[int, tuple[str, str]] = {}  # the first cell of a row that the generic CSV cannot hold
    mark = _decimal_mark(mapping, sheet)
    generic_sheet = Sheet(
        header=generic.COLUMNS,
        rows=lambda: _generic_rows(mapping, sheet, mark, cell_errors),
        filename=sheet.filename,
    )
    keys = SourceKeys()
    columns = _source_columns(mapping, sheet.header)
    # The generic parser answers one item per row, in order.
    for (number, cells), item in zip(sheet.rows(), generic.parse(generic_sheet), strict=True):
        if number in cell_errors:
            column, message = cell_errors.pop(number)
            yield RowError(number, columns[column], message)
        elif isinstance(item, RowError):
            yield dataclasses.replace(item, column=columns.get(item.column, item.column))
        elif isinstance(item, ParsedTransaction):
            yield from plausible_symbols([_completed(mapping, item, cells, keys)])
        else:
            yield item


def _decimal_mark(mapping: ColumnMapping, sheet: Sheet) -> DecimalMark | None:
    """The mapping's decimal mark, else the one the file's quantities show: one locale writes a whole file."""
    if mapping.decimal_separator.mark is not None:
        return mapping.decimal_separator.mark
    positions = [mapping.column(name) for name in _QUANTITY_FIELDS]
    return decimal_mark(_cell(cells, position) for _, cells in sheet.rows() for position in positions)


def _generic_rows(
    mapping: ColumnMapping, sheet: Sheet, mark: DecimalMark | None, cell_errors: dict[int, tuple[str, str]]
) -> Iterator[tuple[int, Sequence[str]]]:
    for number, cells in sheet.rows():
        mapped = [_cell(cells, mapping.column(name)) for name in _GENERIC_FIELDS]
        try:
            mapped[0] = _date_text(mapped[0], mapping.date_format)
        except ValueError as exc:
            cell_errors[number] = ("Date", str(exc))
        for quantity in (1, 3, 5):
            try:
                mapped[quantity] = _number_text(mapped[quantity], mark)
            except ValueError as exc:
                cell_errors.setdefault(number, (generic.COLUMNS[quantity], str(exc)))
            if not mapped[quantity]:  # a currency column may serve several amounts, not a side moving nothing
                mapped[quantity + 1] = ""
        if mapping.signed_quantity is not None:
            try:
                _place_signed(
                    mapped, _cell(cells, mapping.signed_quantity), _cell(cells, mapping.signed_currency), mark
                )
            except ValueError as exc:
                cell_errors.setdefault(number, (generic.COLUMNS[_RECEIVED], str(exc)))
        mapped[7] = _tag(mapped[7])
        yield number, mapped


def _place_signed(mapped: list[str], text: str, currency: str, mark: DecimalMark | None) -> None:
    """The signed amount as the generic row's received (positive or zero) or sent (negative) quantity."""
    value = parse_decimal(text, mark)
    if value is None:
        return
    side = _SENT if value < 0 else _RECEIVED
    mapped[side], mapped[side + 1] = format(abs(value), "f"), currency


def _number_text(text: str, mark: DecimalMark | None) -> str:
    """The quantity cell as the generic CSV writes it (a plain decimal); raises ValueError saying why not."""
    value = parse_decimal(text, mark)
    return "" if value is None else format(value, "f")


def _cell(cells: Sequence[str], position: int | None) -> str:
    return cells[position] if position is not None and position < len(cells) else ""


def _date_text(text: str, date_format: DateFormat) -> str:
    """The date cell as the generic parser reads it unambiguously; raises ValueError saying why not."""
    if not text or date_format is DateFormat.DETECT:
        return text
    if date_format in (DateFormat.DAY_FIRST, DateFormat.MONTH_FIRST):
        try:
            moment = parse_timestamp(text, day_first=date_format is DateFormat.DAY_FIRST)
        except ValueError as exc:
            raise ValueError(f"{text!r} is not a date and time we can read ({exc})") from None
        return moment.isoformat()
    try:
        number = Decimal(text)
    except InvalidOperation:
        number = Decimal("NaN")
    seconds = number / 1000 if date_format is DateFormat.UNIX_MILLISECONDS else number
    if not seconds.is_finite() or not 0 <= seconds <= Decimal((_LATEST - _EPOCH).total_seconds()):
        unit = "milliseconds" if date_format is DateFormat.UNIX_MILLISECONDS else "seconds"
        raise ValueError(f"{text!r} is not a Unix time in {unit}")
    whole = int(seconds)
    return (_EPOCH + timedelta(seconds=whole, microseconds=int((seconds - whole) * 1_000_000))).isoformat()


def _tag(type_text: str) -> str:
    """The generic tag the exchange's type names ("Staking Reward" → staking_reward), else none."""
    tag = _TAG_SEPARATORS.sub("_", type_text.strip().casefold())
    return tag if tag and (tag in generic.RECEIVED_TAGS or tag in generic.SENT_TAGS) else ""


def _source_columns(mapping: ColumnMapping, header: Sequence[str]) -> dict[str, str]:
    """The file's column names by the generic column names the generic parser's errors use."""
    names = dict(zip(generic.COLUMNS, _GENERIC_FIELDS, strict=True))
    if mapping.signed_quantity is not None:  # both sides come from the signed amount
        names |= {
            "Received Quantity": "signed_quantity",
            "Received Currency": "signed_currency",
            "Sent Quantity": "signed_quantity",
            "Sent Currency": "signed_currency",
        }
    found = {}
    for generic_name, name in names.items():
        position = mapping.column(name)
        if position is not None and position < len(header):
            found[generic_name] = header[position] or f"column {position + 1}"
    return found


def _completed(
    mapping: ColumnMapping, transaction: ParsedTransaction, cells: Sequence[str], keys: SourceKeys
) -> ParsedTransaction | Ignored:
    """The generic parser's transaction with what only the mapping knows: id, notes, the exchange's type."""
    source_id = _cell(cells, mapping.id)
    # Content as the generic key digests it, without its count of repeats: a repeat is the same transaction.
    content = (transaction.timestamp.isoformat(), str(transaction.type), repr(transaction.flows))
    key = keys.key(source_id, *content) if source_id else transaction.key
    if key is None:
        return Ignored(transaction.row, REPEATED_ID)
    label = _cell(cells, mapping.type)
    return dataclasses.replace(
        transaction, key=key, description=_cell(cells, mapping.notes), label=label or transaction.label
    )


def mapped_format(mapping: ColumnMapping, signature: str) -> FileFormat:
    """A format for files whose header has this signature, read with the mapping."""
    return FileFormat(
        id=MAPPED_FORMAT_ID,
        name=MAPPED_FORMAT_NAME,
        detect=lambda sheet: header_signature(sheet.header) == signature,
        parse=lambda sheet: parse(mapping, sheet),
        import_type=ImportType.GENERIC_CSV,
        integration=None,
    )


PREVIEW_COLUMNS = ("Row", "Date", "Type", "Received", "Sent", "Fee", "ID", "Notes", "Problem")


def preview(mapping: ColumnMapping, sheet: Sheet) -> list[list[str]]:
    """The first rows as they would import, one line of `PREVIEW_COLUMNS` each."""
    lines = []
    for item in islice(parse(mapping, sheet), SAMPLE_ROWS):
        if isinstance(item, ParsedTransaction):
            amounts = {"IN": "", "OUT": "", "FEE": ""}
            for flow in item.flows:
                amounts["FEE" if flow.is_fee else flow.direction] = (
                    f"{decimal_text(flow.quantity)} {flow.asset}"
                )
            cells = [
                item.timestamp.strftime("%Y-%m-%d %H:%M:%S"),
                str(item.type),
                amounts["IN"],
                amounts["OUT"],
                amounts["FEE"],
                item.key if mapping.id is not None else "",
                item.description,
                "",
            ]
        elif isinstance(item, Ignored):
            cells = ["", "", "", "", "", "", "", f"Ignored: {item.reason}"]
        else:
            cells = ["", "", "", "", "", "", "", str(item)]
        lines.append([str(item.row), *(shown(cell) for cell in cells)])
    return lines


MappingLookup = Callable[[Sequence[str]], ColumnMapping | None]  # the user's mapping for a header, if any
