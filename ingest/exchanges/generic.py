"""Any exchange ccxt supports, through ccxt's unified methods: trades, deposits, withdrawals.

Keys are the exchange's own transfer ids and its trade ids within their market. Trades come from one
`fetchMyTrades` stream over every market where the exchange lists them all at once. Where ccxt needs
a market (ArgumentsRequired), every spot market the exchange lists is asked, each from its own
cursor: an account can have traded an asset it never deposited, withdrew or still holds (bought
with a deposit and sold again), so no narrower choice is sure to miss nothing. That costs one request
per market a sync (hundreds to a few thousand), spaced by ccxt's rate limiter: minutes on the largest
exchanges. Markets an exchange no longer lists, and derivatives there, are not read. Amounts are
ccxt's unified numbers, which are floats, read by their shortest decimal spelling; the specific
connectors read the exchanges' exact strings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from functools import partial
from typing import Any

import ccxt

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.model import Batch, Cursor
from ingest.files.model import Direction, Flow, ParsedTransaction
from ingest.files.values import fiat_transfer, trade_type
from vocabulary.enums import TransactionType

PAGE = 500
TRADES = "trades"


class GenericConnector:
    def __init__(self, client: ExchangeClient) -> None:
        self.client = client

    def verify(self) -> None:
        self.client.call("fetch_balance")

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        has = self.client.exchange.has
        for stream, method, build in (
            ("deposits", "fetchDeposits", _deposit),
            ("withdrawals", "fetchWithdrawals", _withdrawal),
        ):
            if has.get(method):
                yield self._stream(stream, cursors, partial(self._list, method, None), build)
        if not has.get("fetchMyTrades"):
            return
        every_market = self._every_market(cursors)
        if every_market is None:
            yield from self._per_market(cursors)
        else:
            yield every_market

    def _every_market(self, cursors: Mapping[str, Cursor]) -> Batch | None:
        """The trades of every market at once, or None where ccxt asks for a market."""
        try:
            return self._stream(TRADES, cursors, partial(self._list, "fetchMyTrades", None), _trade)
        except ccxt.ArgumentsRequired:
            return None

    def _per_market(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        markets = self.client.retried(self.client.exchange.load_markets)
        for symbol, market in sorted(markets.items()):
            if market.get("spot"):
                yield self._stream(
                    f"{TRADES}:{symbol}", cursors, partial(self._list, "fetchMyTrades", symbol), _trade
                )

    def _stream(
        self,
        stream: str,
        cursors: Mapping[str, Cursor],
        fetch: Callable[[int | None], list[dict[str, Any]]],
        build: Callable[[int, dict[str, Any]], ParsedTransaction | None],
    ) -> Batch:
        """Everything after the stream's cursor: the newest time seen and the ids seen at that time.

        A transfer still under way (`build` gives None) holds the cursor before it, so the next sync
        asks for it again; what was stored meanwhile comes back with the same keys."""
        cursor = cursors.get(stream, {})
        since, seen = cursor.get("since"), set(cursor.get("seen", []))
        transactions: list[ParsedTransaction] = []
        pending: list[int] = []
        with self.client.reading(stream):
            while page := [item for item in fetch(since) if str(item["id"]) not in seen]:
                for item in page:
                    transaction = build(len(transactions) + 1, item)
                    if transaction is None:
                        pending.append(int(item["timestamp"]))
                    else:
                        transactions.append(transaction)
                newest = max(int(item["timestamp"]) for item in page)
                at_newest = {str(item["id"]) for item in page if int(item["timestamp"]) == newest}
                seen = (seen if newest == since else set()) | at_newest
                since = newest
        if pending:
            return Batch(stream, transactions, {"since": min(pending) - 1, "seen": []})
        return Batch(stream, transactions, {"since": since, "seen": sorted(seen)})

    def _list(self, method: str, symbol: str | None, since: int | None) -> list[dict[str, Any]]:
        return list(self.client.retried(lambda: getattr(self.client.exchange, method)(symbol, since, PAGE)))


def _when(item: dict[str, Any]) -> datetime:
    return datetime.fromtimestamp(int(item["timestamp"]) / 1000, UTC)


def _fee(item: dict[str, Any]) -> list[Flow]:
    fee = item.get("fee") or {}
    cost = Decimal(str(fee.get("cost") or 0))
    return [Flow("OUT", fee["currency"], abs(cost), is_fee=True)] if cost else []


def _trade(number: int, trade: dict[str, Any]) -> ParsedTransaction:
    base, _, quote = trade["symbol"].partition("/")
    quote = quote.split(":")[0]
    amount, cost = Decimal(str(trade["amount"])), Decimal(str(trade["cost"]))
    bought, paid = (
        ((base, amount), (quote, cost)) if trade["side"] == "buy" else ((quote, cost), (base, amount))
    )
    flows = (Flow("IN", *bought), Flow("OUT", *paid), *_fee(trade))
    # Some exchanges (Binance's family) number trades per market: the market keeps the key unique.
    key = f"{trade['symbol']}:{trade['id']}"
    return ParsedTransaction(
        key, _when(trade), trade_type(bought[0], paid[0]), flows, number, label=trade["side"]
    )


def _transfer(number: int, item: dict[str, Any], direction: Direction) -> ParsedTransaction | None:
    if item.get("status") != "ok":
        return None
    tx_type = TransactionType.DEPOSIT if direction == "IN" else TransactionType.WITHDRAWAL
    flows = (Flow(direction, item["currency"], Decimal(str(item["amount"]))), *_fee(item))
    return ParsedTransaction(
        str(item["id"]),
        _when(item),
        fiat_transfer(tx_type, item["currency"]),
        flows,
        number,
        tx_hash=item.get("txid"),
    )


def _deposit(number: int, item: dict[str, Any]) -> ParsedTransaction | None:
    return _transfer(number, item, "IN")


def _withdrawal(number: int, item: dict[str, Any]) -> ParsedTransaction | None:
    return _transfer(number, item, "OUT")
