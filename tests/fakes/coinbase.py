"""Coinbase's v2 API (docs.cdp.coinbase.com, Sign in with Coinbase): accounts and each account's
transactions, with an OAuth 2 bearer token. Lists page by `limit` (at most 100) and `starting_after`,
in `order` asc or desc, and say where the next page starts in `pagination`.

The history is N generated transactions across a BTC, an ETH and a USD wallet: buys and sells with
their subtotal and fee, sends, receives, staking rewards and fiat deposits. `history_csv` is the same
history as Coinbase's transaction-history export writes it (preamble, ID column, $ amounts).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from tests.fakes.server import Answer, FakeExchange, Request

EPOCH = datetime(2022, 1, 1, tzinfo=UTC)
WALLETS = {"BTC": Decimal(40000), "ETH": Decimal(3000)}
KINDS = ("buy", "buy", "sell", "send", "receive", "staking_reward")


@dataclass(frozen=True)
class Transaction:
    id: str
    account: str  # currency code of its wallet
    type: str  # the v2 type; a receive is a "send" with a positive amount
    amount: Decimal  # signed, in the wallet's currency
    native: Decimal  # signed, USD
    fee: Decimal
    created_at: datetime
    status: str = "completed"


class CoinbaseFake(FakeExchange):
    def __init__(self, token: str, trades: int = 0) -> None:
        super().__init__()
        self.token = token
        self.user_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"user/{token}"))
        self.accounts = {
            code: str(uuid.uuid5(uuid.NAMESPACE_URL, f"wallet/{code}")) for code in (*WALLETS, "USD")
        }
        self.transactions: list[Transaction] = []
        self.add_trades(trades)

    def add_trades(self, count: int) -> None:
        for n in range(len(self.transactions), len(self.transactions) + count):
            tid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"transaction/{n}"))
            when = EPOCH + timedelta(minutes=n)
            if n % 20 == 19:
                self.transactions.append(
                    Transaction(tid, "USD", "fiat_deposit", Decimal(500), Decimal(500), Decimal(0), when)
                )
                continue
            code = "BTC" if n % 2 else "ETH"
            kind = KINDS[n % len(KINDS)]
            quantity = Decimal("0.01") if code == "BTC" else Decimal("0.2")
            sign = -1 if kind in ("sell", "send") else 1
            native = (quantity * WALLETS[code]).quantize(Decimal("0.01"))
            fee = (native / 100).quantize(Decimal("0.01")) if kind in ("buy", "sell") else Decimal(0)
            self.transactions.append(
                Transaction(
                    tid,
                    code,
                    "send" if kind == "receive" else kind,
                    sign * quantity,
                    sign * native,
                    fee,
                    when,
                )
            )

    # --- the protocol -------------------------------------------------------------------------

    def answer(self, request: Request) -> Answer:
        if request.headers.get("authorization") != f"Bearer {self.token}":
            return self.invalid_key()
        parts = request.path.strip("/").split("/")
        if parts == ["v2", "user"]:
            return Answer(200, {"data": {"id": self.user_id, "name": "Satoshi Example", "resource": "user"}})
        if parts == ["v2", "accounts"]:
            accounts = [_account(code, account_id) for code, account_id in self.accounts.items()]
            return self._page(request.query, accounts)
        if len(parts) == 4 and parts[:2] == ["v2", "accounts"] and parts[3] == "transactions":
            code = next((c for c, a in self.accounts.items() if a == parts[2]), None)
            if code is None:
                return Answer(404, {"errors": [{"id": "not_found", "message": "Not found"}]})
            listed = [_transaction(t) for t in self.transactions if t.account == code]
            return self._page(request.query, listed if request.query.get("order") == "asc" else listed[::-1])
        return Answer(404, {"errors": [{"id": "not_found", "message": "Not found"}]})

    def invalid_key(self) -> Answer:
        return Answer(401, {"errors": [{"id": "invalid_token", "message": "The access token is invalid"}]})

    def _page(self, query: dict[str, str], items: list[dict[str, object]]) -> Answer:
        limit = min(int(query.get("limit", 25)), 100)
        after = query.get("starting_after")
        start = next((i + 1 for i, item in enumerate(items) if item["id"] == after), 0) if after else 0
        page = items[start : start + limit]
        following = page[-1]["id"] if start + limit < len(items) else None
        pagination = {
            "ending_before": None,
            "starting_after": after,
            "limit": limit,
            "order": query.get("order", "desc"),
            "next_starting_after": following,
            "next_uri": None if following is None else f"?limit={limit}&starting_after={following}",
        }
        return Answer(200, {"pagination": pagination, "data": page})

    # --- the export ---------------------------------------------------------------------------

    def history_csv(self) -> bytes:
        lines = [
            "Transactions",
            "User,Satoshi Example,5c1d9f2e0000000000000000",
            "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,"
            "Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes",
        ]
        for t in self.transactions:
            exported = {
                "buy": "Buy",
                "sell": "Sell",
                "fiat_deposit": "Deposit",
                "staking_reward": "Staking Income",
            }
            kind = exported.get(t.type) or ("Send" if t.amount < 0 else "Receive")
            price = abs(t.native / t.amount)
            when = t.created_at.strftime("%Y-%m-%d %H:%M:%S UTC")
            total = abs(t.native) + (t.fee if t.type == "buy" else -t.fee)
            lines.append(
                f"{t.id},{when},{kind},{t.account},{t.amount:f},USD,${price:.2f},${abs(t.native):.2f},"
                f"${total:.2f},${t.fee:.2f},"
            )
        return ("\n".join(lines) + "\n").encode()


def _account(code: str, account_id: str) -> dict[str, object]:
    return {
        "id": account_id,
        "name": f"{code} Wallet",
        "primary": code == "BTC",
        "type": "fiat" if code == "USD" else "wallet",
        "currency": {"code": code, "name": code, "type": "fiat" if code == "USD" else "crypto"},
        "balance": {"amount": "0.00000000", "currency": code},
        "resource": "account",
        "resource_path": f"/v2/accounts/{account_id}",
    }


def _transaction(t: Transaction) -> dict[str, object]:
    money = {"amount": f"{abs(t.native):.2f}", "currency": "USD"}
    shaped: dict[str, object] = {
        "id": t.id,
        "type": t.type,
        "status": t.status,
        "amount": {"amount": f"{t.amount:f}", "currency": t.account},
        "native_amount": {"amount": f"{t.native:.2f}", "currency": "USD"},
        "description": None,
        "created_at": t.created_at.isoformat().replace("+00:00", "Z"),
        "updated_at": t.created_at.isoformat().replace("+00:00", "Z"),
        "resource": "transaction",
        "resource_path": f"/v2/accounts/{t.account}/transactions/{t.id}",
        "details": {"title": t.type.replace("_", " ").title(), "subtitle": ""},
    }
    if t.type in ("buy", "sell"):
        shaped[t.type] = {"subtotal": money, "fee": {"amount": f"{t.fee:.2f}", "currency": "USD"}}
    if t.type == "send":
        shaped["network"] = {"status": "confirmed", "hash": f"{uuid.UUID(t.id).hex * 2}"}
    return shaped
