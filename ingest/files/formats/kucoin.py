"""KuCoin exports: spot trade history (the API's fill columns), the current "Spot Orders" filled orders and
order-splitting (fills) files, the older order history (`oid`, `dealValue`), deposit and withdrawal
histories.

Trades keep KuCoin's trade id, else its order id, as the key; a deposit its hash, else the digest the API
sync (`ingest/exchanges/kucoin.py`) builds for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    Row,
    digest,
    fiat_transfer,
    header_has,
    parse_rows,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("tradeCreatedAt", "symbol", "side", "size", "funds", "fee", "feeCurrency")
FILLED_ORDERS = (
    *("Order ID", "Order Time(UTC)", "Symbol", "Side", "Filled Amount", "Filled Volume"),
    *("Filled Time(UTC)", "Fee", "Fee Currency", "Status"),
)
ORDER_SPLITTING = (
    *("Order ID", "Symbol", "Side", "Filled Amount", "Filled Volume", "Filled Time(UTC)", "Fee"),
    *("Fee Currency", "Maker/Taker"),
)
ORDERS_OLD = ("oid", "symbol", "dealValue", "amount", "fee")
TRANSFERS = ("Time(UTC)", "Coin", "Amount", "Fee", "Transfer Network", "Status")
WITHDRAWAL_ADDRESS = "Withdrawal Address/Account"


def _trade(
    row: Row,
    key: str,
    timestamp: datetime,
    columns: tuple[str, str, str, str, str, str],
) -> ParsedTransaction | Ignored:
    """A trade row; `columns` names its symbol, side, base size, quote funds, fee and fee currency."""
    symbol, side_column, size_column, funds_column, fee_column, fee_currency = columns
    base, separator, quote = row.required(symbol).upper().partition("-")
    if not separator or not base or not quote:
        raise CellError(symbol, f"{row.text(symbol)!r} is not a BASE-QUOTE pair")
    size, funds = row.quantity(size_column), row.quantity(funds_column)
    if not size and not funds:
        return row.ignored("nothing of the order was filled")
    side = row.required(side_column).casefold()
    # A side KuCoin may add later is read as a buy (base in, quote out) and left for review.
    bought, paid = ((quote, funds), (base, size)) if side == "sell" else ((base, size), (quote, funds))
    flows = [Flow("IN", bought[0], bought[1]), Flow("OUT", paid[0], paid[1])]
    fee = row.decimal(fee_column)
    if fee:
        flows.append(Flow("OUT", row.asset(fee_currency), abs(fee), is_fee=True))
    if side not in ("buy", "sell"):
        return by_movement(
            row.number, key, timestamp, flows, source="KuCoin", source_type=row.text(side_column)
        )
    return ParsedTransaction(key, timestamp, trade_type(bought[0], paid[0]), tuple(flows), row.number)


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("tradeCreatedAt")
        source_id = row.text("tradeId") or row.text("orderId")
        key = source_id or keys.key(digest(timestamp.isoformat(), *row.cells))
        return _trade(row, key, timestamp, ("symbol", "side", "size", "funds", "fee", "feeCurrency"))

    return parse_rows(sheet, build)


def parse_filled_orders(sheet: Sheet) -> Iterator[ParseItem]:
    columns = ("Symbol", "Side", "Filled Amount", "Filled Volume", "Fee", "Fee Currency")

    def build(row: Row) -> ParsedTransaction | Ignored:
        return _trade(row, row.required("Order ID"), row.timestamp("Filled Time(UTC)"), columns)

    return parse_rows(sheet, build)


def parse_order_splitting(sheet: Sheet) -> Iterator[ParseItem]:
    """One row per fill, without a trade id: keyed by the fill's content, numbered when repeated."""
    keys = KeyCounter()
    columns = ("Symbol", "Side", "Filled Amount", "Filled Volume", "Fee", "Fee Currency")

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Filled Time(UTC)")
        key = keys.key(digest(row.required("Order ID"), timestamp.isoformat(), *row.cells))
        return _trade(row, key, timestamp, columns)

    return parse_rows(sheet, build)


def parse_orders_old(sheet: Sheet) -> Iterator[ParseItem]:
    side = "side" if "side" in Columns(sheet.header) else "direction"
    when = "createdAt" if "createdAt" in Columns(sheet.header) else "createdDate"

    def build(row: Row) -> ParsedTransaction | Ignored:
        columns = ("symbol", side, "amount", "dealValue", "fee", "feeCurrency")
        return _trade(row, row.required("oid"), row.timestamp(when), columns)

    return parse_rows(sheet, build)


def _is_withdrawals(sheet: Sheet) -> bool:
    return WITHDRAWAL_ADDRESS in Columns(sheet.header)


def parse_transfers(sheet: Sheet) -> Iterator[ParseItem]:
    withdrawals = _is_withdrawals(sheet)
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Time(UTC)")
        asset, amount = row.asset("Coin"), row.quantity("Amount")
        status = row.text("Status")
        if status.casefold() != "success":
            kind = "withdrawal" if withdrawals else "deposit"
            return row.ignored(f"the {kind} status is {status or 'empty'}, not SUCCESS")
        tx_hash = row.text("Hash") or None
        if withdrawals:
            tx_type, flows = TransactionType.WITHDRAWAL, [Flow("OUT", asset, amount)]
            # The export has no withdrawal id (the API's key); the hash, else the row, stands for it.
            key = tx_hash or keys.key(digest("withdrawals", timestamp.isoformat(), asset, str(amount)))
        else:
            tx_type, flows = TransactionType.DEPOSIT, [Flow("IN", asset, amount)]
            millis = str(int(timestamp.timestamp() * 1000))
            key = tx_hash or keys.key(digest("deposits", millis, asset, str(amount)))
        fee = row.decimal("Fee")
        if fee:
            flows.append(Flow("OUT", asset, abs(fee), is_fee=True))
        return ParsedTransaction(
            key, timestamp, fiat_transfer(tx_type, asset), tuple(flows), row.number, tx_hash=tx_hash
        )

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "kucoin-trades",
        "KuCoin trade history",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration="kucoin",
    ),
    FileFormat(
        "kucoin-filled-orders",
        "KuCoin spot orders (filled orders)",
        lambda s: header_has(s, *FILLED_ORDERS),
        parse_filled_orders,
        import_type=ImportType.TRADE_IMPORTS,
        integration="kucoin",
    ),
    FileFormat(
        "kucoin-order-splitting",
        "KuCoin spot orders (order splitting)",
        lambda s: header_has(s, *ORDER_SPLITTING),
        parse_order_splitting,
        import_type=ImportType.TRADE_IMPORTS,
        integration="kucoin",
    ),
    FileFormat(
        "kucoin-orders-old",
        "KuCoin order history (older layout)",
        lambda s: (
            header_has(s, *ORDERS_OLD) and ("side" in Columns(s.header) or "direction" in Columns(s.header))
        ),
        parse_orders_old,
        import_type=ImportType.TRADE_IMPORTS,
        integration="kucoin",
    ),
    FileFormat(
        "kucoin-deposits",
        "KuCoin deposit history",
        lambda s: header_has(s, *TRANSFERS) and not _is_withdrawals(s),
        parse_transfers,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="kucoin",
    ),
    FileFormat(
        "kucoin-withdrawals",
        "KuCoin withdrawal history",
        lambda s: header_has(s, *TRANSFERS, WITHDRAWAL_ADDRESS),
        parse_transfers,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="kucoin",
    ),
)
