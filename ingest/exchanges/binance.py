"""Binance spot through its REST API: trades per market (myTrades), deposit and withdrawal history.

myTrades answers one market at a time and Binance has no endpoint that lists every trade or every
asset an account ever held (fiat bought by card or Convert is in no deposit list; an asset bought
and sold again is in no balance). So every sync asks every market exchangeInfo lists, from each
market's own cursor (the next trade id): one request per listed market, a few thousand, which ccxt's
rate limiter spaces 0.2 s apart (weight 20 each under Binance's 6,000 a minute), so a sync takes
minutes. A market Binance has delisted is no longer listed: its trades come from the export.

Binance's transaction-history export has no ids, so its parser keys a trade by what changed in that
second and a transfer by its time, coin and amount. The sync writes the rows that export holds for
the same history and reads them with that parser, so both give the same keys.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.model import Batch, Cursor
from ingest.files.formats.binance import parse_history
from ingest.files.model import ParsedTransaction, RowError, Sheet

HISTORY = "history"
COLUMNS = ("User_ID", "UTC_Time", "Account", "Operation", "Coin", "Change", "Remark")
TRADES_PAGE = 1000  # myTrades' largest limit
TRANSFERS_PAGE = 1000
WINDOW_MS = 90 * 86_400_000  # the capital history endpoints answer at most 90 days at a time
FIRST_MS = 1_498_867_200_000  # 2017-07-01, before Binance opened
SETTLED_DEPOSITS = frozenset({"1", "6"})  # success, credited but cannot withdraw
PENDING_DEPOSITS = frozenset({"0", "8"})  # pending, waiting for the user's confirmation
COMPLETED_WITHDRAWAL = "6"
PENDING_WITHDRAWALS = frozenset({"0", "2", "4"})  # email sent, awaiting approval, processing

# (time in ms, operation, coin, change, the deposit's or withdrawal's tx hash)
Line = tuple[int, str, str, Decimal, str | None]


class BinanceConnector:
    def __init__(self, client: ExchangeClient) -> None:
        self.client = client

    def verify(self) -> None:
        self.client.call("private_get_account")

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        with self.client.reading("Binance history"):
            batch = self._history(cursors.get(HISTORY, {}))
        yield batch

    def _history(self, cursor: Cursor) -> Batch:
        now = self.client.exchange.milliseconds()
        deposits, deposits_since = self._transfers("sapi_get_capital_deposit_hisrec", cursor, "deposits", now)
        withdrawals, withdrawals_since = self._transfers(
            "sapi_get_capital_withdraw_history", cursor, "withdrawals", now
        )
        lines = [line for deposit in deposits if (line := _deposit(deposit))]
        lines += [line for withdrawal in withdrawals if (line := _withdrawal(withdrawal))]
        from_ids = dict(cursor.get("from_ids", {}))
        for market in self.client.call("public_get_exchangeinfo")["symbols"]:
            symbol = market["symbol"]
            trades = self._trades(symbol, from_ids.get(symbol, 0))
            if trades:
                from_ids[symbol] = int(trades[-1]["id"]) + 1
            lines += [
                line
                for trade in trades
                for line in _trade_lines(trade, market["baseAsset"], market["quoteAsset"])
            ]
        after = {"from_ids": from_ids, "deposits": deposits_since, "withdrawals": withdrawals_since}
        transactions = self._transactions(lines)
        return Batch(HISTORY, transactions, after)

    def _trades(self, symbol: str, from_id: int) -> list[dict[str, Any]]:
        trades: list[dict[str, Any]] = []
        while True:
            page = self.client.call(
                "private_get_mytrades", {"symbol": symbol, "fromId": from_id, "limit": TRADES_PAGE}
            )
            trades += page
            if len(page) < TRADES_PAGE:
                return trades
            from_id = int(page[-1]["id"]) + 1

    def _transfers(
        self, method: str, cursor: Cursor, name: str, now: int
    ) -> tuple[list[dict[str, Any]], int]:
        """Every record since the cursor, 90 days a window, and where the next sync starts: the first
        record still pending, else now."""
        since = int(cursor.get(name, FIRST_MS))
        records: list[dict[str, Any]] = []
        for start in range(since, now, WINDOW_MS):
            offset = 0
            while True:
                params = {"startTime": start, "endTime": min(start + WINDOW_MS, now) - 1}
                page = self.client.call(method, params | {"offset": offset, "limit": TRANSFERS_PAGE})
                records += page
                offset += len(page)
                if len(page) < TRANSFERS_PAGE:
                    break
        under_way = PENDING_DEPOSITS if name == "deposits" else PENDING_WITHDRAWALS
        pending = [_millis(r) for r in records if str(r["status"]) in under_way]
        return records, min(pending, default=now)

    def _transactions(self, lines: list[Line]) -> list[ParsedTransaction]:
        # As the export lists them: by second, a second's trade rows together before its transfers.
        lines.sort(key=lambda line: (line[0] // 1000, not line[1].startswith("Transaction"), line[0]))

        def rows() -> Iterator[tuple[int, list[str]]]:
            for number, (millis, operation, coin, change, _) in enumerate(lines, start=1):
                when = datetime.fromtimestamp(millis // 1000, UTC).strftime("%Y-%m-%d %H:%M:%S")
                yield number, ["", when, "Spot", operation, coin, f"{change:f}", ""]

        transactions = []
        for item in parse_history(Sheet(COLUMNS, rows)):
            if isinstance(item, RowError):
                raise self.client.malformed(f"{lines[item.row - 1]}: {item.problem}")
            if isinstance(item, ParsedTransaction):
                tx_hash = lines[item.row - 1][4]
                transactions.append(dataclasses.replace(item, tx_hash=tx_hash) if tx_hash else item)
        return transactions


def _millis(record: dict[str, Any]) -> int:
    if "insertTime" in record:
        return int(record["insertTime"])
    applied = datetime.strptime(record["applyTime"], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    return int(applied.timestamp() * 1000)


def _deposit(record: dict[str, Any]) -> Line | None:
    if "insertTime" not in record or str(record["status"]) not in SETTLED_DEPOSITS:
        return None
    return _millis(record), "Deposit", record["coin"], Decimal(record["amount"]), record.get("txId") or None


def _withdrawal(record: dict[str, Any]) -> Line | None:
    if "applyTime" not in record or str(record["status"]) != COMPLETED_WITHDRAWAL:
        return None
    # The history lists a withdrawal as one row of the amount sent plus the network fee.
    change = -(Decimal(record["amount"]) + Decimal(record.get("transactionFee") or 0))
    return _millis(record), "Withdraw", record["coin"], change, record.get("txId") or None


def _trade_lines(trade: dict[str, Any], base: str, quote: str) -> list[Line]:
    millis, quantity, funds = int(trade["time"]), Decimal(trade["qty"]), Decimal(trade["quoteQty"])
    lines: list[Line]
    if trade["isBuyer"]:
        lines = [
            (millis, "Transaction Buy", base, quantity, None),
            (millis, "Transaction Spend", quote, -funds, None),
        ]
    else:
        lines = [
            (millis, "Transaction Sold", base, -quantity, None),
            (millis, "Transaction Revenue", quote, funds, None),
        ]
    commission = Decimal(trade["commission"])
    if commission:
        lines.append((millis, "Transaction Fee", trade["commissionAsset"], -commission, None))
    return lines
