"""Coinbase through its v2 API with an OAuth access token: every account's transactions.

Each transaction is written as the row Coinbase's transaction-history export holds for it and read by
that export's parser, keyed by the transaction id (the export's ID column), so both give the same keys.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import Decimal
from itertools import takewhile
from typing import Any

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.model import Batch, Cursor
from ingest.files.formats.coinbase import parse
from ingest.files.model import ParsedTransaction, RowError, Sheet

TRANSACTIONS = "transactions"
PAGE = 100  # the largest limit
FINAL = frozenset({"completed", "failed", "expired", "canceled"})
COLUMNS = (
    "ID",
    "Timestamp",
    "Transaction Type",
    "Asset",
    "Quantity Transacted",
    "Price Currency",
    "Subtotal",
    "Fees and/or Spread",
    "Notes",
)
# v2 transaction types → the export's Transaction Type; sends and receives are one v2 type, "send".
EXPORTED = {
    "buy": "Buy",
    "sell": "Sell",
    "fiat_deposit": "Deposit",
    "fiat_withdrawal": "Withdrawal",
    "exchange_deposit": "Exchange Deposit",
    "exchange_withdrawal": "Exchange Withdrawal",
    "pro_deposit": "Pro Deposit",
    "pro_withdrawal": "Pro Withdrawal",
    "staking_reward": "Staking Income",
    "inflation_reward": "Inflation Reward",
    "interest": "Rewards Income",
    "earn_payout": "Coinbase Earn",
}


class CoinbaseConnector:
    def __init__(self, client: ExchangeClient) -> None:
        self.client = client

    def verify(self) -> None:
        self.client.call("v2_private_get_accounts", {"limit": 1})

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        """One batch per wallet with anything new; the cursor holds each wallet's newest transaction id."""
        latest: dict[str, str] = dict(cursors.get(TRANSACTIONS, {}).get("latest", {}))
        with self.client.reading("Coinbase transactions"):
            for account in self._pages("v2_private_get_accounts", {}):
                found = self._pages(
                    "v2_private_get_accounts_account_id_transactions",
                    {"account_id": account["id"], "order": "asc"}
                    | ({"starting_after": latest[account["id"]]} if account["id"] in latest else {}),
                )
                # The cursor moves past a transaction only once it is final, so one still pending
                # is asked for again; completed ones after it come back with the same keys.
                settled = list(takewhile(lambda t: t["status"] in FINAL, found))
                if settled:
                    latest[account["id"]] = settled[-1]["id"]
                completed = [t for t in found if t["status"] == "completed"]
                if completed or settled:
                    yield Batch(TRANSACTIONS, self._transactions(completed), {"latest": dict(latest)})

    def _pages(self, method: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        while True:
            answer = self.client.call(method, params | {"limit": PAGE})
            items += answer["data"]
            following = answer["pagination"].get("next_starting_after")
            if not following or not answer["data"]:
                return items
            params = params | {"starting_after": following}

    def _transactions(self, found: list[dict[str, Any]]) -> list[ParsedTransaction]:
        def rows() -> Iterator[tuple[int, list[str]]]:
            for number, transaction in enumerate(found, start=1):
                yield number, _row(transaction)

        transactions = []
        for item in parse(Sheet(COLUMNS, rows)):
            if isinstance(item, RowError):
                raise self.client.malformed(f"transaction {found[item.row - 1]['id']}: {item.problem}")
            if isinstance(item, ParsedTransaction):
                transactions.append(item)
        return transactions


def _row(transaction: dict[str, Any]) -> list[str]:
    kind = transaction["type"]
    amount, native = transaction["amount"], transaction["native_amount"]
    quantity = Decimal(amount["amount"])
    exported = ("Send" if quantity < 0 else "Receive") if kind == "send" else EXPORTED.get(kind, kind)
    resource = transaction.get(kind)  # a buy's or sell's own resource: subtotal and fee
    details: dict[str, Any] = resource if isinstance(resource, dict) else {}
    subtotal = (details.get("subtotal") or native)["amount"]
    fee = (details.get("fee") or {"amount": ""})["amount"]
    return [
        transaction["id"],
        transaction["created_at"],
        exported,
        amount["currency"],
        f"{quantity:f}",
        native["currency"],
        str(abs(Decimal(subtotal))),
        fee,
        (transaction.get("details") or {}).get("subtitle") or "",
    ]
