"""Cell helpers every parser shares: numbers, timestamps, assets, row access and natural keys.

Numbers are exact `Decimal`s (never floats), read by `vocabulary.numbers.parse_decimal`, the reading the
ledger reader of `cairn lots compute` shares. Timestamps come back timezone-aware in UTC. A cell
that cannot be read raises `CellError`; `parse_rows` turns it into a `RowError` naming the row and
the column, so one bad row never stops the others from being checked.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from decimal import Decimal
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ingest.files.model import Ignored, ParsedTransaction, ParseItem, RowError, Sheet
from ingest.files.seen import SeenNumbers
from vocabulary.enums import TransactionType
from vocabulary.fiat import FIAT_CODES
from vocabulary.nft import parse_nft_asset_id
from vocabulary.numbers import parse_decimal
from vocabulary.symbols import symbol_problem

_TIME = (
    r"(?:[ T,]+(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2})(?:[.,](?P<f>\d{1,9}))?)?"
    r"\s*(?P<ampm>[AaPp]\.?[Mm]\.?)?)?"
)
_DATE_TIME = re.compile(r"(?P<a>\d{1,4})(?P<sep>[/.\-])(?P<b>\d{1,2})(?P=sep)(?P<c>\d{1,4})" + _TIME)
_NAMED_MONTH = re.compile(
    r"(?:[A-Za-z]{3,9},? )?(?:(?P<d1>\d{1,2})[ \-](?P<m1>[A-Za-z]{3,9})\.?[ \-,]+(?P<y1>\d{4})"
    r"|(?P<m2>[A-Za-z]{3,9})\.? (?P<d2>\d{1,2}),? (?P<y2>\d{4}))" + _TIME
)
_ZONE_SUFFIX = re.compile(
    r"\s*(?:\(?(?:UTC|GMT|Z)(?P<sign>[+-])?(?P<hh>\d{1,2})?(?::?(?P<mm>\d{2}))?\)?"
    r"|(?P<osign>[+-])(?P<ohh>\d{2}):?(?P<omm>\d{2})"
    r"|(?P<name>[A-Za-z]+/[A-Za-z_]+(?:/[A-Za-z_]+)?))$"
)
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}


class CellError(ValueError):
    """A cell that cannot be used; `parse_rows` reports it as a `RowError` of its row."""

    def __init__(self, column: str, problem: str) -> None:
        super().__init__(f"{column}: {problem}")
        self.column = column
        self.problem = problem


# --- numbers -------------------------------------------------------------------------------------


def decimal_text(value: Decimal) -> str:
    """A canonical spelling of a number, equal for equal values ("1.50" and "1.5" → "1.5")."""
    normalised = value.normalize()
    return format(normalised, "f") if normalised else "0"


def decimal_in(column: str, text: str) -> Decimal | None:
    """The number `text` (the cell of `column`, or the part of it that holds a number) spells; a CellError
    of that column when it spells none."""
    try:
        return parse_decimal(text)
    except ValueError as exc:
        raise CellError(column, str(exc)) from None


# --- timestamps ----------------------------------------------------------------------------------


def parse_timestamp(text: str, *, zone: tzinfo = UTC, day_first: bool = False) -> datetime:
    """A timezone-aware UTC datetime from a cell; raises ValueError when it is not a date.

    An explicit zone in the text (Z, +02:00, UTC, "UTC+2", "Europe/Amsterdam") wins; otherwise the
    time is read in `zone`. Numeric dates are month first unless `day_first` (or unless the first
    number cannot be a month); dotted dates (31.12.2021) are always day first.
    """
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        parsed = _parse_loose_timestamp(text.strip(), zone, day_first)
    else:
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=zone)
    return parsed.astimezone(UTC)


def sniff_day_first(dates: Iterable[str]) -> bool:
    """Whether numeric dates like 03/04/2021 are day first, judged from values where it shows."""
    for text in dates:
        match = _DATE_TIME.match(text)
        if match is None or len(match["a"]) == 4:
            continue
        if int(match["a"]) > 12:
            return True
        if int(match["b"]) > 12:
            return False
    return False


def _parse_loose_timestamp(text: str, zone: tzinfo, day_first: bool) -> datetime:
    if not text:
        raise ValueError("the date is empty")
    if text.isdigit() or _looks_like_epoch(text):
        return _from_epoch(text)
    body, explicit = _split_zone(text)
    if explicit is not None:
        zone = explicit
    try:
        parsed = datetime.fromisoformat(body.replace(" T", "T"))
    except ValueError:
        parsed = _parse_written_date(body, day_first)
    return parsed.replace(tzinfo=zone) if parsed.tzinfo is None else parsed


def _looks_like_epoch(text: str) -> bool:
    whole, dot, fraction = text.partition(".")
    return bool(dot) and whole.isdigit() and fraction.isdigit() and len(whole) >= 9


def _from_epoch(text: str) -> datetime:
    seconds = Decimal(text)
    if len(text.partition(".")[0]) < 9:
        raise ValueError(f"{text!r} is not a date")
    if seconds >= 10**11:
        seconds /= 1000
    try:
        return datetime.fromtimestamp(0, UTC) + timedelta(seconds=float(seconds))
    except OverflowError as exc:
        raise ValueError(f"{text!r} is out of range for a date") from exc


def _split_zone(text: str) -> tuple[str, tzinfo | None]:
    match = _ZONE_SUFFIX.search(text)
    if match is None or match.start() == 0:
        return text, None
    body = text[: match.start()].rstrip(" ,")
    if match["osign"] and ":" not in body:
        return text, None  # "31-12-2021" ends like an offset but is a date
    if match["name"]:
        return body, _named_zone(match["name"])
    sign, hours, minutes = (
        match["sign"] or match["osign"],
        match["hh"] or match["ohh"],
        match["mm"] or match["omm"],
    )
    if sign is None:
        return body, UTC
    offset = timedelta(hours=int(hours or 0), minutes=int(minutes or 0))
    if offset >= timedelta(hours=24):
        raise ValueError(f"{text!r} has an impossible UTC offset")
    return body, timezone(-offset if sign == "-" else offset)


@lru_cache(maxsize=64)
def _named_zone(name: str) -> tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, IsADirectoryError) as exc:  # "Europe" is tzdata's folder
        raise ValueError(f"unknown time zone {name!r}") from exc


def zone_named(name: str) -> tzinfo:
    """The time zone of an IANA name ("Europe/Amsterdam") or "UTC"; raises ValueError when unknown."""
    return UTC if name.strip().upper() in ("UTC", "GMT", "Z", "") else _named_zone(name.strip())


def _parse_written_date(text: str, day_first: bool) -> datetime:
    numeric = _DATE_TIME.fullmatch(text)
    if numeric is not None:
        year, month, day = _order_date_parts(
            numeric["a"], numeric["b"], numeric["c"], numeric["sep"], day_first
        )
        return _build(text, year, month, day, numeric)
    named = _NAMED_MONTH.fullmatch(text)
    if named is not None:
        month_name = (named["m1"] or named["m2"]).lower()
        if month_name not in _MONTHS:
            raise ValueError(f"{text!r} is not a date")
        year = int(named["y1"] or named["y2"])
        return _build(text, year, _MONTHS[month_name], int(named["d1"] or named["d2"]), named)
    raise ValueError(f"{text!r} is not a date")


def _order_date_parts(a: str, b: str, c: str, separator: str, day_first: bool) -> tuple[int, int, int]:
    if len(a) == 4:
        return int(a), int(b), int(c)
    if len(c) not in (2, 4):
        raise ValueError("the year must have 2 or 4 digits")
    year = int(c) + (2000 if len(c) == 2 else 0)
    first, second = int(a), int(b)
    if separator == "." or (day_first and second <= 12) or first > 12:
        return year, second, first
    return year, first, second


def _build(text: str, year: int, month: int, day: int, match: re.Match[str]) -> datetime:
    hour = int(match["H"] or 0)
    if match["ampm"]:
        if not 1 <= hour <= 12:
            raise ValueError(f"{text!r} has an impossible hour for AM/PM")
        hour = hour % 12 + (12 if match["ampm"][0] in "Pp" else 0)
    micro = int((match["f"] or "0")[:6].ljust(6, "0"))
    try:
        return datetime(year, month, day, hour, int(match["M"] or 0), int(match["S"] or 0), micro)
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a valid date ({exc})") from exc


# --- assets --------------------------------------------------------------------------------------


def normalise_asset(text: str) -> str:
    """Upper-case symbol without surrounding spaces; fiat stays its ISO code."""
    return text.strip().upper()


def plausible_symbols(items: Iterable[ParseItem]) -> Iterator[ParseItem]:
    """The items, each transaction holding an implausible symbol replaced by its row's error: every
    format's output passes here (ingest.files.registry), whatever way it read its symbols."""
    for item in items:
        if isinstance(item, ParsedTransaction):
            item = _symbols_checked(item)
        yield item


def _symbols_checked(transaction: ParsedTransaction) -> ParsedTransaction | RowError:
    for flow in transaction.flows:
        role = "fee" if flow.is_fee else "received" if flow.direction == "IN" else "sent"
        asset = None if parse_nft_asset_id(flow.asset) else flow.asset  # an NFT is named by its asset id
        for column, symbol in ((f"{role} currency", asset), ("value currency", flow.value_currency)):
            problem = None if symbol is None else symbol_problem(symbol)
            if problem is not None:
                return RowError(transaction.row, column, problem)
    return transaction


def checked_symbol(text: str, column: str) -> str:
    """The normalised symbol in a cell of `column`; raises CellError when it is not plausible."""
    symbol = normalise_asset(text)
    problem = symbol_problem(symbol)
    if problem is not None:
        raise CellError(column, problem)
    return symbol


_FIAT_TRANSFERS = {
    TransactionType.DEPOSIT: TransactionType.FIAT_DEPOSIT,
    TransactionType.WITHDRAWAL: TransactionType.FIAT_WITHDRAWAL,
}


def fiat_transfer(tx_type: TransactionType, asset: str) -> TransactionType:
    """A deposit or withdrawal of fiat is a FIAT_DEPOSIT or FIAT_WITHDRAWAL; any other type is kept."""
    return _FIAT_TRANSFERS.get(tx_type, tx_type) if asset in FIAT_CODES else tx_type


def trade_type(received: str, sent: str) -> TransactionType:
    """BUY when paying fiat for crypto, SELL when receiving fiat for crypto, else TRADE."""
    if received in FIAT_CODES and sent not in FIAT_CODES:
        return TransactionType.SELL
    if sent in FIAT_CODES and received not in FIAT_CODES:
        return TransactionType.BUY
    return TransactionType.TRADE


# --- keys ----------------------------------------------------------------------------------------


def digest(*parts: str) -> str:
    """A stable 128-bit hex digest of the parts, for natural keys built from row content."""
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=16).hexdigest()


class KeyCounter:
    """Makes content digests unique within one file: the n-th repeat of a digest gets "-n".

    Identical rows are genuinely separate transactions (two equal buys on the same second), yet a
    re-import of the same file must produce the same keys, so the suffix is the occurrence number.
    Only 64-bit prefixes of seen digests are kept, in an array (`SeenNumbers`): 11 to 21 bytes a row.
    """

    def __init__(self) -> None:
        self._seen = SeenNumbers()
        self._repeats: dict[str, int] = {}

    def key(self, content_digest: str) -> str:
        if self._seen.add(int(content_digest[:16], 16)):
            return content_digest
        count = self._repeats.get(content_digest, 0) + 1
        self._repeats[content_digest] = count
        return f"{content_digest}-{count}"


class SourceKeys:
    """Natural keys from the source's own transaction ids, tolerant of ids that repeat in a file.

    A repeated id with the same content is the same transaction listed twice (None: skip it); a
    repeated id with other content (test exports reuse ids) gets a content digest appended.
    Ids, each id's first content and the keys issued are kept as 64-bit digests in arrays
    (`SeenNumbers`): 33 to 63 bytes a row, where dicts and sets of strings took about 300.
    """

    def __init__(self) -> None:
        self._ids = SeenNumbers()
        self._firsts = SeenNumbers()  # (id, content) as first seen for each id
        self._issued = SeenNumbers()

    def key(self, source_id: str, *content: str) -> str | None:
        content_digest = digest(*content)
        pair = _number(source_id, content_digest)
        if self._ids.add(_number(source_id)):
            self._firsts.add(pair)
        key = source_id if pair in self._firsts else f"{source_id}-{content_digest[:12]}"
        return key if self._issued.add(_number(key)) else None


def _number(*parts: str) -> int:
    """A 64-bit digest of the parts."""
    return int.from_bytes(hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).digest())


# --- rows ----------------------------------------------------------------------------------------


class Columns:
    """Header lookup by name, case-insensitive; repeated names get "#2", "#3" ("Cur.", "Cur.#2")."""

    def __init__(self, header: Sequence[str]) -> None:
        self.names: tuple[str, ...] = tuple(header)
        self._index: dict[str, int] = {}
        for position, name in enumerate(header):
            key = name.strip().casefold()
            repeat = 2
            unique = key
            while unique in self._index:
                unique = f"{key}#{repeat}"
                repeat += 1
            self._index[unique] = position

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._index

    def position(self, name: str) -> int | None:
        return self._index.get(name.casefold())

    def has_all(self, *names: str) -> bool:
        return all(name.casefold() in self._index for name in names)


def header_has(sheet: Sheet, *names: str) -> bool:
    """Whether the sheet's header holds every one of the column names (case-insensitive)."""
    return Columns(sheet.header).has_all(*names)


class Row:
    """One data row with typed, error-reporting access to its cells by column name."""

    __slots__ = ("cells", "columns", "number")

    def __init__(self, number: int, cells: Sequence[str], columns: Columns) -> None:
        self.number = number
        self.cells = cells
        self.columns = columns

    def text(self, column: str) -> str:
        """The cell's stripped text; "" when the column is absent or the row is short."""
        position = self.columns.position(column)
        if position is None or position >= len(self.cells):
            return ""
        return self.cells[position]

    def required(self, column: str) -> str:
        value = self.text(column)
        if not value:
            raise CellError(column, "a value is required but the cell is empty")
        return value

    def decimal(self, column: str) -> Decimal | None:
        """The cell's number, written with a decimal point as every known format writes it."""
        return decimal_in(column, self.text(column))

    def quantity(self, column: str) -> Decimal:
        """A required number, returned as its absolute value (files sign outflows differently)."""
        value = self.decimal(column)
        if value is None:
            raise CellError(column, "a number is required but the cell is empty")
        return abs(value)

    def timestamp(self, column: str, *, zone: tzinfo = UTC, day_first: bool = False) -> datetime:
        value = self.required(column)
        try:
            return parse_timestamp(value, zone=zone, day_first=day_first)
        except ValueError as exc:
            raise CellError(column, f"{value!r} is not a date and time we can read ({exc})") from None

    def asset(self, column: str) -> str:
        return checked_symbol(self.required(column), column)

    def ignored(self, reason: str) -> Ignored:
        return Ignored(self.number, reason)


RowResult = ParseItem | Iterable[ParseItem] | None


def parse_rows(sheet: Sheet, build: Callable[[Row], RowResult]) -> Iterator[ParseItem]:
    """Run `build` on every data row, turning a `CellError` into the row's `RowError`.

    `build` returns one item, several, or None when the row contributes nothing by itself (a
    parser grouping rows keeps state and yields later).
    """
    columns = Columns(sheet.header)
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            result = build(row)
        except CellError as exc:
            yield RowError(number, exc.column, exc.problem)
            continue
        if result is None:
            continue
        if isinstance(result, ParsedTransaction | Ignored | RowError):
            yield result
        else:
            yield from result
