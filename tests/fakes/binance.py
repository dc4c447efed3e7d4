"""Binance's spot REST API (developers.binance.com): exchangeInfo, account, myTrades, and the capital
deposit and withdrawal histories, signed as Binance documents (X-MBX-APIKEY; `signature` = hex
HMAC-SHA256 of the query string under the secret).

`balances` is what the account holds now; `fill` and `deposit` add one fill or deposit of a chosen
history. The generated history is N fills over three markets, every tenth in the same second as the one
before (the export then lists them as one trade), with a USDT deposit every 50 fills and a BTC
withdrawal every 200. myTrades pages by `fromId`/`limit` (at most 1000); the capital histories answer
at most 90 days per `startTime`/`endTime` window, paged by `offset`/`limit`. `history_csv` is the same
history as Binance's transaction-history export writes it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from tests.fakes.server import Answer, FakeExchange, Request

EPOCH_MS = 1_609_459_200_000  # 2021-01-01 UTC
MARKETS = (
    ("BTCUSDT", "BTC", "USDT", Decimal("0.002"), Decimal(30000)),
    ("ETHUSDT", "ETH", "USDT", Decimal("0.05"), Decimal(2000)),
    ("ETHBTC", "ETH", "BTC", Decimal("0.05"), Decimal("0.065")),
)
UNTRADED = (("DOGEEUR", "DOGE", "EUR"), ("SOLBRL", "SOL", "BRL"), ("BTCUSD", "BTC", "USD"))
LISTED = {symbol: (base, quote) for symbol, base, quote, *_ in (*MARKETS, *UNTRADED)}
WINDOW_MS = 90 * 86_400_000


@dataclass(frozen=True)
class Fill:
    symbol: str
    id: int
    time: int
    is_buyer: bool
    qty: Decimal
    quote_qty: Decimal
    commission: Decimal
    commission_asset: str


@dataclass(frozen=True)
class Transfer:
    id: str
    coin: str
    amount: Decimal
    fee: Decimal
    time: int
    tx_id: str
    pending: bool = False


class BinanceFake(FakeExchange):
    def __init__(self, api_key: str, secret: str, trades: int = 0) -> None:
        super().__init__()
        self.api_key, self.secret = api_key, secret
        self.fills: list[Fill] = []
        self.deposits: list[Transfer] = []
        self.withdrawals: list[Transfer] = []
        self.balances = {"BTC": Decimal(1), "ETH": Decimal(1), "DOGE": Decimal(0)}
        self.add_trades(trades)

    def fill(self, symbol: str, is_buyer: bool, qty: Decimal, price: Decimal, time: int) -> None:
        """One fill, its commission a thousandth of what it gave."""
        base, quote = LISTED[symbol]
        fee_asset, fee = (base, qty / 1000) if is_buyer else (quote, qty * price / 1000)
        market_fills = sum(fill.symbol == symbol for fill in self.fills)
        self.fills.append(Fill(symbol, market_fills + 1, time, is_buyer, qty, qty * price, fee, fee_asset))

    def deposit(self, coin: str, amount: Decimal, time: int) -> None:
        number = len(self.deposits)
        self.deposits.append(
            Transfer(f"dep{number}", coin, amount, Decimal(0), time, f"0xdeposit{number:06x}")
        )

    def add_trades(self, count: int) -> None:
        for n in range(len(self.fills), len(self.fills) + count):
            time = EPOCH_MS + (n - n // 10) * 20_000 + n % 7  # every tenth shares the second before
            if n % 50 == 0:
                self.deposits.append(
                    Transfer(f"d{n}", "USDT", Decimal(5000), Decimal(0), time - 1000, f"0xdeposit{n:06x}")
                )
            if n % 200 == 199:
                self.withdrawals.append(
                    Transfer(
                        f"w{n}", "BTC", Decimal("0.01"), Decimal("0.0002"), time + 3000, f"btcwithdraw{n:06x}"
                    )
                )
            symbol, _, _, qty, price = MARKETS[n % 3]
            self.fill(symbol, n % 4 != 3, qty, price, time)

    # --- the protocol -------------------------------------------------------------------------

    def answer(self, request: Request) -> Answer:
        if request.path == "/api/v3/exchangeInfo":
            return Answer(200, {"timezone": "UTC", "symbols": self._symbols()})
        if request.headers.get("x-mbx-apikey") != self.api_key:
            return self.invalid_key()
        unsigned, _, signature = request.query_string.rpartition("&signature=")
        expected = hmac.new(self.secret.encode(), unsigned.encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, signature):
            return Answer(400, {"code": -1022, "msg": "Signature for this request is not valid."})
        query = request.query
        if request.path == "/api/v3/account":
            balances = [
                {"asset": asset, "free": f"{free:.8f}", "locked": "0.00000000"}
                for asset, free in self.balances.items()
            ]
            return Answer(200, {"canTrade": True, "accountType": "SPOT", "balances": balances})
        if request.path == "/sapi/v1/capital/config/getall":
            return Answer(
                200, [_coin(coin) for coin in ("BTC", "ETH", "USDT", "DOGE", "SOL", "EUR", "BRL", "USD")]
            )
        if request.path == "/api/v3/myTrades":
            return Answer(200, self._my_trades(query))
        if request.path == "/sapi/v1/capital/deposit/hisrec":
            return self._window(query, self.deposits, _deposit)
        if request.path == "/sapi/v1/capital/withdraw/history":
            return self._window(query, self.withdrawals, _withdrawal)
        return Answer(404, {"code": -1000, "msg": "Unknown endpoint."})

    def invalid_key(self) -> Answer:
        return Answer(401, {"code": -2015, "msg": "Invalid API-key, IP, or permissions for action."})

    def _symbols(self) -> list[dict[str, object]]:
        return [
            {"symbol": s, "status": "TRADING", "baseAsset": b, "quoteAsset": q, "isSpotTradingAllowed": True}
            for s, (b, q) in LISTED.items()
        ]

    def _my_trades(self, query: dict[str, str]) -> list[dict[str, object]]:
        from_id, limit = int(query.get("fromId", 0)), min(int(query.get("limit", 500)), 1000)
        chosen = [f for f in self.fills if f.symbol == query["symbol"] and f.id >= from_id][:limit]
        return [
            {
                "symbol": f.symbol,
                "id": f.id,
                "orderId": f.id * 10,
                "orderListId": -1,
                "price": f"{f.quote_qty / f.qty:.8f}",
                "qty": f"{f.qty:.8f}",
                "quoteQty": f"{f.quote_qty:.8f}",
                "commission": f"{f.commission:.8f}",
                "commissionAsset": f.commission_asset,
                "time": f.time,
                "isBuyer": f.is_buyer,
                "isMaker": False,
                "isBestMatch": True,
            }
            for f in chosen
        ]

    def _window(
        self, query: dict[str, str], transfers: list[Transfer], shape: Callable[[Transfer], dict[str, object]]
    ) -> Answer:
        end = int(query.get("endTime", 1 << 62))
        start = int(query.get("startTime", end - WINDOW_MS))
        if end - start > WINDOW_MS:
            return Answer(400, {"code": -1127, "msg": "More than 90 days between startTime and endTime."})
        offset, limit = int(query.get("offset", 0)), min(int(query.get("limit", 1000)), 1000)
        chosen = [t for t in transfers if start <= t.time <= end][offset : offset + limit]
        return Answer(200, [shape(t) for t in chosen])

    # --- the export ---------------------------------------------------------------------------

    def history_csv(self) -> bytes:
        """As the export lists it: a fill's rows together, every number with 8 decimals, quoted."""
        rows: list[tuple[int, int, str, str, Decimal]] = []
        for f in self.fills:
            base, quote = LISTED[f.symbol]
            if f.is_buyer:
                rows += [
                    (f.time, 0, "Transaction Buy", base, f.qty),
                    (f.time, 0, "Transaction Spend", quote, -f.quote_qty),
                ]
            else:
                rows += [
                    (f.time, 0, "Transaction Sold", base, -f.qty),
                    (f.time, 0, "Transaction Revenue", quote, f.quote_qty),
                ]
            rows.append((f.time, 0, "Transaction Fee", f.commission_asset, -f.commission))
        rows += [(d.time, 1, "Deposit", d.coin, d.amount) for d in self.deposits]
        rows += [(w.time, 1, "Withdraw", w.coin, -(w.amount + w.fee)) for w in self.withdrawals]
        rows.sort(key=lambda row: (row[0] // 1000, row[1]))
        lines = ['"User_ID","UTC_Time","Account","Operation","Coin","Change","Remark"']
        for millis, _, operation, coin, change in rows:
            when = datetime.fromtimestamp(millis // 1000, UTC).strftime("%Y-%m-%d %H:%M:%S")
            lines.append(f'"31415926","{when}","Spot","{operation}","{coin}","{change:.8f}",""')
        return ("\n".join(lines) + "\n").encode()


def _coin(coin: str) -> dict[str, object]:
    network = {
        "network": coin,
        "coin": coin,
        "name": coin,
        "isDefault": True,
        "depositEnable": True,
        "withdrawEnable": True,
        "withdrawFee": "0.0002",
        "withdrawMin": "0.001",
        "withdrawMax": "9000",
        "withdrawIntegerMultiple": "0.00000001",
        "minConfirm": 1,
        "unLockConfirm": 2,
    }
    return {
        "coin": coin,
        "name": coin,
        "depositAllEnable": True,
        "withdrawAllEnable": True,
        "trading": True,
        "free": "0",
        "locked": "0",
        "freeze": "0",
        "withdrawing": "0",
        "networkList": [network],
    }


def _deposit(t: Transfer) -> dict[str, object]:
    return {
        "id": t.id,
        "amount": f"{t.amount:f}",
        "coin": t.coin,
        "network": "ETH",
        "status": 0 if t.pending else 1,
        "address": "0x6915f16f8791d0a1cc2bf47c13a6b2a92000504b",
        "addressTag": "",
        "txId": t.tx_id,
        "insertTime": t.time,
        "transferType": 0,
        "confirmTimes": "12/12",
        "unlockConfirm": 0,
        "walletType": 0,
    }


def _withdrawal(t: Transfer) -> dict[str, object]:
    applied = datetime.fromtimestamp(t.time // 1000, UTC).strftime("%Y-%m-%d %H:%M:%S")
    return {
        "id": t.id,
        "amount": f"{t.amount:f}",
        "transactionFee": f"{t.fee:f}",
        "coin": t.coin,
        "status": 4 if t.pending else 6,
        "address": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
        "txId": t.tx_id,
        "applyTime": applied,
        "network": "BTC",
        "transferType": 0,
        "info": "",
        "confirmNo": 3,
        "walletType": 0,
        "txKey": "",
        "completeTime": applied,
    }
