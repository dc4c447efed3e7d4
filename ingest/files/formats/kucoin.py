"""KuCoin exports: spot trade history (the API's fill columns), the current "Spot Orders" filled orders and
order-splitting (fills) files, the older order history (`oid`, `dealValue`), deposit and withdrawal
histories, the account history (the ledger) and the futures "Realized PNL" export.

Trades keep KuCoin's trade id, else its order id, as the key; a deposit its hash, else the digest the API
sync (`ingest/exchanges/kucoin.py`) builds for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, RowError, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    Row,
    decimal_text,
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
# Account history, the ledger (jbelanger/exitbook packages/import/src/infrastructure/exchanges/kucoin/
# constants.ts, ACCOUNT_HISTORY_CSV). Side is Deposit or Withdrawal; Type is the ledger's bizType, as
# KuCoin's API docs list it (docs.kucoin.com, "Get Account Ledgers", the bizType table; also in
# ccxt/ccxt js/kucoin.js, parseLedgerEntryType), plus "Convert Market" (exitbook's processor-csv test).
ACCOUNT_HISTORY = ("UID", "Account Type", "Currency", "Side", "Amount", "Fee", "Time(UTC)", "Remark", "Type")
LEDGER_SINGLE = {
    "deposit": TransactionType.DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "rewards": TransactionType.REWARD,
    "other rewards": TransactionType.REWARD,
    "kucoin bonus": TransactionType.REWARD,
    "referral bonus": TransactionType.REFERRAL_REWARD,
    "distribution": TransactionType.AIRDROP,
    "airdrop/fork": TransactionType.AIRDROP,
    "fee rebate": TransactionType.FEE_REBATE,
    "staking profits": TransactionType.STAKING_REWARD,
    "soft staking profits": TransactionType.STAKING_REWARD,
    "refunded fees": TransactionType.FEE_REBATE,
    "kcs pay fees": TransactionType.FEE,
    "liquidation fees": TransactionType.FEE,
}
# Both sides of one exchange are two rows of the same time and type.
LEDGER_TRADES = frozenset({"exchange", "instant exchange", "convert market", "convert to kcs"})
# Moves between the user's own KuCoin accounts (main, trading, margin): the balance stays with KuCoin.
LEDGER_INTERNAL = frozenset({"transfer"})


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


def _ledger_flows(row: Row) -> list[Flow]:
    side = row.text("Side").casefold()
    amount = row.decimal("Amount")
    if amount is None:
        raise CellError("Amount", "a number is required but the cell is empty")
    inward = side == "deposit" or (side != "withdrawal" and amount > 0)
    asset = row.asset("Currency")
    flows = [Flow("IN" if inward else "OUT", asset, abs(amount))] if amount else []
    fee = row.decimal("Fee")
    if fee:
        flows.append(Flow("OUT", asset, abs(fee), is_fee=True))
    return flows


class _LedgerTrade:
    """The rows of one exchange in the account history: same time, same type."""

    def __init__(self, row: int, timestamp: datetime, kind: str) -> None:
        self.row, self.timestamp, self.kind = row, timestamp, kind
        self.flows: list[Flow] = []

    def transaction(self, keys: KeyCounter) -> ParsedTransaction:
        received = [flow.asset for flow in self.flows if flow.direction == "IN" and not flow.is_fee]
        sent = [flow.asset for flow in self.flows if flow.direction == "OUT" and not flow.is_fee]
        if len(set(received)) == 1 and len(set(sent)) == 1:
            tx_type = trade_type(received[0], sent[0])
        else:
            tx_type = TransactionType.MULTI_OPERATION_TRANSACTION
        moved = sorted(f"{f.direction}|{f.asset}|{f.is_fee}|{decimal_text(f.quantity)}" for f in self.flows)
        key = keys.key(digest("ledger", self.timestamp.isoformat(), self.kind, *moved))
        return ParsedTransaction(key, self.timestamp, tx_type, tuple(self.flows), self.row, label=self.kind)


def parse_account_history(sheet: Sheet) -> Iterator[ParseItem]:
    columns = Columns(sheet.header)
    keys = KeyCounter()
    trade: _LedgerTrade | None = None
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            label = row.required("Type")
            kind = label.casefold()
            timestamp = row.timestamp("Time(UTC)")
            flows = _ledger_flows(row)
            if trade is not None and (kind, timestamp) != (trade.kind.casefold(), trade.timestamp):
                yield trade.transaction(keys)
                trade = None
            if kind in LEDGER_INTERNAL:
                yield row.ignored(f"{label} moves funds between KuCoin accounts")
                continue
            if not flows:
                yield row.ignored("the amount is zero")
                continue
            if kind in LEDGER_TRADES:
                trade = trade or _LedgerTrade(number, timestamp, label)
                trade.flows.extend(flows)
                continue
            key = keys.key(digest("ledger", *cells))
            if kind not in LEDGER_SINGLE:
                yield by_movement(
                    number,
                    key,
                    timestamp,
                    flows,
                    source="KuCoin",
                    source_type=label,
                    description=row.text("Remark"),
                )
                continue
            asset = flows[0].asset
            yield ParsedTransaction(
                key,
                timestamp,
                fiat_transfer(LEDGER_SINGLE[kind], asset),
                tuple(flows),
                number,
                description=row.text("Remark"),
                label=label,
            )
        except CellError as exc:
            yield RowError(number, exc.column, exc.problem)
    if trade is not None:
        yield trade.transaction(keys)


# Futures Orders, Realized PNL: one row per closed position, as BittyTax reads it (BittyTax/BittyTax
# src/bittytax/conv/parsers/kucoin.py, "KuCoin Bundle Futures Orders Realized PNL" and
# _parse_kucoin_futures_row): `Realized PNL` is net of `Total Funding Fees` (received when positive) and
# `Total Trading Fees` (paid when positive); the settlement currency follows from the symbol (…USDTM in
# USDT, …USDCM in USDC, …USDM in the base coin, XBT… in BTC); times in the zone their column names.
FUTURES_PNL = ("UID", "Account Type", "Symbol", "Close Type", "Realized PNL", "Total Funding Fees")
FUTURES_PNL_FEES = "Total Trading Fees"
CLOSING_TIME = re.compile(r"Position Closing Time\(UTC(?:([-+]\d{2}):(\d{2}))?\)", re.IGNORECASE)


def _closing_time_column(sheet: Sheet) -> str | None:
    return next((name for name in sheet.header if CLOSING_TIME.fullmatch(name.strip())), None)


def _zone(column: str) -> tzinfo:
    match = CLOSING_TIME.fullmatch(column.strip())
    if match is None or match[1] is None:
        return UTC
    sign = -1 if match[1].startswith("-") else 1
    return timezone(sign * timedelta(hours=abs(int(match[1])), minutes=int(match[2])))


def _settlement_asset(row: Row) -> str:
    symbol = row.required("Symbol").upper()
    for suffix, asset in (("USDTM", "USDT"), ("USDCM", "USDC")):
        if symbol.endswith(suffix) and len(symbol) > len(suffix):
            return asset
    if symbol.endswith("USDM") and len(symbol) > 4:
        coin = symbol[:-4]
    elif symbol.startswith("XBT"):
        coin = "XBT"
    else:
        raise CellError(
            "Symbol", f"{row.text('Symbol')!r} is not a futures symbol whose settlement currency we know"
        )
    return "BTC" if coin == "XBT" else coin


def parse_futures_pnl(sheet: Sheet) -> Iterator[ParseItem]:
    """Each closed position: its profit or loss before fees (REALIZED_PNL) and its net fees (a fee when
    paid, a fee rebate when received), keyed by the row's content."""
    keys = KeyCounter()
    time_column = _closing_time_column(sheet) or "Position Closing Time(UTC)"
    zone = _zone(time_column)

    def build(row: Row) -> list[ParseItem]:
        timestamp = row.timestamp(time_column, zone=zone)
        asset = _settlement_asset(row)
        pnl = row.decimal("Realized PNL")
        if pnl is None:
            raise CellError("Realized PNL", "a number is required but the cell is empty")
        fees = (row.decimal("Total Funding Fees") or Decimal(0)) - (
            row.decimal(FUTURES_PNL_FEES) or Decimal(0)
        )
        gross = pnl - fees
        base = digest(*row.cells)
        symbol, close = row.text("Symbol"), row.text("Close Type") or None
        items: list[ParseItem] = []
        if gross:
            flow = Flow("IN" if gross > 0 else "OUT", asset, abs(gross))
            items.append(
                ParsedTransaction(
                    keys.key(digest(base, "pnl")),
                    timestamp,
                    TransactionType.REALIZED_PNL,
                    (flow,),
                    row.number,
                    description=symbol,
                    label=close,
                )
            )
        if fees:
            tx_type = TransactionType.FEE_REBATE if fees > 0 else TransactionType.MARGIN_FEE
            flow = Flow("IN" if fees > 0 else "OUT", asset, abs(fees))
            items.append(
                ParsedTransaction(
                    keys.key(digest(base, "fees")),
                    timestamp,
                    tx_type,
                    (flow,),
                    row.number,
                    description=symbol,
                )
            )
        return items or [row.ignored("the position closed with no profit, loss or fee")]

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
        "kucoin-account-history",
        "KuCoin account history",
        lambda s: header_has(s, *ACCOUNT_HISTORY),
        parse_account_history,
        import_type=ImportType.TRANSACTION_HISTORY,
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
    FileFormat(
        "kucoin-futures-pnl",
        "KuCoin futures realized PNL",
        lambda s: header_has(s, *FUTURES_PNL, FUTURES_PNL_FEES) and _closing_time_column(s) is not None,
        parse_futures_pnl,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="kucoin",
    ),
)
