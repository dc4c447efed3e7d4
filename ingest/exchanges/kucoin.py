"""KuCoin spot through its REST API: fills, deposits and withdrawals (key, secret and passphrase).

Fills are read by the KuCoin trade-history file parser itself, keyed by KuCoin's tradeId as its
export is; deposits and withdrawals (no export parser) are keyed by their withdrawal id or wallet
transaction id.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.model import Batch, Cursor
from ingest.files.formats.kucoin import parse
from ingest.files.model import Flow, ParsedTransaction, RowError, Sheet
from ingest.files.values import digest, fiat_transfer, normalise_asset
from vocabulary.enums import TransactionType

PAGE = 500  # the largest pageSize
DAY_MS = 86_400_000
WINDOW_MS = 7 * DAY_MS  # fills answer at most 7 days per startAt/endAt
KEPT_MS = 365 * DAY_MS  # KuCoin keeps a year of fills; older ones come from its exports
COLUMNS = ("tradeCreatedAt", "symbol", "side", "size", "funds", "fee", "feeCurrency", "tradeId", "orderId")
PENDING = frozenset({"PROCESSING", "WALLET_PROCESSING"})
STREAMS = {
    "fills": "private_get_fills",
    "deposits": "private_get_deposits",
    "withdrawals": "private_get_withdrawals",
}


class KucoinConnector:
    def __init__(self, client: ExchangeClient) -> None:
        self.client = client

    def verify(self) -> None:
        self.client.call("private_get_accounts")

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        now = self.client.exchange.milliseconds()
        for stream, method in STREAMS.items():
            since = int(cursors.get(stream, {}).get("since", now - KEPT_MS))
            with self.client.reading(f"KuCoin {stream}"):
                items = self._items(method, since, now)
                pending = [int(item["createdAt"]) for item in items if item.get("status") in PENDING]
                done = [item for item in items if item.get("status", "SUCCESS") == "SUCCESS"]
                transactions = (
                    self._fills(done)
                    if stream == "fills"
                    else [_transfer(stream, number, item) for number, item in enumerate(done, start=1)]
                )
            # The next sync starts at the first transfer still under way, else now.
            yield Batch(stream, transactions, {"since": min(pending, default=now)})

    def _items(self, method: str, since: int, now: int) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        for start in range(since, now, WINDOW_MS):
            page_number = 1
            while True:
                params = {"startAt": start, "endAt": min(start + WINDOW_MS, now) - 1}
                data = self.client.call(method, params | {"currentPage": page_number, "pageSize": PAGE})[
                    "data"
                ]
                items += data["items"]
                if page_number >= int(data["totalPage"]):
                    break
                page_number += 1
        return items

    def _fills(self, fills: list[dict[str, Any]]) -> list[ParsedTransaction]:
        fills.sort(key=lambda fill: int(fill["createdAt"]))

        def rows() -> Iterator[tuple[int, list[str]]]:
            for number, fill in enumerate(fills, start=1):
                when = datetime.fromtimestamp(int(fill["createdAt"]) / 1000, UTC).isoformat()
                yield number, [when, *(str(fill[column]) for column in COLUMNS[1:])]

        transactions = []
        for item in parse(Sheet(COLUMNS, rows)):
            if isinstance(item, RowError):
                raise self.client.malformed(f"fill {fills[item.row - 1].get('tradeId')}: {item.problem}")
            if isinstance(item, ParsedTransaction):
                transactions.append(item)
        return transactions


def _transfer(stream: str, number: int, item: dict[str, Any]) -> ParsedTransaction:
    asset, amount, fee = normalise_asset(item["currency"]), Decimal(item["amount"]), Decimal(item["fee"])
    when = datetime.fromtimestamp(int(item["createdAt"]) / 1000, UTC)
    wallet_tx = item.get("walletTxId") or None
    if stream == "deposits":
        tx_type, flows = TransactionType.DEPOSIT, [Flow("IN", asset, amount)]
        key = wallet_tx or digest(stream, str(item["createdAt"]), asset, str(amount))
    else:
        tx_type, flows = TransactionType.WITHDRAWAL, [Flow("OUT", asset, amount)]
        key = str(item["id"])
    if fee:
        flows.append(Flow("OUT", asset, fee, is_fee=True))
    return ParsedTransaction(
        key, when, fiat_transfer(tx_type, asset), tuple(flows), number, tx_hash=wallet_tx
    )
