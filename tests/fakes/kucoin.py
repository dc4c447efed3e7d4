"""KuCoin's spot REST API (www.kucoin.com/docs): accounts, fills, deposits and withdrawals, signed as
KuCoin documents (KC-API-KEY, KC-API-TIMESTAMP, KC-API-SIGN = base64 HMAC-SHA256 of timestamp +
method + path and query + body; KC-API-PASSPHRASE signed the same way under key version 2).

The history is N generated fills over the last 30 days, newest first, paged by `currentPage` and
`pageSize` (at most 500) within `startAt`/`endAt` windows of at most 7 days; a deposit every 40 fills
and a withdrawal every 150. `fills_csv` is the same fills as a trade-history export with trade ids.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from tests.fakes.server import Answer, FakeExchange, Request

DAY_MS = 86_400_000
SPACING_MS = 10  # between fills
MARKETS = (("BTC-USDT", Decimal("0.001"), Decimal(60000)), ("KCS-USDT", Decimal(10), Decimal(9)))


@dataclass(frozen=True)
class Fill:
    trade_id: str
    order_id: str
    symbol: str
    side: str
    size: Decimal
    funds: Decimal
    fee: Decimal
    created_at: int


@dataclass(frozen=True)
class Transfer:
    id: str
    currency: str
    amount: Decimal
    fee: Decimal
    created_at: int
    wallet_tx_id: str


class KucoinFake(FakeExchange):
    def __init__(self, api_key: str, secret: str, passphrase: str, trades: int = 0) -> None:
        super().__init__()
        self.api_key, self.secret, self.passphrase = api_key, secret, passphrase
        self.start = int(time.time() * 1000) - 30 * DAY_MS
        self.fills: list[Fill] = []
        self.deposits: list[Transfer] = []
        self.withdrawals: list[Transfer] = []
        self.add_trades(trades)

    def add_trades(self, count: int) -> None:
        for n in range(len(self.fills), len(self.fills) + count):
            created = self.start + n * SPACING_MS
            if n % 40 == 0:
                self.deposits.append(
                    Transfer(f"dep{n}", "USDT", Decimal(1000), Decimal(0), created - 1, f"0x{n:064x}")
                )
            if n % 150 == 149:
                self.withdrawals.append(
                    Transfer(
                        f"5c{n:022x}", "BTC", Decimal("0.01"), Decimal("0.0005"), created + 1, f"{n:064x}@btc"
                    )
                )
            symbol, size, price = MARKETS[n % 2]
            funds = size * price
            side = "buy" if n % 3 else "sell"
            self.fills.append(
                Fill(f"{n:024x}", f"{n // 2:024x}", symbol, side, size, funds, funds / 1000, created)
            )

    # --- the protocol -------------------------------------------------------------------------

    def answer(self, request: Request) -> Answer:
        headers = request.headers
        if headers.get("kc-api-key") != self.api_key:
            return self.invalid_key()
        endpoint = request.path + (f"?{request.query_string}" if request.query_string else "")
        payload = headers.get("kc-api-timestamp", "") + request.method + endpoint + request.body.decode()
        if headers.get("kc-api-sign") != self._signed(payload):
            return Answer(401, {"code": "400005", "msg": "Invalid KC-API-SIGN"})
        if headers.get("kc-api-passphrase") != self._signed(self.passphrase):
            return Answer(401, {"code": "400004", "msg": "Invalid KC-API-PASSPHRASE"})
        if request.path == "/api/v1/accounts":
            account = {"id": "5bd6e9286d99522a52e458de", "currency": "BTC", "type": "trade", "balance": "1.2"}
            return Answer(200, {"code": "200000", "data": [account | {"available": "1.2", "holds": "0"}]})
        listed: dict[str, tuple[Sequence[Any], Callable[[Any], dict[str, object]]]] = {
            "/api/v1/fills": (self.fills, _fill),
            "/api/v1/deposits": (self.deposits, _deposit),
            "/api/v1/withdrawals": (self.withdrawals, _withdrawal),
        }
        if request.path not in listed:
            return Answer(404, {"code": "404000", "msg": "Url Not Found"})
        records, shape = listed[request.path]
        query = request.query
        start, end = int(query["startAt"]), int(query["endAt"])
        if end - start > 7 * DAY_MS:
            return Answer(
                400, {"code": "400100", "msg": "The interval between startAt and endAt cannot exceed 7 days"}
            )
        chosen = sorted((r for r in records if start <= r.created_at <= end), key=lambda r: -r.created_at)
        page, size = int(query.get("currentPage", 1)), min(int(query.get("pageSize", 50)), 500)
        data = {
            "currentPage": page,
            "pageSize": size,
            "totalNum": len(chosen),
            "totalPage": (len(chosen) + size - 1) // size,
            "items": [shape(r) for r in chosen[(page - 1) * size : page * size]],
        }
        return Answer(200, {"code": "200000", "data": data})

    def invalid_key(self) -> Answer:
        return Answer(401, {"code": "400003", "msg": "KC-API-KEY not exists"})

    def _signed(self, text: str) -> str:
        return base64.b64encode(
            hmac.new(self.secret.encode(), text.encode(), hashlib.sha256).digest()
        ).decode()

    # --- the export ---------------------------------------------------------------------------

    def fills_csv(self) -> bytes:
        lines = [
            "tradeCreatedAt,orderId,tradeId,symbol,side,price,size,funds,fee,liquidity,feeCurrency,orderType"
        ]
        for f in self.fills:
            when = datetime.fromtimestamp(f.created_at / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S")
            lines.append(
                f"{when},{f.order_id},{f.trade_id},{f.symbol},{f.side},{f.funds / f.size:f},{f.size:f},"
                f"{f.funds:f},{f.fee:f},taker,USDT,limit"
            )
        return ("\n".join(lines) + "\n").encode()


def _fill(f: Fill) -> dict[str, object]:
    return {
        "symbol": f.symbol,
        "tradeId": f.trade_id,
        "orderId": f.order_id,
        "counterOrderId": f"c{f.order_id}",
        "side": f.side,
        "liquidity": "taker",
        "forceTaker": False,
        "price": f"{f.funds / f.size:f}",
        "size": f"{f.size:f}",
        "funds": f"{f.funds:f}",
        "fee": f"{f.fee:f}",
        "feeRate": "0.001",
        "feeCurrency": "USDT",
        "stop": "",
        "type": "limit",
        "createdAt": f.created_at,
        "tradeType": "TRADE",
    }


def _deposit(t: Transfer) -> dict[str, object]:
    return {
        "currency": t.currency,
        "chain": "eth",
        "status": "SUCCESS",
        "address": "0x5f047b29041bcfdbf0e4478cdfa753a336ba6989",
        "memo": "",
        "isInner": False,
        "amount": f"{t.amount:f}",
        "fee": f"{t.fee:f}",
        "walletTxId": t.wallet_tx_id,
        "createdAt": t.created_at,
        "updatedAt": t.created_at,
        "remark": "Deposit",
    }


def _withdrawal(t: Transfer) -> dict[str, object]:
    return _deposit(t) | {
        "id": t.id,
        "chain": "btc",
        "address": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
        "remark": "",
    }
