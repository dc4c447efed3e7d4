"""Bittrex exports: order history (current, old and older layouts), transaction history and the old
deposit history."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Row,
    fiat_transfer,
    header_has,
    normalise_asset,
    parse_rows,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

ORDERS = (
    "TXID",
    "Time (UTC)",
    "Transaction",
    "Market",
    "Base",
    "Quote",
    "Quantity (Base)",
    "Fees (Quote)",
    "Total (Quote)",
)
ORDERS_OLD = ("OrderUuid", "Exchange", "Type", "Quantity", "CommissionPaid", "Price", "Closed")
ORDERS_OLDER = ("UUID", "QUOTE", "MARKET", "ORDERTYPE", "FILLED", "PROCEEDS", "COMISSIONPAID", "CLOSED")
TRANSFERS = ("Date", "Currency", "Type", "Address", "TxId", "Amount")
DEPOSITS_OLD = ("UUID", "AMOUNT", "CURRENCY", "TXID", "LASTUPDATED", "STATE")


def _trade(
    row: Row,
    key: str,
    side: str,
    base: str,
    quote: str,
    quantity: Decimal,
    cost: Decimal,
    fee: Decimal | None,
    time_column: str,
) -> ParsedTransaction | Ignored:
    timestamp = row.timestamp(time_column)
    # A side Bittrex did not document is read as a buy (base in, quote out) and left for review.
    bought, paid = ((quote, cost), (base, quantity)) if side == "sell" else ((base, quantity), (quote, cost))
    flows = [Flow("IN", bought[0], bought[1]), Flow("OUT", paid[0], paid[1])]
    if fee:
        flows.append(Flow("OUT", quote, abs(fee), is_fee=True))
    if side not in ("buy", "sell"):
        return by_movement(row.number, key, timestamp, flows, source="Bittrex", source_type=side)
    return ParsedTransaction(
        key, timestamp, trade_type(bought[0], paid[0]), tuple(flows), row.number, label=side
    )


def _side(row: Row, column: str) -> str:
    """The side, "buy" or "sell"; the cell as written when it is neither."""
    text = row.required(column).casefold()
    if "buy" in text or text == "bought":
        return "buy"
    if "sell" in text or text == "sold":
        return "sell"
    return row.text(column)


def parse_orders(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        side = _side(row, "Transaction")
        fee = row.decimal("Fees (Quote)") or Decimal(0)
        total = row.quantity("Total (Quote)")
        # Total includes the fee on a buy and is net of it on a sell.
        cost = total + fee if side == "sell" else total - fee
        return _trade(
            row,
            row.required("TXID"),
            side,
            row.asset("Base"),
            row.asset("Quote"),
            row.quantity("Quantity (Base)"),
            cost,
            fee,
            "Time (UTC)",
        )

    return parse_rows(sheet, build)


def parse_orders_old(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        quote, separator, base = row.required("Exchange").partition("-")
        if not separator:
            raise CellError("Exchange", f"{row.text('Exchange')!r} is not a QUOTE-BASE market")
        return _trade(
            row,
            row.required("OrderUuid"),
            _side(row, "Type"),
            normalise_asset(base),
            normalise_asset(quote),
            row.quantity("Quantity"),
            row.quantity("Price"),
            row.decimal("CommissionPaid"),
            "Closed",
        )

    return parse_rows(sheet, build)


def parse_orders_older(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        return _trade(
            row,
            row.required("UUID"),
            _side(row, "ORDERTYPE"),
            row.asset("MARKET"),
            row.asset("QUOTE"),
            row.quantity("FILLED"),
            row.quantity("PROCEEDS"),
            row.decimal("COMISSIONPAID"),
            "CLOSED",
        )

    return parse_rows(sheet, build)


def parse_transfers(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        asset = row.asset("Currency")
        kind = row.required("Type").upper()
        amount = row.decimal("Amount")
        if not amount:
            return row.ignored("the amount is zero or empty")
        if kind not in ("DEPOSIT", "WITHDRAWAL"):
            key = f"{kind.lower()}-{row.text('TxId') or timestamp.isoformat()}-{asset}"
            flows = (Flow("IN" if amount > 0 else "OUT", asset, abs(amount)),)
            return by_movement(
                row.number, key, timestamp, flows, source="Bittrex", source_type=row.text("Type")
            )
        tx_type = fiat_transfer(TransactionType(kind), asset)
        direction: Direction = "IN" if kind == "DEPOSIT" else "OUT"
        tx_hash = row.text("TxId") or None
        key = f"{kind.lower()}-{tx_hash or timestamp.isoformat()}-{asset}"
        return ParsedTransaction(
            key, timestamp, tx_type, (Flow(direction, asset, abs(amount)),), row.number, tx_hash=tx_hash
        )

    return parse_rows(sheet, build)


def parse_deposits_old(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("LASTUPDATED")
        asset = row.asset("CURRENCY")
        amount = row.quantity("AMOUNT")
        state = row.text("STATE")
        if state.casefold() not in ("confirmed", "completed"):
            return row.ignored(f"the deposit is {state or 'without a state'}, not confirmed")
        if not amount:
            return row.ignored("the amount is zero")
        tx_type = fiat_transfer(TransactionType.DEPOSIT, asset)
        return ParsedTransaction(
            row.required("UUID"),
            timestamp,
            tx_type,
            (Flow("IN", asset, amount),),
            row.number,
            tx_hash=row.text("TXID") or None,
        )

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bittrex-orders",
        "Bittrex order history",
        lambda s: header_has(s, *ORDERS),
        parse_orders,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
    FileFormat(
        "bittrex-orders-old",
        "Bittrex order history (old)",
        lambda s: header_has(s, *ORDERS_OLD),
        parse_orders_old,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
    FileFormat(
        "bittrex-orders-older",
        "Bittrex order history (older)",
        lambda s: header_has(s, *ORDERS_OLDER),
        parse_orders_older,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
    FileFormat(
        "bittrex-transfers",
        "Bittrex deposits and withdrawals",
        lambda s: header_has(s, *TRANSFERS),
        parse_transfers,
        import_type=ImportType.TRADE_TRANSFERS,
        integration=None,
    ),
    FileFormat(
        "bittrex-deposits-old",
        "Bittrex deposit history (old)",
        lambda s: header_has(s, *DEPOSITS_OLD),
        parse_deposits_old,
        import_type=ImportType.TRADE_TRANSFERS,
        integration=None,
    ),
)
