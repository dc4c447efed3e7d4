"""Kraken's private REST API (docs.kraken.com/api-reference): Balance and Ledgers, signed as Kraken
documents (API-Key; API-Sign = HMAC-SHA512 of path + SHA256(nonce + body) under the base64 secret).

The history is N generated trades (two ledger entries each, sharing the trade's refid) with a
deposit every 25 trades and a staking reward every 40. Ledgers pages by `ofs`, 50 entries a page,
newest first, between `start` (exclusive) and `end` (inclusive) unix times. `ledgers_csv` and
`trades_csv` are the same history as Kraken's exports write it.
"""

from __future__ import annotations

import base64
import bisect
import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from tests.fakes.server import Answer, FakeExchange, Request

PAGE = 50
EPOCH = 1_609_459_200  # 2021-01-01 UTC
PAIRS = (("XXBT", "ZUSD", Decimal("0.01"), Decimal(30000)), ("XETH", "ZUSD", Decimal("0.5"), Decimal(2000)))


@dataclass(frozen=True)
class Entry:
    ledger_id: str
    refid: str
    time: str  # unix seconds with four decimals, as Kraken answers
    type: str
    asset: str
    amount: Decimal
    fee: Decimal
    subtype: str = ""


@dataclass(frozen=True)
class Trade:
    txid: str
    pair: str
    time: str
    side: str
    price: Decimal
    cost: Decimal
    fee: Decimal
    vol: Decimal


class KrakenFake(FakeExchange):
    def __init__(self, api_key: str, secret: str, trades: int = 0) -> None:
        super().__init__()
        self.api_key, self.secret = api_key, secret
        self.entries: list[Entry] = []  # oldest first
        self._times: list[Decimal] = []  # of the entries, to find `start` by bisection
        self.trades: list[Trade] = []
        self._nonce = 0
        self.add_trades(trades)

    def add_trades(self, count: int) -> None:
        """`count` more trades (and their deposits and rewards) after the existing history."""
        for n in range(len(self.trades), len(self.trades) + count):
            time = f"{EPOCH + n * 60}.{n % 10_000:04d}"
            if n % 25 == 0:
                self._entry(f"Q{n:05X}-DEPOS-{n:06X}", time, "deposit", "ZUSD", Decimal(20000), Decimal(0))
            base, quote, volume, price = PAIRS[n % 2]
            price += n % 100
            cost, fee = volume * price, (volume * price * Decimal("0.0026")).quantize(Decimal("0.0001"))
            side = "buy" if n % 3 else "sell"
            sign = 1 if side == "buy" else -1
            txid = f"T{n:05X}-TRADE-{n:06X}"
            self._entry(txid, time, "trade", base, sign * volume, Decimal(0))
            self._entry(txid, time, "trade", quote, -sign * cost, fee)
            self.trades.append(Trade(txid, base + quote, time, side, price, cost, fee, volume))
            if n % 40 == 39:
                self._entry(f"S{n:05X}-STAKE-{n:06X}", time, "staking", "DOT.S", Decimal("0.1"), Decimal(0))

    def _entry(self, refid: str, time: str, kind: str, asset: str, amount: Decimal, fee: Decimal) -> None:
        number = len(self.entries)
        self.entries.append(Entry(f"L{number:05X}-LEDGR-{number:06X}", refid, time, kind, asset, amount, fee))
        self._times.append(Decimal(time))

    # --- the protocol -------------------------------------------------------------------------

    def answer(self, request: Request) -> Answer:
        refusal = self._refusal(request)
        if refusal:
            return Answer(200, {"error": [refusal]})
        if request.path == "/0/private/Balance":
            return Answer(200, {"error": [], "result": {"XXBT": "1.5000000000", "ZUSD": "1200.0000"}})
        if request.path == "/0/private/Ledgers":
            return Answer(200, {"error": [], "result": self._ledgers(request.form)})
        return Answer(404, {"error": ["EGeneral:Unknown method"]})

    def invalid_key(self) -> Answer:
        return Answer(200, {"error": ["EAPI:Invalid key"]})

    def _refusal(self, request: Request) -> str | None:
        form = request.form
        if request.headers.get("api-key") != self.api_key:
            return "EAPI:Invalid key"
        digest = hashlib.sha256((form.get("nonce", "") + request.body.decode()).encode()).digest()
        mac = hmac.new(base64.b64decode(self.secret), request.path.encode() + digest, hashlib.sha512)
        if not hmac.compare_digest(
            base64.b64encode(mac.digest()).decode(), request.headers.get("api-sign", "")
        ):
            return "EAPI:Invalid signature"
        if int(form["nonce"]) <= self._nonce:
            return "EAPI:Invalid nonce"
        self._nonce = int(form["nonce"])
        return None

    def _ledgers(self, form: dict[str, str]) -> dict[str, object]:
        first = bisect.bisect_right(self._times, Decimal(form["start"])) if "start" in form else 0
        last = bisect.bisect_right(self._times, Decimal(form["end"])) if "end" in form else len(self.entries)
        end = last - int(form.get("ofs", 0))  # newest first: `ofs` counts from the newest
        page = self.entries[max(first, end - PAGE) : max(first, end)][::-1]
        return {
            "ledger": {
                entry.ledger_id: {
                    "aclass": "currency",
                    "amount": f"{entry.amount:.10f}",
                    "asset": entry.asset,
                    "balance": "0.0000000000",
                    "fee": f"{entry.fee:.10f}",
                    "refid": entry.refid,
                    "time": float(entry.time),
                    "type": entry.type,
                    "subtype": entry.subtype,
                }
                for entry in page
            },
            "count": max(last - first, 0),
        }

    # --- the exports --------------------------------------------------------------------------

    def ledgers_csv(self) -> bytes:
        lines = ['"txid","refid","time","type","subtype","aclass","asset","wallet","amount","fee","balance"']
        for entry in self.entries:
            lines.append(
                f'"{entry.ledger_id}","{entry.refid}","{_export_time(entry.time)}","{entry.type}",'
                f'"{entry.subtype}","currency","{entry.asset}","spot / main",{entry.amount:f},{entry.fee:f},0'
            )
        return ("\n".join(lines) + "\n").encode()

    def trades_csv(self) -> bytes:
        lines = [
            '"txid","ordertxid","pair","time","type","ordertype","price","cost","fee","vol","margin","misc","ledgers"'
        ]
        for trade in self.trades:
            lines.append(
                f'"{trade.txid}","O{trade.txid[1:]}","{trade.pair}","{_export_time(trade.time)}","{trade.side}",'
                f'"limit",{trade.price:f},{trade.cost:f},{trade.fee:f},{trade.vol:f},0.00000,"",""'
            )
        return ("\n".join(lines) + "\n").encode()


def _export_time(unix: str) -> str:
    return datetime.fromtimestamp(float(unix), UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-2]
