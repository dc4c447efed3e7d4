"""Uphold through its REST API (v0) with an OAuth access token: every transaction of the user.

`GET /v0/me/transactions` lists them newest first, paged by the `Range` header (`items=0-49`, at most 50
a page), the answer's `Content-Range: items 0-49/<total>` telling how many there are. Each is written as
the row Uphold's transaction-history export holds for it and read by that export's parser, keyed by the
transaction id (the export's Id column), so a file import and a sync give the same keys.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from itertools import takewhile
from typing import Any

import ccxt

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.model import Batch, Cursor
from ingest.files.formats.uphold import parse
from ingest.files.model import ParsedTransaction, RowError, Sheet

TRANSACTIONS = "transactions"
PAGE = 50  # the largest range Uphold answers
FINAL = frozenset({"completed", "failed", "cancelled"})
EXPORTED_TIME = "%a %b %d %Y %H:%M:%S GMT+0000"  # the export's Date: "Tue May 26 2020 18:06:28 GMT+0000"
COLUMNS = (
    "Date",
    "Destination",
    "Destination Amount",
    "Destination Currency",
    "Fee Amount",
    "Fee Currency",
    "Id",
    "Origin",
    "Origin Amount",
    "Origin Currency",
    "Status",
    "Type",
)


class UpholdApi(ccxt.Exchange):
    """Uphold's API as a ccxt exchange, which ccxt has none of: the bearer token, the documented rate
    limit, and HTTP failures raised as ccxt's errors so `ExchangeClient` retries and classifies them."""

    def describe(self) -> Any:
        return self.deep_extend(
            super().describe(),
            {
                "id": "uphold",
                "name": "Uphold",
                "rateLimit": 1000,  # 300 requests per 5-minute window
                "urls": {"api": {"private": "https://api.uphold.com"}},
            },
        )

    def sign(
        self,
        path: str,
        api: Any = "private",
        method: str = "GET",
        params: Any = None,
        headers: Any = None,
        body: Any = None,
    ) -> dict[str, Any]:
        sent = {"Authorization": f"Bearer {self.token}"}
        if params and "range" in params:
            sent["Range"] = params["range"]
        return {
            "url": f"{self.urls['api']['private']}/{path}",
            "method": method,
            "body": None,
            "headers": sent,
        }

    def private_get_me_transactions(self, params: dict[str, Any]) -> Any:
        return self.request("v0/me/transactions", "private", "GET", params)


class UpholdConnector:
    def __init__(self, client: ExchangeClient) -> None:
        self.client = client

    def verify(self) -> None:
        self.client.call("private_get_me_transactions", {"range": "items=0-0"})

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        """One batch of what is newer than the cursor: the id of the newest transaction that, with every
        one before it, is final. One still pending holds the cursor before it, so it is asked for again;
        completed ones after it come back with the same keys."""
        settled = cursors.get(TRANSACTIONS, {}).get("settled")
        with self.client.reading("Uphold transactions"):
            found = self._newer_than(settled)
            oldest_first = found[::-1]
            final = list(takewhile(lambda t: t["status"] in FINAL, oldest_first))
            completed = [t for t in oldest_first if t["status"] == "completed"]
            if found:
                moved = final[-1]["id"] if final else settled
                yield Batch(TRANSACTIONS, self._transactions(completed), {"settled": moved})

    def _newer_than(self, settled: str | None) -> list[dict[str, Any]]:
        """The transactions listed before `settled` (newest first); all of them without it."""
        found: list[dict[str, Any]] = []
        start = 0
        while True:
            page = self.client.call(
                "private_get_me_transactions", {"range": f"items={start}-{start + PAGE - 1}"}
            )
            if not isinstance(page, list):
                raise self.client.malformed(f"transactions are not a list: {str(page)[:100]}")
            known = next((i for i, t in enumerate(page) if t["id"] == settled), None)
            found += page[:known]
            start += len(page)
            total = _total(self.client.exchange.last_response_headers or {})
            if known is not None or len(page) < PAGE or (total is not None and start >= total):
                return found

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


def _total(headers: Mapping[str, str]) -> int | None:
    """The total of `Content-Range: items 0-49/200`; None without one."""
    content_range = headers.get("Content-Range") or headers.get("content-range")
    if not content_range or "/" not in content_range:
        return None
    total = content_range.rsplit("/", 1)[1].strip()
    return int(total) if total.isdecimal() else None


def _kind(transaction: dict[str, Any]) -> str:
    """The export's Type: a deposit is "in", a withdrawal "out"; a transfer between the user's own
    cards stays "transfer", one from or to another user is "in" or "out". A card's id is shown only to
    its owner (`CardId`), so a transfer whose two sides carry one is between the user's own cards."""
    kind = transaction["type"]
    if kind != "transfer":
        return {"deposit": "in", "withdrawal": "out"}.get(kind, kind)
    sent, received = bool(transaction["origin"].get("CardId")), bool(transaction["destination"].get("CardId"))
    return "transfer" if sent and received else ("out" if sent else "in")


def _side(transaction: dict[str, Any], side: str) -> str:
    """The export's Origin or Destination: "uphold" for an Uphold card, else the transaction's network."""
    return "uphold" if transaction[side].get("type") == "card" else str(transaction.get("network") or "")


def _row(transaction: dict[str, Any]) -> list[str]:
    origin, destination = transaction["origin"], transaction["destination"]
    kind = _kind(transaction)
    # Only a withdrawal's fees are written: its parser nets them out of the amount debited. Elsewhere
    # the amounts debited and credited already include Uphold's fees and commissions.
    fee = (
        sum(
            (
                Decimal(f["amount"])
                for f in transaction.get("fees") or []
                if f.get("target") == "origin" and f["currency"] == origin["currency"]
            ),
            Decimal(0),
        )
        if kind == "out"
        else Decimal(0)
    )
    created = datetime.fromisoformat(transaction["createdAt"].replace("Z", "+00:00")).astimezone(UTC)
    return [
        created.strftime(EXPORTED_TIME),
        _side(transaction, "destination"),
        destination["amount"],
        destination["currency"],
        f"{fee:f}" if fee else "",
        origin["currency"] if fee else "",
        transaction["id"],
        _side(transaction, "origin"),
        origin["amount"],
        origin["currency"],
        transaction["status"],
        kind,
    ]
