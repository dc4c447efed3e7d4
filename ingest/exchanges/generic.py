"""Any exchange ccxt supports, through ccxt's unified methods: trades, deposits, withdrawals, and the
ledger where ccxt reads one.

Keys are the exchange's own transfer ids, its trade ids within their market and its ledger entry ids.
Trades come from one `fetchMyTrades` stream over every market where the exchange lists them all at
once. Where ccxt needs a market (ArgumentsRequired), every spot market the exchange lists is asked,
each from its own cursor: an account can have traded an asset it never deposited, withdrew or still
holds (bought with a deposit and sold again), so no narrower choice is sure to miss nothing. That
costs one request per market a sync (hundreds to a few thousand), spaced by ccxt's rate limiter:
minutes on the largest exchanges. Markets an exchange no longer lists, and derivatives there, are not
read. Amounts are ccxt's unified numbers, which are floats, read by their shortest decimal spelling;
the specific connectors read the exchanges' exact strings.

The ledger lists every movement of the account, trades and transfers too. Its entries of ccxt's types
"trade" and "transaction" (deposits, withdrawals) are left to the streams that read those, where the
exchange has them: one trade is one transaction of both its legs there, and the ledger's entry ids are
not the trades' or transfers' ids, so keys alone could not keep them from being counted twice. The
other entries become the type `LEDGER_TYPES` gives, and an entry of any other type is kept by what it
moves, flagged for review. Where ccxt's `has` lists the ledger but reads it only for wallets Cairn does
not sync (Binance: derivatives) or only one currency at a time, there is no ledger stream.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from functools import partial
from typing import Any

import ccxt

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.model import Batch, Cursor
from ingest.files.model import Direction, Flow, Ignored, ParsedTransaction
from ingest.files.unrecognised import by_movement
from ingest.files.values import fiat_transfer, trade_type
from vocabulary.enums import TransactionType

PAGE = 500
TRADES = "trades"
LEDGER = "ledger"
ORDER = "order"  # a stream cursor's field, once known: NEWEST_FIRST or NO_LOOK_BACK (see `_stream`)
NEWEST_FIRST, NO_LOOK_BACK = "newest_first", "no_look_back"

# What an entry of the ledger is, by ccxt's unified type (or the exchange's own where ccxt has none,
# as Kraken's "staking" reward) and its direction.
LEDGER_TYPES: dict[tuple[str, Direction], TransactionType] = {
    ("transaction", "IN"): TransactionType.DEPOSIT,
    ("deposit", "IN"): TransactionType.DEPOSIT,
    ("transaction", "OUT"): TransactionType.WITHDRAWAL,
    ("withdrawal", "OUT"): TransactionType.WITHDRAWAL,
    ("fee", "OUT"): TransactionType.FEE,
    ("rebate", "IN"): TransactionType.FEE_REBATE,
    ("cashback", "IN"): TransactionType.CASHBACK,
    ("referral", "IN"): TransactionType.REFERRAL_REWARD,
    ("airdrop", "IN"): TransactionType.AIRDROP,
    ("interest", "IN"): TransactionType.INTEREST,
    ("reward", "IN"): TransactionType.REWARD,
    ("staking", "IN"): TransactionType.STAKING_REWARD,
}
# The ledger entries another stream reads, by the ccxt method of that stream.
READ_ELSEWHERE: dict[str, tuple[tuple[str, Direction], ...]] = {
    "fetchMyTrades": (("trade", "IN"), ("trade", "OUT")),
    "fetchDeposits": (("transaction", "IN"), ("deposit", "IN")),
    "fetchWithdrawals": (("transaction", "OUT"), ("withdrawal", "OUT")),
}

Item = dict[str, Any]
# A stream's items from `since` (None: from the start) up to `until` (None: the newest), as ccxt gives
# them: parsed, sorted oldest first and filtered from `since`.
Fetch = Callable[[int | None, int | None], list[Item]]
Build = Callable[[int, Item], ParsedTransaction | Ignored | None]


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
        if has.get("fetchLedger") and (ledger := self._ledger(cursors)) is not None:
            yield ledger
        if not has.get("fetchMyTrades"):
            return
        every_market = self._every_market(cursors)
        if every_market is None:
            yield from self._per_market(cursors)
        else:
            yield every_market

    def _ledger(self, cursors: Mapping[str, Cursor]) -> Batch | None:
        """The ledger's entries no other stream reads, or None where ccxt does not read this ledger or
        reads it one currency at a time (BTSE, Coinbase Exchange, Foxbit, Luno)."""
        has = self.client.exchange.has
        elsewhere = frozenset(
            kind for method, kinds in READ_ELSEWHERE.items() if has.get(method) for kind in kinds
        )
        build = partial(_ledger_entry, source=f"{self.client.exchange.name} ledger", elsewhere=elsewhere)
        try:
            return self._stream(LEDGER, cursors, partial(self._list, "fetchLedger", None), build)
        except ccxt.ArgumentsRequired:
            return None
        except ExchangeFailure as failure:
            if failure.kind is FailureKind.UNSUPPORTED:
                return None
            raise

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

    def _stream(self, stream: str, cursors: Mapping[str, Cursor], fetch: Fetch, build: Build) -> Batch:
        """Everything after the stream's cursor: the newest time seen and the ids seen at that time.

        Asked for what follows `since`, most exchanges answer the oldest items, but some (Kraken's
        ledger and trades) answer the newest, and many give fewer than asked. So the first page of a
        sync is asked again up to its oldest time (ccxt's `until`): where that finds nothing new the
        sync reads forward only; where it finds older items the exchange answers newest first, which
        the cursor keeps, and every forward page is then read back until nothing new comes. Where the
        exchange refuses `until` the cursor keeps that too, and the stream is read forward only. Items
        are told apart by id.

        A transfer still under way (`build` gives None) holds the cursor before it, so the next sync
        asks for it again; what was stored meanwhile comes back with the same keys."""
        cursor = cursors.get(stream, {})
        since: int | None = cursor.get("since")
        read: set[str] = set(cursor.get("seen", []))
        order: str | None = cursor.get(ORDER)
        looked_back = False
        items: list[Item] = []
        with self.client.reading(stream):
            while page := _unread(fetch(since, None), read):
                items += page
                oldest = min(_time(item) for item in page)
                if order is None and not looked_back:
                    looked_back = True
                    first = _looked_back(fetch, since, oldest, read)
                    if first is None:
                        order = NO_LOOK_BACK
                    elif first:
                        order = NEWEST_FIRST
                        items += first
                        oldest = min(_time(item) for item in first)
                if order == NEWEST_FIRST:
                    items += _older(fetch, since, oldest, read)
                since = max(_time(item) for item in page)
            transactions: list[ParsedTransaction] = []
            pending: list[int] = []
            for item in sorted(items, key=_time):
                transaction = build(len(transactions) + 1, item)
                if transaction is None:
                    pending.append(_time(item))
                elif isinstance(transaction, ParsedTransaction):
                    transactions.append(transaction)
        known = {} if order is None else {ORDER: order}
        if pending:
            return Batch(stream, transactions, {"since": min(pending) - 1, "seen": [], **known})
        newest = max((_time(item) for item in items), default=cursor.get("since"))
        seen = {str(item["id"]) for item in items if _time(item) == newest}
        if newest == cursor.get("since"):
            seen |= set(cursor.get("seen", []))
        return Batch(stream, transactions, {"since": newest, "seen": sorted(seen), **known})

    def _list(self, method: str, symbol: str | None, since: int | None, until: int | None) -> list[Item]:
        params = {} if until is None else {"until": until}
        return list(
            self.client.retried(lambda: getattr(self.client.exchange, method)(symbol, since, PAGE, params))
        )


def _time(item: Item) -> int:
    return int(item["timestamp"])


def _unread(items: Iterable[Item], read: set[str]) -> list[Item]:
    """The items whose ids are not in `read`, each once; their ids are added to `read`."""
    fresh = []
    for item in items:
        if (identifier := str(item["id"])) not in read:
            read.add(identifier)
            fresh.append(item)
    return fresh


def _looked_back(fetch: Fetch, since: int | None, oldest: int, read: set[str]) -> list[Item] | None:
    """The unread items up to `oldest` (see `_stream`); None where the exchange refuses ccxt's `until`,
    which ccxt passes on as it is where it does not read it, and some exchanges refuse what they do
    not know."""
    if since is not None and oldest <= since:
        return []
    try:
        return _unread(fetch(since, oldest), read)
    except ExchangeFailure as failure:
        if failure.kind in (FailureKind.AUTH, FailureKind.RATE_LIMIT):
            raise
        return None


def _older(fetch: Fetch, since: int | None, oldest: int, read: set[str]) -> list[Item]:
    """The unread items between `since` and `oldest`, asked back page by page until nothing new comes."""
    older: list[Item] = []
    while since is None or oldest > since:
        page = _unread(fetch(since, oldest), read)
        if not page:
            break
        older += page
        oldest = min(_time(item) for item in page)
    return older


def _when(item: Item) -> datetime:
    return datetime.fromtimestamp(int(item["timestamp"]) / 1000, UTC)


def _fee(item: Item) -> list[Flow]:
    fee = item.get("fee") or {}
    cost = Decimal(str(fee.get("cost") or 0))
    return [Flow("OUT", fee["currency"], abs(cost), is_fee=True)] if cost else []


def _trade(number: int, trade: Item) -> ParsedTransaction:
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


def _transfer(number: int, item: Item, direction: Direction) -> ParsedTransaction | None:
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


def _deposit(number: int, item: Item) -> ParsedTransaction | None:
    return _transfer(number, item, "IN")


def _withdrawal(number: int, item: Item) -> ParsedTransaction | None:
    return _transfer(number, item, "OUT")


def _ledger_entry(
    number: int, entry: Item, *, source: str, elsewhere: frozenset[tuple[str, Direction]]
) -> ParsedTransaction | Ignored | None:
    """One ledger entry as its own transaction; Ignored when another stream reads it or it was
    cancelled, None while it is pending."""
    kind = str(entry.get("type") or "")
    direction: Direction = "OUT" if entry.get("direction") == "out" else "IN"
    if (kind, direction) in elsewhere:
        return Ignored(number, f"the {kind} stream reads it")
    status = entry.get("status")
    if status == "pending":
        return None
    if status in ("canceled", "failed"):
        return Ignored(number, f"the entry is {status}")
    amount = abs(Decimal(str(entry.get("amount") or 0)))
    flows = [Flow(direction, entry["currency"], amount)] if amount else []
    flows += _fee(entry)
    key = f"{LEDGER}:{entry['id']}"
    tx_type = LEDGER_TYPES.get((kind, direction))
    if tx_type is None or not flows:
        return by_movement(number, key, _when(entry), flows, source=source, source_type=kind)
    if tx_type in (TransactionType.DEPOSIT, TransactionType.WITHDRAWAL):
        tx_type = fiat_transfer(tx_type, entry["currency"])
    return ParsedTransaction(key, _when(entry), tx_type, tuple(flows), number, label=kind)
