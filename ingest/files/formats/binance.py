"""Binance transaction history, Auto-Invest history and ETH→BETH staking exports."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
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
    quantity = parse_decimal(match[1]) if match else None
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
)
