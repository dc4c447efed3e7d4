"""Coinbase transaction history, every version: with or without `ID`, "Spot Price" or "Price"
columns, preamble lines, currency signs inside numbers and Windows-1252 bytes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import (
    Direction,
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
    Row,
    SourceKeys,
    decimal_in,
    digest,
    fiat_transfer,
    header_has,
    normalise_asset,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType
from vocabulary.fiat import is_fiat

COLUMNS = ("Timestamp", "Transaction Type", "Asset", "Quantity Transacted", "Subtotal", "Notes")
PRICE_CURRENCY = ("Price Currency", "Spot Price Currency")
SINGLE = {
    "send": TransactionType.SEND,
    "receive": TransactionType.RECEIVE,
    "staking income": TransactionType.STAKING_REWARD,
    "inflation reward": TransactionType.STAKING_REWARD,
    "rewards income": TransactionType.REWARD,
    "learning reward": TransactionType.REWARD,
    "coinbase earn": TransactionType.REWARD,
    "incentives rewards payout": TransactionType.REWARD,
    "reward income": TransactionType.REWARD,
    "subscription rebate": TransactionType.FEE_REBATE,
    "subscription rebates (24 hours)": TransactionType.FEE_REBATE,
    "interest": TransactionType.INTEREST,
    "usdc interest": TransactionType.INTEREST,
    "deposit": TransactionType.DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "pro deposit": TransactionType.DEPOSIT,
    "pro withdrawal": TransactionType.WITHDRAWAL,
    "exchange deposit": TransactionType.DEPOSIT,
    "exchange withdrawal": TransactionType.WITHDRAWAL,
}
TRADES: dict[str, Direction] = {
    "buy": "IN",
    "sell": "OUT",
    "advance trade buy": "IN",
    "advance trade sell": "OUT",
    "advanced trade buy": "IN",
    "advanced trade sell": "OUT",
}
# Coinbase lists the two sides of these conversions (ETH2 back to ETH) as two rows, a second apart.
PAIRED = {
    "retail eth2 deprecation": TransactionType.UNSTAKE,
    "retail unstaking transfer": TransactionType.UNSTAKE,
    "retail staking transfer": TransactionType.STAKE,
}
CONVERTED = re.compile(r"Converted ([\d.,]+) (\S+) to ([\d.,]+) (\S+)")
ADVANCED = re.compile(r"(?:Bought|Sold) ([\d.,]+) (\S+) for ([\d.,]+) (\S+) on (\S+)-(\S+)")


def _price_currency(row: Row) -> str:
    for column in PRICE_CURRENCY:
        if row.text(column):
            return row.asset(column)
    raise CellError(PRICE_CURRENCY[0], "the price currency is required")


def _money(row: Row, column: str) -> Decimal | None:
    value = row.decimal(column)
    return None if value is None else abs(value)


def _flows(
    row: Row, kind: str, asset: str, quantity: Decimal, signed: Decimal
) -> tuple[TransactionType, list[Flow]] | Ignored:
    currency = _price_currency(row)
    subtotal, fee = _money(row, "Subtotal"), _money(row, "Fees and/or Spread")
    value = subtotal if subtotal is not None and not is_fiat(asset) else None
    value_currency = currency if value is not None else None
    if kind in SINGLE:
        tx_type = fiat_transfer(SINGLE[kind], asset)
        direction: Direction = (
            "OUT"
            if signed < 0
            or tx_type in (TransactionType.SEND, TransactionType.WITHDRAWAL, TransactionType.FIAT_WITHDRAWAL)
            else "IN"
        )
        return tx_type, [Flow(direction, asset, quantity, value=value, value_currency=value_currency)]
    if kind == "convert":
        match = CONVERTED.search(row.text("Notes"))
        if match is None:
            raise CellError("Notes", "a Convert needs notes of the form 'Converted X ASSET to Y ASSET'")
        received = decimal_in("Notes", match[3])
        if not received:
            raise CellError("Notes", f"the converted amount {match[3]!r} is not a positive number")
        target = normalise_asset(match[4])
        flows = [
            Flow("OUT", asset, quantity, value=value, value_currency=value_currency),
            Flow("IN", target, received, value=value, value_currency=value_currency),
        ]
        return trade_type(target, asset), flows
    direction = TRADES[kind]
    counter, counter_amount = currency, subtotal
    pair = ADVANCED.search(row.text("Notes"))
    if pair is not None and normalise_asset(pair[6]) != currency:
        counter, counter_amount = normalise_asset(pair[6]), decimal_in("Notes", pair[3])
    if counter == asset:
        return Ignored(
            row.number,
            f"Coinbase lists a {row.text('Transaction Type')} of {asset} paid in {asset}; nothing changes",
        )
    if not counter_amount:
        raise CellError("Subtotal", f"a {row.text('Transaction Type')} needs the amount paid or received")
    flows = [
        Flow(direction, asset, quantity, value=value, value_currency=value_currency),
        Flow("OUT" if direction == "IN" else "IN", counter, counter_amount),
    ]
    if fee:
        flows.append(Flow("OUT", currency, fee, is_fee=True))
    return (trade_type(asset, counter) if direction == "IN" else trade_type(counter, asset)), flows


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    columns = Columns(sheet.header)
    keys = KeyCounter()
    ids = SourceKeys()
    pending: tuple[Row, ParsedTransaction] | None = None
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            item = _row(row, keys, ids)
        except CellError as exc:
            item = RowError(number, exc.column, exc.problem)
        if pending is not None:
            joined = _join(pending, row, item)
            yield joined or pending[1]
            pending = None
            if joined is not None:
                continue
        if isinstance(item, ParsedTransaction) and item.label in PAIRED:
            pending = (row, item)
        else:
            yield item
    if pending is not None:
        yield pending[1]


def _row(row: Row, keys: KeyCounter, ids: SourceKeys) -> ParseItem:
    kind = row.required("Transaction Type").casefold()
    timestamp = row.timestamp("Timestamp")
    asset = row.asset("Asset")
    signed = row.decimal("Quantity Transacted")
    if signed is None:
        raise CellError("Quantity Transacted", "a quantity is required but the cell is empty")
    if not signed:
        return row.ignored("the quantity is zero")
    quantity = abs(signed)
    tx_type: TransactionType | None
    if kind in PAIRED:
        flows: list[Flow] = [Flow("IN" if signed > 0 else "OUT", asset, quantity)]
        tx_type = PAIRED[kind]
    elif kind in SINGLE or kind in TRADES or kind == "convert":
        built = _flows(row, kind, asset, quantity, signed)
        if isinstance(built, Ignored):
            return built
        tx_type, flows = built
    else:
        tx_type = None
        flows = [Flow("IN" if signed > 0 else "OUT", asset, quantity)]
    key = ids.key(row.text("ID"), *row.cells) if row.text("ID") else keys.key(digest(*row.cells))
    if tx_type is None:
        return by_movement(
            row.number,
            key,
            timestamp,
            flows,
            source="Coinbase",
            source_type=row.text("Transaction Type"),
            description=row.text("Notes"),
        )
    if key is None:
        return row.ignored("the same transaction is listed again")
    return ParsedTransaction(
        key, timestamp, tx_type, tuple(flows), row.number, description=row.text("Notes"), label=kind
    )


def _join(pending: tuple[Row, ParsedTransaction], row: Row, item: ParseItem) -> ParsedTransaction | None:
    first = pending[1]
    if not isinstance(item, ParsedTransaction) or item.label != first.label:
        return None
    if (
        abs((item.timestamp - first.timestamp).total_seconds()) > 5
        or item.flows[0].direction == first.flows[0].direction
    ):
        return None
    return ParsedTransaction(
        first.key,
        min(first.timestamp, item.timestamp),
        first.type,
        first.flows + item.flows,
        first.row,
        label=first.label,
    )


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "coinbase",
        "Coinbase transaction history",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="coinbase",
    ),
)
