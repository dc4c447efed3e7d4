"""Bitstamp transaction exports: v1 (amounts with their asset, "Jan. 28, 2022, 12:13 AM") and v2
(RFC 4180, one column per amount and currency)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    KeyCounter,
    Row,
    decimal_in,
    digest,
    fiat_transfer,
    header_has,
    normalise_asset,
    parse_rows,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

V1 = ("Type", "Datetime", "Account", "Amount", "Value", "Rate", "Fee", "Sub Type")
V2 = (
    "ID",
    "Account",
    "Object",
    "Date",
    "Type",
    "Subtype",
    "Amount",
    "Amount currency",
    "Value",
    "Value currency",
    "Fee",
    "Fee currency",
)
SINGLE = {
    "deposit": TransactionType.DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "staking reward": TransactionType.STAKING_REWARD,
    "referral reward": TransactionType.REFERRAL_REWARD,
    "earn reward": TransactionType.STAKING_REWARD,
}
# Moves between the user's Bitstamp sub accounts.
INTERNAL = frozenset({"sub account transfer", "internal transfer", "inter account transfer"})
AMOUNT = re.compile(r"\s*([-+]?[\d.,]+(?:[eE][-+]?\d+)?)\s+([A-Za-z0-9]+)\s*")


def _v1_amount(row: Row, column: str) -> tuple[Decimal, str] | None:
    text = row.text(column)
    if not text:
        return None
    match = AMOUNT.fullmatch(text)
    quantity = decimal_in(column, match[1]) if match else None
    if match is None or quantity is None:
        raise CellError(column, f"{text!r} is not an amount followed by its currency, like '2.5 ETH'")
    return (abs(quantity), normalise_asset(match[2])) if quantity else None


def _v2_amount(row: Row, column: str, currency: str) -> tuple[Decimal, str] | None:
    quantity = row.decimal(column)
    return (abs(quantity), row.asset(currency)) if quantity else None


def _transaction(
    row: Row,
    kind: str,
    side: str,
    amount: tuple[Decimal, str] | None,
    value: tuple[Decimal, str] | None,
    fee: tuple[Decimal, str] | None,
    key: str,
) -> ParsedTransaction | Ignored:
    timestamp = row.timestamp("Datetime" if "Datetime" in row.columns else "Date")
    if kind in INTERNAL:
        return row.ignored("a transfer between Bitstamp sub accounts")
    if amount is None:
        return row.ignored("the amount is zero or empty")
    flows: list[Flow] = []
    tx_type: TransactionType | None = None
    if kind in ("market", "limit", "instant", "trade"):
        if value is None:
            raise CellError("Value", "a trade needs its value")
        if side not in ("buy", "sell"):
            raise CellError("Sub Type", f"{side!r} is neither Buy nor Sell")
        bought, paid = (amount, value) if side == "buy" else (value, amount)
        flows += [Flow("IN", bought[1], bought[0]), Flow("OUT", paid[1], paid[0])]
        tx_type = trade_type(bought[1], paid[1])
    elif kind in SINGLE:
        tx_type = SINGLE[kind]
        direction: Direction = "OUT" if tx_type == TransactionType.WITHDRAWAL else "IN"
        tx_type = fiat_transfer(tx_type, amount[1])
        flows.append(Flow(direction, amount[1], amount[0]))
    else:
        # Amounts are unsigned but for a minus sign some rows carry: without one, what moves came in.
        flows.append(Flow("OUT" if row.text("Amount").startswith("-") else "IN", amount[1], amount[0]))
    if fee is not None:
        flows.append(Flow("OUT", fee[1], fee[0], is_fee=True))
    if tx_type is None:
        return by_movement(row.number, key, timestamp, flows, source="Bitstamp", source_type=row.text("Type"))
    return ParsedTransaction(key, timestamp, tx_type, tuple(flows), row.number, label=kind)


def parse_v1(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        amount = _v1_amount(row, "Amount")
        value = _v1_amount(row, "Value")
        fee = _v1_amount(row, "Fee")
        key = keys.key(digest(*row.cells))
        kind = row.required("Type").casefold()
        return _transaction(row, kind, row.text("Sub Type").casefold(), amount, value, fee, key)

    return parse_rows(sheet, build)


def parse_v2(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        amount = _v2_amount(row, "Amount", "Amount currency")
        value = _v2_amount(row, "Value", "Value currency")
        fee = _v2_amount(row, "Fee", "Fee currency")
        kind = row.required("Type").casefold()
        return _transaction(row, kind, row.text("Subtype").casefold(), amount, value, fee, row.required("ID"))

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bitstamp",
        "Bitstamp transactions",
        lambda s: header_has(s, *V1),
        parse_v1,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="bitstamp",
    ),
    FileFormat(
        "bitstamp-v2",
        "Bitstamp transactions (v2)",
        lambda s: header_has(s, *V2),
        parse_v2,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="bitstamp",
    ),
)
