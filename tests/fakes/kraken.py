"""Kraken's REST API (docs.kraken.com/api-reference): public Assets and AssetPairs; private Balance,
Ledgers, TradesHistory, DepositStatus and WithdrawStatus, signed as Kraken documents (API-Key;
API-Sign = HMAC-SHA512 of path + SHA256(nonce + body) under the base64 secret).

The history is N generated trades (two ledger entries each, sharing the trade's refid) with a
deposit every 25 trades and a staking reward every 40; `add_trade` adds a trade at a given time and
price, `add_entry` a ledger entry of any type.
Ledgers pages by `ofs`, 50 entries a page, newest first, between `start` (exclusive) and `end`
(inclusive) unix times; TradesHistory the same way. DepositStatus lists the deposits from `start`
on, WithdrawStatus nothing. `ledgers_csv` and `trades_csv` are the same history as Kraken's exports
write it.
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
ASSETS = ("XXBT", "XETH", "ZUSD", "DOT.S")
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
    def __init__(self, api_key: str, secret: str, trades: int = 0, port: int = 0) -> None:
        super().__init__(port)
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
            self._trade(time, base, quote, "buy" if n % 3 else "sell", volume, price + n % 100)
            if n % 40 == 39:
                self._entry(f"S{n:05X}-STAKE-{n:06X}", time, "staking", "DOT.S", Decimal("0.1"), Decimal(0))

    def add_trade(self, when: datetime, base: str, side: str, volume: Decimal, price: Decimal) -> None:
        """One trade of `base` (XXBT or XETH) against US dollars at `when`, after the history so far."""
        self._trade(_unix(when), base, "ZUSD", side, volume, price)

    def _trade(self, time: str, base: str, quote: str, side: str, volume: Decimal, price: Decimal) -> None:
        n = len(self.trades)
        cost, fee = volume * price, (volume * price * Decimal("0.0026")).quantize(Decimal("0.0001"))
        sign = 1 if side == "buy" else -1
        txid = f"T{n:05X}-TRADE-{n:06X}"
        self._entry(txid, time, "trade", base, sign * volume, Decimal(0))
        self._entry(txid, time, "trade", quote, -sign * cost, fee)
        self.trades.append(Trade(txid, base + quote, time, side, price, cost, fee, volume))

    def add_entry(
        self, kind: str, asset: str, amount: Decimal, fee: Decimal = Decimal(0), when: datetime | None = None
    ) -> Entry:
        """One ledger entry of Kraken's type `kind`, at `when` or a second after the last: a deposit, a
        staking reward, the two legs of a Buy Crypto ("spend", "receive"), or one the ledger alone lists."""
        number = len(self.entries)
        if when is not None:
            time = _unix(when)
        else:
            time = f"{Decimal(self.entries[-1].time) + 1 if self.entries else EPOCH:.4f}"
        self._entry(f"E{number:05X}-ENTRY-{number:06X}", time, kind, asset, amount, fee)
        return self.entries[-1]

    def _entry(self, refid: str, time: str, kind: str, asset: str, amount: Decimal, fee: Decimal) -> None:
        number = len(self.entries)
        self.entries.append(Entry(f"L{number:05X}-LEDGR-{number:06X}", refid, time, kind, asset, amount, fee))
        self._times.append(Decimal(time))

    # --- the protocol -------------------------------------------------------------------------

    def answer(self, request: Request) -> Answer:
        if request.path == "/0/public/Assets":
            return Answer(200, {"error": [], "result": {asset: _asset(asset) for asset in ASSETS}})
        if request.path == "/0/public/AssetPairs":
            pairs = {base + quote: _pair(base, quote) for base, quote, *_ in PAIRS}
            return Answer(200, {"error": [], "result": pairs})
        refusal = self._refusal(request)
        if refusal:
            return Answer(200, {"error": [refusal]})
        if request.path == "/0/private/Balance":
            return Answer(200, {"error": [], "result": {"XXBT": "1.5000000000", "ZUSD": "1200.0000"}})
        if request.path == "/0/private/Ledgers":
            return Answer(200, {"error": [], "result": self._ledgers(request.form)})
        if request.path == "/0/private/TradesHistory":
            return Answer(200, {"error": [], "result": self._trades_history(request.form)})
        if request.path == "/0/private/DepositStatus":
            start = Decimal(request.form.get("start", 0))  # deposits before it are left out
            deposits = [
                _deposit(entry)
                for entry in self.entries
                if entry.type == "deposit" and int(Decimal(entry.time)) >= start
            ]
            return Answer(200, {"error": [], "result": deposits})
        if request.path == "/0/private/WithdrawStatus":
            return Answer(200, {"error": [], "result": []})
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

    def _trades_history(self, form: dict[str, str]) -> dict[str, object]:
        times = [Decimal(trade.time) for trade in self.trades]
        first = bisect.bisect_right(times, Decimal(form["start"])) if "start" in form else 0
        last = bisect.bisect_right(times, Decimal(form["end"])) if "end" in form else len(self.trades)
        end = last - int(form.get("ofs", 0))
        page = self.trades[max(first, end - PAGE) : max(first, end)][::-1]
        return {"trades": {trade.txid: _trade(trade) for trade in page}, "count": max(last - first, 0)}

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


def _unix(when: datetime) -> str:
    return f"{when.timestamp():.4f}"


def _export_time(unix: str) -> str:
    return datetime.fromtimestamp(float(unix), UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-2]


def _asset(asset: str) -> dict[str, object]:
    altname = {"XXBT": "XBT", "XETH": "ETH", "ZUSD": "USD"}.get(asset, asset)
    return {
        "aclass": "currency",
        "altname": altname,
        "decimals": 10,
        "display_decimals": 5,
        "status": "enabled",
    }


def _pair(base: str, quote: str) -> dict[str, object]:
    names = {"XXBT": "XBT", "XETH": "ETH", "ZUSD": "USD"}
    return {
        "altname": names[base] + names[quote],
        "wsname": f"{names[base]}/{names[quote]}",
        "aclass_base": "currency",
        "base": base,
        "aclass_quote": "currency",
        "quote": quote,
        "lot": "unit",
        "cost_decimals": 5,
        "pair_decimals": 1,
        "lot_decimals": 8,
        "lot_multiplier": 1,
        "leverage_buy": [],
        "leverage_sell": [],
        "fees": [[0, 0.26]],
        "fees_maker": [[0, 0.16]],
        "fee_volume_currency": "ZUSD",
        "margin_call": 80,
        "margin_stop": 40,
        "ordermin": "0.0001",
        "costmin": "0.5",
        "tick_size": "0.1",
        "status": "online",
    }


def _trade(trade: Trade) -> dict[str, object]:
    return {
        "ordertxid": f"O{trade.txid[1:]}",
        "postxid": "TKH2SE-M7IF5-CFI7LT",
        "pair": trade.pair,
        "time": float(trade.time),
        "type": trade.side,
        "ordertype": "limit",
        "price": f"{trade.price:f}",
        "cost": f"{trade.cost:f}",
        "fee": f"{trade.fee:f}",
        "vol": f"{trade.vol:f}",
        "margin": "0.00000",
        "misc": "",
        "trade_id": int(trade.txid[1:6], 16),
    }


def _deposit(entry: Entry) -> dict[str, object]:
    return {
        "method": "Bank Frick (SWIFT)",
        "aclass": "currency",
        "asset": entry.asset,
        "refid": entry.refid,
        "txid": entry.refid,
        "info": "",
        "amount": f"{entry.amount:f}",
        "fee": f"{entry.fee:f}",
        "time": int(Decimal(entry.time)),
        "status": "Success",
    }
