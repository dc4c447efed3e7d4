"""Coinmama order history: `Transaction, Type, Amount, Date Created, Status` (tabs after the commas).

Coinmama writes the date unquoted as "9/7/2017, 1:11:16 PM", so data rows have one cell more than
the header: the two date cells are joined again. `Type` holds the crypto ("0.0369 BTC"), `Amount`
the fiat paid or received ("100.00 EUR").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import parse_guarded
from ingest.files.unrecognised import by_movement
from ingest.files.values import CellError, KeyCounter, Row, digest, header_has, normalise_asset, parse_decimal
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Transaction", "Type", "Amount", "Date Created", "Status")
DATE_AT = 3


def _joined_dates(sheet: Sheet) -> Sheet:
    width = len(sheet.header)

    def rows() -> Iterator[tuple[int, Sequence[str]]]:
        for number, cells in sheet.rows():
            if len(cells) == width + 1:
                cells = [*cells[:DATE_AT], f"{cells[DATE_AT]}, {cells[DATE_AT + 1]}", *cells[DATE_AT + 2 :]]
            yield number, cells

    return dataclasses.replace(sheet, rows=rows)


def _amount(row: Row, column: str) -> tuple[Decimal, str]:
    quantity, _, asset = row.required(column).partition(" ")
    try:
        value = parse_decimal(quantity)
    except ValueError:
        value = None
    if value is None or not asset.strip():
        raise CellError(column, f"{row.text(column)!r} is not an amount and a currency like '0.5 BTC'")
    return abs(value), normalise_asset(asset)


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date Created")
        status = row.text("Status")
        if status.casefold() != "completed":
            return row.ignored(f"the order is {status or 'without a status'}, not completed")
        crypto, fiat = _amount(row, "Type"), _amount(row, "Amount")
        side = row.required("Transaction").split(maxsplit=1)[0].casefold()
        if side == "buy":
            flows = (
                Flow("IN", crypto[1], crypto[0], value=fiat[0], value_currency=fiat[1]),
                Flow("OUT", fiat[1], fiat[0]),
            )
        else:
            flows = (
                Flow("OUT", crypto[1], crypto[0], value=fiat[0], value_currency=fiat[1]),
                Flow("IN", fiat[1], fiat[0]),
            )
        key = keys.key(digest(timestamp.isoformat(), *row.cells))
        if side not in ("buy", "sell"):  # most Coinmama orders are purchases: booked as one, for review
            flows = (Flow("IN", crypto[1], crypto[0]), Flow("OUT", fiat[1], fiat[0]))
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="Coinmama",
                source_type=row.text("Transaction"),
                description=row.text("Transaction"),
            )
        return ParsedTransaction(
            key,
            timestamp,
            TransactionType(side.upper()),
            flows,
            row.number,
            description=row.text("Transaction"),
        )

    return parse_guarded(_joined_dates(sheet), build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "coinmama",
        "Coinmama orders",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
)
