"""Uphold's REST API (docs at github.com/uphold/docs): the user's transactions, `GET /v0/me/transactions`,
with an OAuth 2 bearer token. The list is newest first and pages by the `Range` header (`items=0-49`,
at most 50 items), answering `Content-Range: items 0-49/<total>`; 416 for a range past the end.

The history is N generated transactions: USD deposits from a bank account, card purchases of BTC,
conversions between the user's own cards (with Uphold's commission in the rates), BTC withdrawals to
an address with a network fee, XRP sent to another Uphold user and BAT received from Uphold.
`history_csv` is the same history as Uphold's transaction-history export writes it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from tests.fakes.server import Answer, FakeExchange, Request

EPOCH = datetime(2022, 3, 1, tzinfo=UTC)
MAX_PAGE = 50
USER = "21e65c4d-55e4-41be-97a1-ff38d8f3d945"
CARDS = {
    code: str(uuid.uuid5(uuid.NAMESPACE_URL, f"uphold/card/{code}"))
    for code in ("USD", "BTC", "ETH", "XRP", "BAT")
}


@dataclass(frozen=True)
class Transaction:
    id: str
    kind: str  # deposit, purchase, conversion, withdrawal, send, reward
    origin: tuple[str, Decimal]  # currency, amount debited
    destination: tuple[str, Decimal]  # currency, amount credited
    fee: Decimal  # a withdrawal's network fee, in the origin currency, within the amount debited
    created_at: datetime
    status: str = "completed"


class UpholdFake(FakeExchange):
    def __init__(self, token: str, transactions: int = 0) -> None:
        super().__init__()
        self.token = token
        self.transactions: list[Transaction] = []  # oldest first
        self.add_transactions(transactions)

    def add_transactions(self, count: int) -> None:
        kinds = ("deposit", "purchase", "conversion", "withdrawal", "send", "reward")
        for n in range(len(self.transactions), len(self.transactions) + count):
            tid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"uphold/transaction/{n}"))
            when = EPOCH + timedelta(hours=n, milliseconds=n % 1000)
            kind = kinds[n % len(kinds)]
            origin, destination, fee = {
                "deposit": (("USD", Decimal(250)), ("USD", Decimal(250)), Decimal(0)),
                "purchase": (("USD", Decimal(100)), ("BTC", Decimal("0.0024875")), Decimal(0)),
                "conversion": (("BTC", Decimal("0.001")), ("ETH", Decimal("0.01393")), Decimal(0)),
                "withdrawal": (("BTC", Decimal("0.00105")), ("BTC", Decimal("0.001")), Decimal("0.00005")),
                "send": (("XRP", Decimal(20)), ("XRP", Decimal(20)), Decimal(0)),
                "reward": (("BAT", Decimal("5.15")), ("BAT", Decimal("5.15")), Decimal(0)),
            }[kind]
            self.transactions.append(Transaction(tid, kind, origin, destination, fee, when))

    # --- the protocol -------------------------------------------------------------------------

    def answer(self, request: Request) -> Answer:
        if request.headers.get("authorization") != f"Bearer {self.token}":
            return self.invalid_key()
        if request.method == "GET" and request.path == "/v0/me/transactions":
            return self._page(request.headers.get("range", f"items=0-{MAX_PAGE - 1}"))
        return Answer(404, {"code": "not_found", "message": "Not found"})

    def invalid_key(self) -> Answer:
        return Answer(401, {"code": "unauthorized", "message": "Unauthorized"})

    def _page(self, asked: str) -> Answer:
        unit, _, bounds = asked.partition("=")
        first, _, last = bounds.partition("-")
        if unit != "items" or not first.isdecimal() or not last.isdecimal() or int(last) < int(first):
            return Answer(412, {"code": "precondition_failed", "message": "Invalid Range header"})
        start, end = int(first), min(int(last), int(first) + MAX_PAGE - 1)
        listed = self.transactions[::-1]
        if start >= len(listed) and (start, len(listed)) != (0, 0):
            return Answer(416, {"code": "requested_range_not_satisfiable", "message": "Out of range"})
        page = listed[start : end + 1]
        shown = f"items {start}-{start + max(len(page), 1) - 1}/{len(listed)}"
        return Answer(200, [_transaction(t) for t in page], headers={"Content-Range": shown})

    # --- the export ---------------------------------------------------------------------------

    def history_csv(self) -> bytes:
        lines = [
            "\ufeffDate,Destination,Destination Amount,Destination Currency,Fee Amount,Fee Currency,Id,"
            "Origin,Origin Amount,Origin Currency,Status,Type"
        ]
        for t in self.transactions[::-1]:
            kind, origin_node, destination_node = {
                "deposit": ("in", "ach", "uphold"),
                "purchase": ("in", "credit-card", "uphold"),
                "conversion": ("transfer", "uphold", "uphold"),
                "withdrawal": ("out", "uphold", "bitcoin"),
                "send": ("out", "uphold", "uphold"),
                "reward": ("in", "uphold", "uphold"),
            }[t.kind]
            fee, fee_currency = (f"{t.fee:f}", t.origin[0]) if t.fee else ("", "")
            lines.append(
                f"{t.created_at.strftime('%a %b %d %Y %H:%M:%S GMT+0000')},{destination_node},"
                f"{t.destination[1]:f},{t.destination[0]},{fee},{fee_currency},{t.id},{origin_node},"
                f"{t.origin[1]:f},{t.origin[0]},{t.status},{kind}"
            )
        return ("\n".join(lines) + "\n").encode()


def _node(t: Transaction, side: str) -> dict[str, object]:
    """A transaction's origin or destination as the user sees it: `CardId` on the user's own cards only."""
    currency, amount = t.origin if side == "origin" else t.destination
    own = {
        "deposit": side == "destination",
        "purchase": side == "destination",
        "conversion": True,
        "withdrawal": side == "origin",
        "send": side == "origin",
        "reward": side == "destination",
    }[t.kind]
    external = {"deposit": "ach", "purchase": "card", "withdrawal": "crypto"}.get(t.kind)
    node: dict[str, object] = {
        "amount": f"{amount:f}",
        "base": f"{amount:f}",
        "commission": "0.00",
        "currency": currency,
        "description": "Satoshi Example",
        "fee": f"{t.fee:f}" if side == "origin" else "0.00",
        "isMember": True,
        "rate": "1.00",
        "type": "card" if own or t.kind in ("send", "reward") else "external",
    }
    if own:
        node["CardId"] = CARDS[currency]
        node["node"] = {"id": CARDS[currency], "type": "card", "user": {"id": USER}}
    elif external is not None:
        node["node"] = {"id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"uphold/{external}")), "type": external}
    if side == "origin":
        node["sources"] = []
    return node


def _transaction(t: Transaction) -> dict[str, object]:
    kind = {"deposit": "deposit", "purchase": "deposit", "withdrawal": "withdrawal"}.get(t.kind, "transfer")
    network = {"deposit": "ach", "purchase": "credit-card", "withdrawal": "bitcoin"}.get(t.kind, "uphold")
    fees = (
        [
            {
                "amount": f"{t.fee:f}",
                "currency": t.origin[0],
                "percentage": "0",
                "target": "origin",
                "type": "network",
            }
        ]
        if t.fee
        else []
    )
    return {
        "application": None,
        "createdAt": t.created_at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "denomination": {
            "amount": f"{t.origin[1]:f}",
            "currency": t.origin[0],
            "pair": f"{t.origin[0]}{t.origin[0]}",
            "rate": "1.00",
        },
        "destination": _node(t, "destination"),
        "fees": fees,
        "id": t.id,
        "message": None,
        "network": network,
        "normalized": [],
        "origin": _node(t, "origin"),
        "params": {
            "currency": t.origin[0],
            "margin": "0.00",
            "pair": "",
            "progress": "1",
            "rate": "1.00",
            "ttl": 18000,
            "type": kind,
        },
        "priority": "normal",
        "reference": None,
        "status": t.status,
        "type": kind,
    }
