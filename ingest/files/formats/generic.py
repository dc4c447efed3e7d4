"""The product's own generic CSV: one row per transaction, received / sent / fee columns and a tag.

`Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag`

A tag names the type of a row that only receives or only sends; any other tag, or a tag on a row that
trades or only pays a fee, is imported by what the row moves and flagged for review.

This is the format for files of any size (a million rows and more), so rows are read by column
position with the fast paths of `parse_decimal` / `parse_timestamp`, not through `Row` lookups.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from decimal import Decimal
from itertools import islice

from ingest.files.formats import generic_columns
from ingest.files.model import (
    ColumnarFile,
    FileFormat,
    Flow,
    Ignored,
    ParsedTransaction,
    ParseItem,
    RowError,
    Sheet,
)
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    checked_symbol,
    decimal_text,
    digest,
    parse_decimal,
    parse_timestamp,
    sniff_day_first,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

COLUMNS = (
    "Date",
    "Received Quantity",
    "Received Currency",
    "Sent Quantity",
    "Sent Currency",
    "Fee Amount",
    "Fee Currency",
    "Tag",
)
RECEIVED_TAGS = {
    "": TransactionType.RECEIVE,
    "staking": TransactionType.STAKING_REWARD,
    "stake": TransactionType.STAKING_REWARD,
    "staking_reward": TransactionType.STAKING_REWARD,
    "mining": TransactionType.MINING_REWARD,
    "airdrop": TransactionType.AIRDROP,
    "interest": TransactionType.INTEREST,
    "income": TransactionType.INCOME,
    "fork": TransactionType.FORK,
    "gift": TransactionType.GIFT_RECEIVED,
    "reward": TransactionType.REWARD,
    "cashback": TransactionType.CASHBACK,
    "referral": TransactionType.REFERRAL_REWARD,
}
SENT_TAGS = {
    "": TransactionType.SEND,
    "gift": TransactionType.GIFT_SENT,
    "donation": TransactionType.DONATION,
    "lost": TransactionType.LOST,
    "stolen": TransactionType.STOLEN,
    "payment": TransactionType.SEND,
}
DATE_SNIFF_ROWS = 1000


def detect(sheet: Sheet) -> bool:
    return Columns(sheet.header).has_all(*COLUMNS)


def _positions(sheet: Sheet) -> tuple[int, int, int, int, int, int, int, int]:
    columns = Columns(sheet.header)
    positions = [columns.position(name) for name in COLUMNS]
    if any(position is None for position in positions):
        raise ValueError("not a generic CSV sheet")
    date_at, rq_at, rc_at, sq_at, sc_at, fq_at, fc_at, tag_at = (p for p in positions if p is not None)
    return date_at, rq_at, rc_at, sq_at, sc_at, fq_at, fc_at, tag_at


def parse_columns(sheet: Sheet) -> ColumnarFile | None:
    return generic_columns.parse_columns(
        sheet, _positions(sheet), {"received": RECEIVED_TAGS, "sent": SENT_TAGS}
    )


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    positions = _positions(sheet)
    date_at = positions[0]
    width = max(positions) + 1
    day_first = sniff_day_first(
        cells[date_at] for _, cells in islice(sheet.rows(), DATE_SNIFF_ROWS) if len(cells) > date_at
    )
    keys = KeyCounter()
    for number, cells in sheet.rows():
        if len(cells) < width:
            cells = [*cells, *([""] * (width - len(cells)))]
        try:
            yield _transaction(
                number,
                cells,
                positions,
                day_first,
                keys,
            )
        except CellError as bad:
            yield RowError(number, bad.column, bad.problem)


def _transaction(
    number: int,
    cells: Sequence[str],
    at: tuple[int, int, int, int, int, int, int, int],
    day_first: bool,
    keys: KeyCounter,
) -> ParsedTransaction | Ignored:
    date_text = cells[at[0]]
    if not date_text:
        raise CellError("Date", "a date is required but the cell is empty")
    try:
        timestamp = parse_timestamp(date_text, day_first=day_first)
    except ValueError as exc:
        raise CellError("Date", f"{date_text!r} is not a date and time we can read ({exc})") from None
    received = _amount(cells, at[1], at[2], 1)
    sent = _amount(cells, at[3], at[4], 3)
    fee = _amount(cells, at[5], at[6], 5)
    tag = cells[at[7]].casefold()
    if received is None and sent is None and fee is None:
        return Ignored(number, generic_columns.NOTHING_MOVES)
    flows: list[Flow] = []
    if received is not None:
        flows.append(Flow("IN", received[1], received[0]))
    if sent is not None:
        flows.append(Flow("OUT", sent[1], sent[0]))
    if fee is not None:
        flows.append(Flow("OUT", fee[1], fee[0], is_fee=True))
    key = keys.key(digest(timestamp.isoformat(), *(_part(amount) for amount in (received, sent, fee)), tag))
    kind = _type(received, sent, tag)
    if kind is None:
        return by_movement(number, key, timestamp, flows, source="generic CSV", source_type=cells[at[7]])
    return ParsedTransaction(
        key=key, timestamp=timestamp, type=kind, flows=tuple(flows), row=number, label=tag or None
    )


def _amount(
    cells: Sequence[str], quantity_at: int, currency_at: int, column: int
) -> tuple[Decimal, str] | None:
    text = cells[quantity_at]
    currency = cells[currency_at]
    try:
        quantity = parse_decimal(text)
    except ValueError:
        raise CellError(COLUMNS[column], f"{text!r} is not a number") from None
    if quantity is None or not quantity:
        if currency and quantity is None and column != 5:
            raise CellError(
                COLUMNS[column], f"a quantity is required when {COLUMNS[column + 1]} is {currency!r}"
            )
        return None
    if quantity < 0:
        raise CellError(
            COLUMNS[column], f"{text!r} is negative; quantities are positive, the column gives the direction"
        )
    if not currency:
        raise CellError(COLUMNS[column + 1], f"a currency is required for the quantity {text}")
    return quantity, checked_symbol(currency, COLUMNS[column + 1])


def _type(
    received: tuple[Decimal, str] | None, sent: tuple[Decimal, str] | None, tag: str
) -> TransactionType | None:
    """The type of a row that moves something; None when its tag is unknown or does not apply to it."""
    if received is not None and sent is not None:
        return None if tag else trade_type(received[1], sent[1])
    if received is not None:
        return RECEIVED_TAGS.get(tag)
    if sent is not None:
        return SENT_TAGS.get(tag)
    return None if tag else TransactionType.FEE


def _part(amount: tuple[Decimal, str] | None) -> str:
    return "" if amount is None else f"{decimal_text(amount[0])} {amount[1]}"


def timestamp_text(moment: datetime) -> str:
    """How the generic format writes a timestamp (UTC, no zone suffix needed)."""
    return moment.strftime("%Y-%m-%d %H:%M:%S")


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        id="generic",
        name="Generic CSV",
        detect=detect,
        parse=parse,
        parse_columns=parse_columns,
        import_type=ImportType.GENERIC_CSV,
        integration=None,
    ),
)
