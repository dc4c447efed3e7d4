"""An Esplora server (Blockstream's block explorer API) over a chain of generated transactions.

It answers what Cairn reads, in Esplora's shapes: `/address/:a` (chain and mempool stats; the mempool
has only the counts of `unconfirmed`), `/address/:a/txs`, `/address/:a/txs/chain[/:last_seen_txid]`
(confirmed history, newest first, 25 a page) and `/tx/:txid`. `hd_wallet_history` fills it with the
history of an HD wallet: deposits to receive addresses, spends with change to the change chain, and a
spend of two of the wallet's outputs at once.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from ingest.chains.hd import CHANGE, RECEIVE, ExtendedKey
from tests.fakes.server import Answer, FakeExchange, Request

PAGE_SIZE = 25
GENESIS_TIME = 1_600_000_000  # 2020-09-13, the first generated block
BLOCK_SECONDS = 600


class EsploraServer(FakeExchange):
    def __init__(self, port: int = 0) -> None:
        super().__init__(port)
        self.transactions: dict[str, dict[str, Any]] = {}
        self.history: dict[str, list[str]] = defaultdict(list)  # address → its txids, oldest first
        self.unconfirmed: dict[str, int] = {}  # address → its transactions in the mempool
        self._outputs: dict[tuple[str, int], dict[str, Any]] = {}
        self.asked: list[str] = []  # the path of every request answered

    def add(self, inputs: list[tuple[str, int]], outputs: list[tuple[str, int]], fee: int) -> str:
        """Confirm a transaction in the next block, spending (txid, vout) outputs into (address, sats)
        ones; the external funding of a deposit is an input of ("", 0): a coinbase-like origin."""
        height = len(self.transactions) + 1
        txid = hashlib.sha256(f"tx-{height}".encode()).hexdigest()
        vin = [self._input(previous) for previous in inputs]
        vout = [_output(address, value) for address, value in outputs]
        transaction = {
            "txid": txid,
            "version": 2,
            "locktime": 0,
            "vin": vin,
            "vout": vout,
            "size": 110 + 68 * len(vin) + 31 * len(vout),
            "weight": 4 * (110 + 68 * len(vin) + 31 * len(vout)),
            "fee": fee,
            "status": {
                "confirmed": True,
                "block_height": height,
                "block_hash": hashlib.sha256(f"block-{height}".encode()).hexdigest(),
                "block_time": GENESIS_TIME + BLOCK_SECONDS * height,
            },
        }
        self.transactions[txid] = transaction
        touched = {p["scriptpubkey_address"] for p in (v["prevout"] for v in vin) if p} | {
            o["scriptpubkey_address"] for o in vout
        }
        for address in touched:
            self.history[address].append(txid)
        for index, output in enumerate(vout):
            self._outputs[(txid, index)] = output
        return txid

    def _input(self, previous: tuple[str, int]) -> dict[str, Any]:
        txid, index = previous
        if not txid:  # outside money: an input whose prevout is no address of interest
            origin = hashlib.sha256(f"outside-{len(self.transactions)}".encode()).hexdigest()
            prevout = _output(f"outside-{origin[:16]}", index)
            return {"txid": origin, "vout": 0, "prevout": prevout, "is_coinbase": False, "sequence": 0}
        return {
            "txid": txid,
            "vout": index,
            "prevout": self._outputs[previous],
            "is_coinbase": False,
            "sequence": 0xFFFFFFFD,
        }

    def stats(self, address: str) -> dict[str, int]:
        funded = spent = funded_count = spent_count = 0
        for txid in self.history.get(address, []):
            transaction = self.transactions[txid]
            for output in transaction["vout"]:
                if output["scriptpubkey_address"] == address:
                    funded, funded_count = funded + output["value"], funded_count + 1
            for vin in transaction["vin"]:
                if vin["prevout"]["scriptpubkey_address"] == address:
                    spent, spent_count = spent + vin["prevout"]["value"], spent_count + 1
        return {
            "funded_txo_count": funded_count,
            "funded_txo_sum": funded,
            "spent_txo_count": spent_count,
            "spent_txo_sum": spent,
            "tx_count": len(self.history.get(address, [])),
        }

    def answer(self, request: Request) -> Answer:
        self.asked.append(request.path)
        parts = request.path.strip("/").split("/")
        if parts[0] == "tx" and len(parts) == 2 and parts[1] in self.transactions:
            return Answer(200, self.transactions[parts[1]])
        if parts[0] != "address" or len(parts) < 2:
            return Answer(404, b"Not Found")
        address = parts[1]
        if len(parts) == 2:
            mempool = dict.fromkeys(self.stats(address), 0) | {"tx_count": self.unconfirmed.get(address, 0)}
            return Answer(
                200, {"address": address, "chain_stats": self.stats(address), "mempool_stats": mempool}
            )
        newest_first = list(reversed(self.history.get(address, [])))
        if parts[2:] in (["txs"], ["txs", "chain"]):
            start = 0
        elif parts[2:4] == ["txs", "chain"] and len(parts) == 5 and parts[4] in newest_first:
            start = newest_first.index(parts[4]) + 1
        else:
            return Answer(404, b"Not Found")
        return Answer(200, [self.transactions[t] for t in newest_first[start : start + PAGE_SIZE]])


def _output(address: str, value: int) -> dict[str, Any]:
    return {
        "scriptpubkey": hashlib.sha256(address.encode()).hexdigest()[:44],
        "scriptpubkey_type": "v0_p2wpkh",
        "scriptpubkey_address": address,
        "value": value,
    }


@dataclass(frozen=True)
class WalletHistory:
    """What a generated wallet should add up to."""

    balance: int  # satoshis
    fees: int  # satoshis the wallet paid in fees
    transactions: int  # transactions touching the wallet
    used_receive: int
    used_change: int


def hd_wallet_history(
    server: EsploraServer, key: ExtendedKey, used_receive: int, extra_deposits: int = 0
) -> WalletHistory:
    """Give `key`'s wallet `used_receive` deposits (the first address `extra_deposits` more), then spend
    every other deposit with change to the next change address, then one payment from two of the
    wallet's outputs (a spent deposit's change and an unspent deposit) with change back."""
    outside_payee = "outside-payee"
    deposits: list[tuple[str, int]] = []
    balance = fees = count = 0
    for index in range(used_receive):
        value = 1_000_000 + index
        txid = server.add([("", value + 5_000)], [(key.address(index, RECEIVE), value)], fee=5_000)
        deposits.append((txid, value))
        balance, count = balance + value, count + 1
    for extra in range(extra_deposits):
        server.add([("", 20_000 + extra)], [(key.address(0, RECEIVE), 10_000 + extra)], fee=10_000)
        balance, count = balance + 10_000 + extra, count + 1
    changes: list[tuple[str, int]] = []
    for spent_index in range(0, used_receive - 1, 2):
        txid, value = deposits[spent_index]
        fee, payment = 1_000 + spent_index, 300_000
        change = value - payment - fee
        spend = server.add(
            [(txid, 0)], [(outside_payee, payment), (key.address(len(changes), CHANGE), change)], fee
        )
        changes.append((spend, change))
        balance, fees, count = balance - payment - fee, fees + fee, count + 1
    if changes and used_receive >= 2:
        (change_txid, change_value), (deposit_txid, deposit_value) = changes[0], deposits[1]
        fee, payment = 2_500, 500_000
        back = change_value + deposit_value - payment - fee
        outputs = [(outside_payee, payment), (key.address(0, CHANGE), back)]
        server.add([(change_txid, 1), (deposit_txid, 0)], outputs, fee)
        balance, fees, count = balance - payment - fee, fees + fee, count + 1
    return WalletHistory(balance, fees, count, used_receive, len(changes))
