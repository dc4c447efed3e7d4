"""Binance transaction history, deposit and withdrawal histories (crypto and fiat), spot trade history
(current and old), spot order history, Convert history, Auto-Invest history, ETH→BETH staking and the
futures transaction history.

The deposit, withdrawal, trade, order and Convert histories are read as the transaction history rows they
become (as the API sync in `ingest/exchanges/binance.py` does), so a movement listed in two of these
exports, or in an export and a sync, gets one natural key. The fiat histories keep Binance's order id.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo
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
    decimal_in,
    decimal_text,
    digest,
    fiat_transfer,
    header_has,
    normalise_asset,
    parse_decimal,
    parse_rows,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

HISTORY = ("User_ID", "UTC_Time", "Account", "Operation", "Coin", "Change")
AUTO_INVEST = ("Auto-Invest Date(UTC)", "Holding Coin", "Amount per period", "Trading Fee", "Units", "Status")
BETH = ("Date(UTC)", "Coin", "Token", "Amount", "Status")
HISTORY_COLUMNS = (*HISTORY, "Remark")
# Deposit History and Withdrawal History share one header (the date column is "Date(UTC)" or "Date").
TRANSFERS = ("Coin", "Amount", "TransactionFee", "Address", "TXID", "Status")
SPOT_TRADES = ("Date(UTC)", "Pair", "Side", "Price", "Executed", "Amount", "Fee")
SPOT_TRADES_OLD = ("Date(UTC)", "Market", "Type", "Price", "Amount", "Total", "Fee", "Fee Coin")
# Convert history, with or without "Wallet" after "Date"; Sell and Buy as "0.5 BTC"
# (BittyTax/BittyTax src/bittytax/conv/parsers/binance.py, parse_binance_convert).
CONVERT = ("Date", "Pair", "Type", "Sell", "Buy", "Price", "Inverse Price", "Date Updated", "Status")
# Fiat deposit and withdrawal histories share one header; the date column names its UTC offset, as
# "Date(UTC)", "Date(UTC+1)" or "Date(UTCnull)" (BittyTax/BittyTax src/bittytax/conv/parsers/binance.py,
# parse_binance_deposits_withdrawals_cash: a deposit credits Indicated Amount less Fee, a withdrawal
# sends Amount and pays Fee).
FIAT_TRANSFERS = ("Coin", "Amount", "Status", "Payment Method", "Indicated Amount", "Fee", "Order ID")
# Spot order history: one row per order, `Type` its side (BUY/SELL), or its kind (LIMIT/MARKET) when a
# `Side` column follows; the order number column ("OrderNo", "Order No.") is optional. Rows of the order's
# fills may follow it, their first cell empty, under a sub-header row ",Date(UTC),Trading Price,Filled,
# Total,Fee" (fees written as "0.0001BNB"). Layout as a public copy of a parsed export shows it
# (metko21neon/application src/assets/orders.ts: `Date(UTC),OrderNo,Pair,Type,Order Price,Order Amount,
# AvgTrading Price,Filled,Total,status`, status "Filled", Total = Filled × AvgTrading Price, each order
# followed by its fill rows with their own time, amounts and fee).
ORDERS = ("Date(UTC)", "Pair", "Type", "Order Price", "Order Amount", "AvgTrading Price", "Filled", "Total")
FILL_COLUMNS = ("", "Date(UTC)", "Trading Price", "Filled", "Total", "Fee")
# Futures transaction history (USDⓈ-M and COIN-M), as BittyTax reads it (BittyTax/BittyTax
# src/bittytax/conv/parsers/binance.py, "Binance Futures" and _parse_binance_futures_row): `type` is one of
# REALIZED_PNL, COMMISSION, FUNDING_FEE (signed amounts), COIN_SWAP_DEPOSIT/COIN_SWAP_WITHDRAW (the two
# sides of a swap, sharing a Transaction ID), DEPOSIT/WITHDRAW/TRANSFER (moves to and from the spot wallet).
FUTURES = ("Date(UTC)", "type", "Amount", "Asset", "Symbol", "Transaction ID")
FUTURES_SINGLE = {
    "realized_pnl": TransactionType.REALIZED_PNL,
    "commission": TransactionType.MARGIN_FEE,
    "funding_fee": TransactionType.FUNDING_FEE,
}
FUTURES_SWAP = frozenset({"coin_swap_deposit", "coin_swap_withdraw"})
FUTURES_INTERNAL = frozenset({"deposit", "withdraw", "transfer"})
FIAT_DATE = re.compile(r"Date\((UTC(?:null|[-+]\d{1,2})?)\)", re.IGNORECASE)
SETTLED = frozenset({"completed", "success", "successful", "finished"})
# Quote assets of Binance spot markets, for pairs written without a separator ("XLMETH"); longest first.
QUOTES = tuple(
    sorted(
        (
            *("FDUSD", "USDT", "BUSD", "USDC", "TUSD", "USDP", "USDS", "DAI", "PAX", "UST", "AEUR", "EURI"),
            *("BTC", "ETH", "BNB", "XRP", "TRX", "DOGE", "DOT", "VAI", "IDRT", "BIDR", "BKRW", "BVND", "NGN"),
            *("EUR", "GBP", "TRY", "BRL", "AUD", "RUB", "UAH", "ZAR", "JPY", "PLN", "RON", "ARS", "MXN"),
            *("COP", "CZK"),
        ),
        key=len,
        reverse=True,
    )
)
# Markets whose name also ends with a longer quote asset ("ADAEUR" is ADA/EUR, not AD/AEUR), as BittyTax
# lists them (BittyTax/BittyTax src/bittytax/conv/parsers/binance.py, TRADINGPAIR_TO_QUOTE_ASSET).
MARKET_QUOTES = {"ADAEUR": "EUR", "ENAEUR": "EUR", "GALAEUR": "EUR", "LUNAEUR": "EUR", "THETAEUR": "EUR"}
TRADE_OPERATIONS = frozenset(
    {
        "buy",
        "sell",
        "fee",
        "transaction buy",
        "transaction spend",
        "transaction fee",
        "transaction sold",
        "transaction revenue",
        "large otc trading",
        "small assets exchange bnb",
        "binance convert",
        "auto-invest transaction",
        "eth 2.0 staking",
        "etf subscription",
        "transaction related",
        "stablecoins auto-conversion",
        "token swap - redenomination/rebranding",
        "asset conversion transfer",
    }
)
SINGLE = {
    "deposit": TransactionType.DEPOSIT,
    "withdraw": TransactionType.WITHDRAWAL,
    "distribution": TransactionType.AIRDROP,
    "airdrop assets": TransactionType.AIRDROP,
    "commission history": TransactionType.REFERRAL_REWARD,
    "referral kickback": TransactionType.REFERRAL_REWARD,
    "referral commission": TransactionType.REFERRAL_REWARD,
    "commission rebate": TransactionType.FEE_REBATE,
    "cashback voucher": TransactionType.CASHBACK,
    "card cashback": TransactionType.CASHBACK,
    "simple earn flexible interest": TransactionType.INTEREST,
    "simple earn locked rewards": TransactionType.STAKING_REWARD,
    "savings interest": TransactionType.INTEREST,
    "pos savings interest": TransactionType.STAKING_REWARD,
    "staking rewards": TransactionType.STAKING_REWARD,
    "eth 2.0 staking rewards": TransactionType.STAKING_REWARD,
    "launchpool interest": TransactionType.REWARD,
    "launchpool airdrop": TransactionType.AIRDROP,
    "mining": TransactionType.MINING_REWARD,
    "pool distribution": TransactionType.MINING_REWARD,
    "crypto box": TransactionType.GIFT_RECEIVED,
    "fiat deposit": TransactionType.FIAT_DEPOSIT,
    "fiat withdraw": TransactionType.FIAT_WITHDRAWAL,
    "funding fee": TransactionType.FUNDING_FEE,
    "realized profit and loss": TransactionType.REALIZED_PNL,
    "send": TransactionType.SEND,
    "binance card spending": TransactionType.SEND,
    "bnb vault rewards": TransactionType.REWARD,
    "megadrop rewards": TransactionType.AIRDROP,
    "hodler airdrops distribution": TransactionType.AIRDROP,
    "simple earn flexible airdrop": TransactionType.AIRDROP,
    "simple earn locked airdrop": TransactionType.AIRDROP,
    "staking purchase rewards": TransactionType.STAKING_REWARD,
    "asset recovery": TransactionType.DEPOSIT,
    "insurance fund compensation": TransactionType.INCOME,
}
# Moves between the user's own Binance wallets: the balance stays with Binance.
INTERNAL = frozenset(
    {
        "transfer between main and funding wallet",
        "transfer between spot account and um futures account",
        "savings purchase",
        "savings principal redemption",
        "simple earn flexible subscription",
        "simple earn flexible redemption",
        "simple earn locked subscription",
        "simple earn locked redemption",
        "pos savings purchase",
        "pos savings redemption",
        "staking purchase",
        "staking redemption",
        "main and funding account transfer",
        "transfer between main account/futures and margin account",
    }
)
AMOUNT_THEN_ASSET = re.compile(r"\s*([-+]?[\d.,]+(?:[eE][-+]?\d+)?)\s*([A-Za-z][A-Za-z0-9]*)\s*")
AMOUNT_WITH_ASSET = re.compile(r"\s*([-+]?[\d.,]+(?:[eE][-+]?\d+)?)\s+([A-Za-z0-9]+)\s*")


class _Trade:
    def __init__(self, row: int, timestamp: datetime, account: str) -> None:
        self.row, self.timestamp, self.account = row, timestamp, account
        self.totals: dict[tuple[str, str, bool], Decimal] = {}

    def add(self, direction: str, asset: str, quantity: Decimal, is_fee: bool) -> None:
        slot = (direction, asset, is_fee)
        self.totals[slot] = self.totals.get(slot, Decimal(0)) + quantity

    def transaction(self, keys: KeyCounter) -> ParsedTransaction | RowError:
        flows = tuple(Flow(d, a, q, is_fee=f) for (d, a, f), q in self.totals.items() if q)  # type: ignore[arg-type]
        received = {flow.asset for flow in flows if flow.direction == "IN" and not flow.is_fee}
        sent = {flow.asset for flow in flows if flow.direction == "OUT" and not flow.is_fee}
        if len(received) > 1 or len(sent) > 1:
            tx_type = TransactionType.MULTI_OPERATION_TRANSACTION
        elif received or sent:
            tx_type = trade_type(next(iter(received), ""), next(iter(sent), ""))
        else:
            return RowError(self.row, "Operation", "fee rows without the trade they belong to")
        # Keyed by what changed, not by how the rows spell it, so the API sync (ingest/exchanges/binance.py)
        # that rebuilds these rows from the trades gives the same key however Binance splits the fills.
        moved = sorted(f"{f.direction}|{f.asset}|{f.is_fee}|{decimal_text(f.quantity)}" for f in flows)
        key = keys.key(digest(self.timestamp.isoformat(), self.account, *moved))
        return ParsedTransaction(key, self.timestamp, tx_type, flows, self.row)


def parse_history(sheet: Sheet) -> Iterator[ParseItem]:
    columns = Columns(sheet.header)
    keys = KeyCounter()
    trade: _Trade | None = None
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            operation = row.required("Operation").casefold()
            timestamp = row.timestamp("UTC_Time")
            account = row.text("Account")
            asset = row.asset("Coin")
            change = row.decimal("Change")
            if change is None:
                raise CellError("Change", "a number is required but the cell is empty")
            if trade is not None and (
                operation not in TRADE_OPERATIONS or (timestamp, account) != (trade.timestamp, trade.account)
            ):
                yield trade.transaction(keys)
                trade = None
            if operation in INTERNAL:
                yield row.ignored(f"{row.text('Operation')} moves funds between Binance wallets")
                continue
            if not change:
                yield row.ignored("the change is zero")
                continue
            direction: Direction = "IN" if change > 0 else "OUT"
            if operation in TRADE_OPERATIONS:
                trade = trade or _Trade(number, timestamp, account)
                trade.add(direction, asset, abs(change), "fee" in operation)
                continue
            key = keys.key(digest(timestamp.isoformat(), account, operation, asset, decimal_text(change)))
            if operation not in SINGLE:
                flows = (Flow(direction, asset, abs(change)),)
                yield by_movement(
                    number,
                    key,
                    timestamp,
                    flows,
                    source="Binance",
                    source_type=row.text("Operation"),
                    description=row.text("Remark"),
                )
                continue
            tx_type = fiat_transfer(SINGLE[operation], asset)
            yield ParsedTransaction(
                key,
                timestamp,
                tx_type,
                (Flow(direction, asset, abs(change)),),
                number,
                description=row.text("Remark"),
                label=operation,
            )
        except CellError as exc:
            yield RowError(number, exc.column, exc.problem)
    if trade is not None:
        yield trade.transaction(keys)


def _amount_with_asset(row: Row, column: str) -> tuple[Decimal, str]:
    text = row.required(column)
    match = AMOUNT_WITH_ASSET.fullmatch(text)
    quantity = decimal_in(column, match[1]) if match else None
    if match is None or quantity is None:
        raise CellError(column, f"{text!r} is not an amount followed by its asset, like '10.5 USDT'")
    return abs(quantity), normalise_asset(match[2])


def parse_auto_invest(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Auto-Invest Date(UTC)")
        status = row.text("Status")
        if status.casefold() != "success":
            return row.ignored(f"the purchase status is {status or 'empty'}, not Success")
        units, coin = _amount_with_asset(row, "Units")
        spent, paid_in = _amount_with_asset(row, "Amount per period")
        fee, fee_asset = _amount_with_asset(row, "Trading Fee")
        if fee_asset == paid_in and fee <= spent:
            spent -= fee  # the amount per period includes the trading fee
        flows = [Flow("IN", coin, units), Flow("OUT", paid_in, spent)]
        if fee:
            flows.append(Flow("OUT", fee_asset, fee, is_fee=True))
        key = keys.key(digest(timestamp.isoformat(), *row.cells))
        return ParsedTransaction(
            key, timestamp, trade_type(coin, paid_in), tuple(flows), row.number, description=row.text("From")
        )

    return parse_rows(sheet, build)


def parse_beth(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date(UTC)")
        status = row.text("Status")
        if status.casefold() != "success":
            return row.ignored(f"the staking status is {status or 'empty'}, not Success")
        amount = row.quantity("Amount")
        flows = (Flow("OUT", row.asset("Coin"), amount), Flow("IN", row.asset("Token"), amount))
        return ParsedTransaction(
            keys.key(digest(timestamp.isoformat(), *row.cells)),
            timestamp,
            TransactionType.STAKE,
            flows,
            row.number,
        )

    return parse_rows(sheet, build)


HistoryLine = tuple[str, str, Decimal]  # operation, coin, change: a transaction history row
# The history rows one export row stands for, at one time, with its transaction hash; or, for an order
# and its fills, several such groups, each with the file row it comes from.
Timed = tuple[datetime, list[HistoryLine], str | None]
Fills = list[tuple[int, datetime, list[HistoryLine]]]
Converted = Ignored | ParsedTransaction | RowError | Timed | Fills


def _via_history(sheet: Sheet, convert: Callable[[Row], Converted]) -> Iterator[ParseItem]:
    """The rows of another Binance export, each converted to the transaction history rows it stands for
    (or to an item of its own) and read by `parse_history`, so keys match the history's and the API's."""
    columns = Columns(sheet.header)
    aside: list[ParseItem] = []  # the file's own items, yielded in step with the history's
    hashes: dict[int, str] = {}

    def rows() -> Iterator[tuple[int, list[str]]]:
        for number, cells in sheet.rows():
            try:
                converted = convert(Row(number, cells, columns))
            except CellError as exc:
                aside.append(RowError(number, exc.column, exc.problem))
                continue
            if isinstance(converted, list):
                groups = converted
            elif isinstance(converted, tuple):
                timestamp, lines, tx_hash = converted
                if tx_hash:
                    hashes[number] = tx_hash
                groups = [(number, timestamp, lines)]
            else:
                aside.append(converted)
                continue
            for at, timestamp, lines in groups:
                when = timestamp.strftime("%Y-%m-%d %H:%M:%S")
                for operation, coin, change in lines:
                    yield at, ["", when, "Spot", operation, coin, f"{change:f}", ""]

    for item in parse_history(Sheet(HISTORY_COLUMNS, rows)):
        yield from aside
        aside.clear()
        if isinstance(item, ParsedTransaction) and item.row in hashes:
            item = dataclasses.replace(item, tx_hash=hashes.pop(item.row))
        yield item
    yield from aside


def _transfer_direction(sheet: Sheet) -> str | None:
    """Deposit and withdrawal histories differ only by their file name."""
    name = sheet.filename.casefold()
    if "withdraw" in name:
        return "Withdraw"
    return "Deposit" if "deposit" in name else None


def _transfers_detected(sheet: Sheet, direction: str) -> bool:
    columns = Columns(sheet.header)
    dated = "Date(UTC)" in columns or "Date" in columns
    return dated and columns.has_all(*TRANSFERS) and _transfer_direction(sheet) == direction


def parse_transfers(sheet: Sheet) -> Iterator[ParseItem]:
    operation = _transfer_direction(sheet) or "Deposit"

    def convert(row: Row) -> Converted:
        timestamp = row.timestamp("Date(UTC)" if "Date(UTC)" in row.columns else "Date")
        coin, amount = row.asset("Coin"), row.quantity("Amount")
        status = row.text("Status")
        if status.casefold() not in SETTLED:
            kind = "deposit" if operation == "Deposit" else "withdrawal"
            return row.ignored(f"the {kind} status is {status or 'empty'}, not Completed")
        # The transaction history lists a withdrawal as one row of the amount sent plus the network fee.
        change = amount if operation == "Deposit" else -(amount + (row.decimal("TransactionFee") or 0))
        return timestamp, [(operation, coin, change)], row.text("TXID") or None

    return _via_history(sheet, convert)


def _fiat_date_column(sheet: Sheet) -> str | None:
    return next((name for name in sheet.header if FIAT_DATE.fullmatch(name.strip())), None)


def _fiat_zone(column: str) -> tzinfo:
    """The time zone a fiat history's date column names: "Date(UTC+1)" is UTC+01:00."""
    match = FIAT_DATE.fullmatch(column.strip())
    hours = match[1][3:] if match else ""
    return timezone(timedelta(hours=int(hours))) if hours[1:].isdigit() else UTC


def _fiat_detected(sheet: Sheet, direction: str) -> bool:
    return (
        _fiat_date_column(sheet) is not None
        and header_has(sheet, *FIAT_TRANSFERS)
        and _transfer_direction(sheet) == direction
    )


def parse_fiat_transfers(sheet: Sheet) -> Iterator[ParseItem]:
    withdrawals = _transfer_direction(sheet) == "Withdraw"
    date_column = _fiat_date_column(sheet) or "Date(UTC)"
    zone = _fiat_zone(date_column)

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp(date_column, zone=zone)
        coin = row.asset("Coin")
        status = row.text("Status")
        if status.casefold() not in SETTLED:
            kind = "withdrawal" if withdrawals else "deposit"
            return row.ignored(f"the fiat {kind} status is {status or 'empty'}, not Successful")
        if withdrawals:
            tx_type, flows = TransactionType.WITHDRAWAL, [Flow("OUT", coin, row.quantity("Amount"))]
        else:
            tx_type, flows = TransactionType.DEPOSIT, [Flow("IN", coin, row.quantity("Indicated Amount"))]
        fee = row.decimal("Fee")
        if fee:
            flows.append(Flow("OUT", coin, abs(fee), is_fee=True))
        return ParsedTransaction(
            row.required("Order ID"),
            timestamp,
            fiat_transfer(tx_type, coin),
            tuple(flows),
            row.number,
            description=row.text("Payment Method"),
        )

    return parse_rows(sheet, build)


def parse_convert(sheet: Sheet) -> Iterator[ParseItem]:
    def convert(row: Row) -> Converted:
        timestamp = row.timestamp("Date")
        status = row.text("Status")
        if status.casefold() not in SETTLED:
            return row.ignored(f"the conversion status is {status or 'empty'}, not Successful")
        sold, sold_asset = _amount_with_asset(row, "Sell")
        bought, bought_asset = _amount_with_asset(row, "Buy")
        return (
            timestamp,
            [("Binance Convert", bought_asset, bought), ("Binance Convert", sold_asset, -sold)],
            None,
        )

    return _via_history(sheet, convert)


def _number_then_asset(text: str, asset: str) -> Decimal | None:
    """The number of a cell like "0.5BTC" or "0.5 BTC" when it ends with `asset`, else None."""
    if not asset or not text.upper().endswith(asset):
        return None
    try:
        quantity = parse_decimal(text[: -len(asset)].strip())
    except ValueError:
        return None
    return None if quantity is None else abs(quantity)


def _split_market(row: Row, column: str) -> tuple[str, str]:
    market = re.sub(r"[\s/_-]", "", row.required(column).upper())
    quote = MARKET_QUOTES.get(market) or next(
        (q for q in QUOTES if market.endswith(q) and len(market) > len(q)), None
    )
    if quote is None:
        raise CellError(column, f"{row.text(column)!r} is not a market of a quote asset we know")
    return normalise_asset(market[: -len(quote)]), normalise_asset(quote)


def _spot_amounts(row: Row) -> tuple[str, Decimal, str, Decimal]:
    """Base asset and quantity, quote asset and quantity of a current trade history row: "0.5BTC" and
    "21000USDT", split from the pair by the assets the cells end with (or plain numbers)."""
    pair = re.sub(r"[\s/_-]", "", row.required("Pair").upper())
    executed, amount = row.required("Executed"), row.required("Amount")
    for cut in range(1, len(pair)):
        base, quote = pair[:cut], pair[cut:]
        bought, paid = _number_then_asset(executed, base), _number_then_asset(amount, quote)
        if bought is not None and paid is not None:
            return normalise_asset(base), bought, normalise_asset(quote), paid
    base, quote = _split_market(row, "Pair")
    return base, row.quantity("Executed"), quote, row.quantity("Amount")


def _spot_fee(row: Row, base: str, quote: str) -> tuple[Decimal, str]:
    text = row.text("Fee")
    if not text:
        return Decimal(0), quote
    if row.text("Fee Coin"):
        return row.quantity("Fee"), row.asset("Fee Coin")
    for asset in (base, quote, "BNB"):
        fee = _number_then_asset(text, asset)
        if fee is not None:
            return fee, asset
    match = AMOUNT_THEN_ASSET.fullmatch(text)
    fee = _number_then_asset(text, match[2].upper()) if match else None
    if match is None or fee is None:
        raise CellError("Fee", f"{text!r} is not an amount followed by its asset, like '0.001BNB'")
    return fee, normalise_asset(match[2])


def _trade_lines(
    keys: KeyCounter,
    row: Row,
    side_column: str,
    base: str,
    bought: Decimal,
    quote: str,
    paid: Decimal,
    fee: tuple[Decimal, str],
) -> Converted:
    timestamp = row.timestamp("Date(UTC)")
    side = row.required(side_column).casefold()
    if side == "buy":
        lines = [("Transaction Buy", base, bought), ("Transaction Spend", quote, -paid)]
    elif side == "sell":
        lines = [("Transaction Sold", base, -bought), ("Transaction Revenue", quote, paid)]
    else:
        flows = [Flow("IN", base, bought), Flow("OUT", quote, paid)]
        if fee[0]:
            flows.append(Flow("OUT", fee[1], fee[0], is_fee=True))
        key = keys.key(digest(timestamp.isoformat(), "Spot", side, *row.cells))
        return by_movement(
            row.number, key, timestamp, flows, source="Binance", source_type=row.text(side_column)
        )
    if fee[0]:
        lines.append(("Transaction Fee", fee[1], -fee[0]))
    return timestamp, lines, None


def parse_spot_trades(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def convert(row: Row) -> Converted:
        base, bought, quote, paid = _spot_amounts(row)
        return _trade_lines(keys, row, "Side", base, bought, quote, paid, _spot_fee(row, base, quote))

    return _via_history(sheet, convert)


def parse_spot_trades_old(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def convert(row: Row) -> Converted:
        base, quote = _split_market(row, "Market")
        fee = row.decimal("Fee")
        fee_asset = row.asset("Fee Coin") if fee else quote
        bought, paid = row.quantity("Amount"), row.quantity("Total")
        return _trade_lines(
            keys, row, "Type", base, bought, quote, paid, (abs(fee) if fee else Decimal(0), fee_asset)
        )

    return _via_history(sheet, convert)


def _order_amount(row: Row, column: str, asset: str) -> Decimal:
    """An order or fill amount, written plain ("22.38") or followed by its asset ("22.38CAKE"); 0 if empty."""
    found = _number_then_asset(row.text(column), asset)
    if found is not None:
        return found
    value = row.decimal(column)
    return Decimal(0) if value is None else abs(value)


def _fill_lines(side: str, base: str, quote: str, fill: Row) -> list[HistoryLine]:
    """The transaction history rows of one fill of an order, as the spot trade history's row of it."""
    bought, paid = _order_amount(fill, "Filled", base), _order_amount(fill, "Total", quote)
    if not bought:
        raise CellError("Filled", "a fill of an order must fill an amount")
    if side == "buy":
        lines = [("Transaction Buy", base, bought), ("Transaction Spend", quote, -paid)]
    else:
        lines = [("Transaction Sold", base, -bought), ("Transaction Revenue", quote, paid)]
    fee, fee_asset = _spot_fee(fill, base, quote)
    if fee:
        lines.append(("Transaction Fee", fee_asset, -fee))
    return lines


def parse_orders(sheet: Sheet) -> Iterator[ParseItem]:
    """Spot order history: an order's fill rows, when the export lists them, are read as the spot trade
    history's rows of those fills (same time, amounts and fee), so they key as that export and the
    transaction history do. An order without fill rows is one trade of its Filled and Total at the order's
    date with no fee; an order that filled nothing is ignored."""
    columns = Columns(sheet.header)
    side_column = "Side" if "Side" in columns else "Type"
    fills_of: dict[int, list[Row]] = {}
    orphans: set[int] = set()
    keys = KeyCounter()

    def orders() -> Iterator[tuple[int, Sequence[str]]]:
        fill_columns = Columns(FILL_COLUMNS)
        order: tuple[int, Sequence[str]] | None = None
        fills: list[Row] = []
        for number, cells in sheet.rows():
            if len(cells) > 1 and not cells[0] and cells[1]:  # a fill row, or the fill rows' header
                if cells[1].casefold() == "date(utc)":
                    fill_columns = Columns(cells)
                elif order is None:
                    orphans.add(number)
                    yield number, cells
                else:
                    fills.append(Row(number, cells, fill_columns))
                continue
            if order is not None:
                fills_of[order[0]] = fills
                yield order
            order, fills = (number, cells), []
        if order is not None:
            fills_of[order[0]] = fills
            yield order

    def convert(row: Row) -> Converted:
        fills = fills_of.pop(row.number, [])
        if row.number in orphans:
            raise CellError("Date(UTC)", "a fill row with no order row above it")
        base, quote = _split_market(row, "Pair")
        side = row.required(side_column).casefold()
        if not fills:
            filled = _order_amount(row, "Filled", base)
            if not filled:
                return row.ignored(f"the order filled nothing (status {row.text('status') or 'empty'})")
            total = _order_amount(row, "Total", quote)
            return _trade_lines(keys, row, side_column, base, filled, quote, total, (Decimal(0), quote))
        if side not in ("buy", "sell"):
            fees = [_spot_fee(fill, base, quote) for fill in fills]
            flows = [
                Flow("IN", base, _order_amount(row, "Filled", base)),
                Flow("OUT", quote, _order_amount(row, "Total", quote)),
                *(Flow("OUT", asset, fee, is_fee=True) for fee, asset in fees if fee),
            ]
            timestamp = row.timestamp("Date(UTC)")
            key = keys.key(digest(timestamp.isoformat(), "Spot", side, *row.cells))
            return by_movement(
                row.number, key, timestamp, flows, source="Binance", source_type=row.text(side_column)
            )
        groups: Fills = []
        for fill in fills:
            try:
                groups.append(
                    (fill.number, fill.timestamp("Date(UTC)"), _fill_lines(side, base, quote, fill))
                )
            except CellError as exc:
                return RowError(fill.number, exc.column, exc.problem)
        return groups

    return _via_history(dataclasses.replace(sheet, rows=orders), convert)


def parse_futures(sheet: Sheet) -> Iterator[ParseItem]:
    """Futures transaction history: profit and loss, commissions and funding fees as their own
    transactions, the two rows of a coin swap (one Transaction ID) as one trade, moves to and from the spot
    wallet ignored, any other type imported for review. Keyed by content (the transaction history's own
    futures rows name the account, which this export does not, so the two are not matched)."""
    keys = KeyCounter()
    swaps: dict[str, tuple[int, datetime, Flow, str, str]] = {}

    def build(row: Row) -> ParsedTransaction | Ignored | None:
        timestamp = row.timestamp("Date(UTC)")
        kind = row.required("type").casefold()
        asset = row.asset("Asset")
        amount = row.decimal("Amount")
        if amount is None:
            raise CellError("Amount", "a number is required but the cell is empty")
        if kind in FUTURES_INTERNAL:
            return row.ignored(f"{row.text('type')} moves funds between Binance wallets")
        if not amount:
            return row.ignored("the amount is zero")
        flow = Flow("IN" if amount > 0 else "OUT", asset, abs(amount))
        tx_id, symbol = row.text("Transaction ID"), row.text("Symbol")
        key = keys.key(digest(timestamp.isoformat(), kind, asset, decimal_text(amount), symbol, tx_id))
        if kind in FUTURES_SWAP and tx_id:
            first = swaps.pop(tx_id, None)
            if first is None:
                swaps[tx_id] = (row.number, timestamp, flow, key, row.text("type"))
                return None
            number, when, other, first_key, _ = first
            flows = (other, flow)
            received = [f.asset for f in flows if f.direction == "IN"]
            sent = [f.asset for f in flows if f.direction == "OUT"]
            if len(received) == len(sent) == 1:
                tx_type = trade_type(received[0], sent[0])
                return ParsedTransaction(
                    first_key, when, tx_type, flows, number, description=symbol, label="coin swap"
                )
            return by_movement(
                number, first_key, when, flows, source="Binance futures", source_type=row.text("type")
            )
        if kind not in FUTURES_SINGLE:
            return by_movement(
                row.number,
                key,
                timestamp,
                [flow],
                source="Binance futures",
                source_type=row.text("type"),
                description=symbol,
            )
        return ParsedTransaction(
            key,
            timestamp,
            FUTURES_SINGLE[kind],
            (flow,),
            row.number,
            description=symbol,
            label=row.text("type"),
        )

    yield from parse_rows(sheet, build)
    for tx_id, (number, timestamp, flow, key, shown) in swaps.items():  # the other row is not in the file
        item = by_movement(number, key, timestamp, [flow], source="Binance futures", source_type=shown)
        if isinstance(item, ParsedTransaction):
            moved = "a receipt" if flow.direction == "IN" else "a send"
            reason = (
                f"The other side of the Binance futures coin swap {tx_id} is not in the file: imported as "
                f"{moved} of what this row moves. Check that this is what happened."
            )
            item = dataclasses.replace(item, review=reason)
        yield item


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "binance",
        "Binance transaction history",
        lambda s: header_has(s, *HISTORY),
        parse_history,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="binance",
    ),
    FileFormat(
        "binance-auto-invest",
        "Binance Auto-Invest history",
        lambda s: header_has(s, *AUTO_INVEST),
        parse_auto_invest,
        import_type=ImportType.TRADE_IMPORTS,
        integration="binance",
    ),
    FileFormat(
        "binance-eth-staking",
        "Binance ETH 2.0 staking (BETH)",
        lambda s: header_has(s, *BETH),
        parse_beth,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="binance",
    ),
    FileFormat(
        "binance-deposits",
        "Binance deposit history",
        lambda s: _transfers_detected(s, "Deposit"),
        parse_transfers,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="binance",
    ),
    FileFormat(
        "binance-withdrawals",
        "Binance withdrawal history",
        lambda s: _transfers_detected(s, "Withdraw"),
        parse_transfers,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="binance",
    ),
    FileFormat(
        "binance-fiat-deposits",
        "Binance fiat deposit history",
        lambda s: _fiat_detected(s, "Deposit"),
        parse_fiat_transfers,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="binance",
    ),
    FileFormat(
        "binance-fiat-withdrawals",
        "Binance fiat withdrawal history",
        lambda s: _fiat_detected(s, "Withdraw"),
        parse_fiat_transfers,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="binance",
    ),
    FileFormat(
        "binance-convert",
        "Binance Convert history",
        lambda s: header_has(s, *CONVERT),
        parse_convert,
        import_type=ImportType.TRADE_IMPORTS,
        integration="binance",
    ),
    FileFormat(
        "binance-spot-trades",
        "Binance spot trade history",
        lambda s: header_has(s, *SPOT_TRADES),
        parse_spot_trades,
        import_type=ImportType.TRADE_IMPORTS,
        integration="binance",
    ),
    FileFormat(
        "binance-spot-trades-old",
        "Binance trade history (older layout)",
        lambda s: header_has(s, *SPOT_TRADES_OLD),
        parse_spot_trades_old,
        import_type=ImportType.TRADE_IMPORTS,
        integration="binance",
    ),
    FileFormat(
        "binance-spot-orders",
        "Binance spot order history",
        lambda s: header_has(s, *ORDERS),
        parse_orders,
        import_type=ImportType.TRADE_IMPORTS,
        integration="binance",
    ),
    FileFormat(
        "binance-futures",
        "Binance futures transaction history",
        lambda s: header_has(s, *FUTURES),
        parse_futures,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="binance",
    ),
)
