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
from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    Row,
    decimal_text,
    digest,
    header_has,
    is_fiat,
    normalise_asset,
    parse_decimal,
    parse_rows,
    trade_type,
)

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
    }
)
SINGLE = {
    "deposit": "DEPOSIT",
    "withdraw": "WITHDRAWAL",
    "distribution": "AIRDROP",
    "airdrop assets": "AIRDROP",
    "commission history": "REFERRAL_REWARD",
    "referral kickback": "REFERRAL_REWARD",
    "referral commission": "REFERRAL_REWARD",
    "commission rebate": "FEE_REBATE",
    "cashback voucher": "CASHBACK",
    "card cashback": "CASHBACK",
    "simple earn flexible interest": "INTEREST",
    "simple earn locked rewards": "STAKING_REWARD",
    "savings interest": "INTEREST",
    "pos savings interest": "STAKING_REWARD",
    "staking rewards": "STAKING_REWARD",
    "eth 2.0 staking rewards": "STAKING_REWARD",
    "launchpool interest": "REWARD",
    "launchpool airdrop": "AIRDROP",
    "mining": "MINING_REWARD",
    "pool distribution": "MINING_REWARD",
    "crypto box": "GIFT_RECEIVED",
    "fiat deposit": "FIAT_DEPOSIT",
    "fiat withdraw": "FIAT_WITHDRAWAL",
    "funding fee": "FUNDING_FEE",
    "realized profit and loss": "REALIZED_PNL",
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
        self.content: list[str] = []

    def add(self, direction: str, asset: str, quantity: Decimal, is_fee: bool, content: str) -> None:
        slot = (direction, asset, is_fee)
        self.totals[slot] = self.totals.get(slot, Decimal(0)) + quantity
        self.content.append(content)

    def transaction(self, keys: KeyCounter) -> ParsedTransaction | RowError:
        flows = tuple(Flow(d, a, q, is_fee=f) for (d, a, f), q in self.totals.items() if q)  # type: ignore[arg-type]
        received = {flow.asset for flow in flows if flow.direction == "IN" and not flow.is_fee}
        sent = {flow.asset for flow in flows if flow.direction == "OUT" and not flow.is_fee}
        if len(received) > 1 or len(sent) > 1:
            tx_type = "MULTI_OPERATION_TRANSACTION"
        elif received or sent:
            tx_type = trade_type(next(iter(received), ""), next(iter(sent), ""))
        else:
            return RowError(self.row, "Operation", "fee rows without the trade they belong to")
        key = keys.key(digest(self.timestamp.isoformat(), self.account, *sorted(self.content)))
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
                trade.add(direction, asset, abs(change), "fee" in operation, "|".join(cells))
                continue
            if operation not in SINGLE:
                raise CellError("Operation", f"unknown Binance operation {row.text('Operation')!r}")
            tx_type = SINGLE[operation]
            if tx_type in ("DEPOSIT", "WITHDRAWAL") and is_fiat(asset):
                tx_type = f"FIAT_{tx_type}"
            key = keys.key(digest(timestamp.isoformat(), account, operation, asset, decimal_text(change)))
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
            keys.key(digest(timestamp.isoformat(), *row.cells)), timestamp, "STAKE", flows, row.number
        )

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat("binance", "Binance transaction history", lambda s: header_has(s, *HISTORY), parse_history),
    FileFormat(
        "binance-auto-invest",
        "Binance Auto-Invest history",
        lambda s: header_has(s, *AUTO_INVEST),
        parse_auto_invest,
    ),
    FileFormat(
        "binance-eth-staking", "Binance ETH 2.0 staking (BETH)", lambda s: header_has(s, *BETH), parse_beth
    ),
)
