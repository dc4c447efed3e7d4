"""An Etherscan v2-compatible API (one base URL, `chainid` per call) over generated address histories.

`module=account` with `action=txlist | txlistinternal | tokentx` (startblock, endblock, page,
offset, sort; at most 10,000 rows a call, page × offset ≤ 10,000), `balance` and `tokenbalance`,
in Etherscan's envelope: {"status": "1", "message": "OK", "result": …}, or status "0" with
"No transactions found" and an empty result. `EvmWallet` writes an address's history and keeps what
it should hold, which the EVM JSON-RPC fake also answers from.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.server import Answer, FakeExchange, Request

MAX_ROWS = 10_000
GWEI = 10**9
ETHER = 10**18
FIRST_BLOCK = 17_000_000
FIRST_TIME = 1_682_000_000  # 2023-04-20
STREAMS = ("txlist", "txlistinternal", "tokentx")


@dataclass
class Account:
    """One address on one chain: its rows per stream (oldest first) and its balances."""

    rows: dict[str, list[dict[str, str]]] = field(default_factory=lambda: {s: [] for s in STREAMS})
    wei: int = 0
    tokens: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # contract → raw amount


Accounts = dict[tuple[int, str], Account]  # (chain id, lower-case address) → account


def _ok(result: Any) -> Answer:
    return Answer(200, {"status": "1", "message": "OK", "result": result})


def _notok(result: str) -> Answer:
    return Answer(200, {"status": "0", "message": "NOTOK", "result": result})


class EtherscanServer(FakeExchange):
    def __init__(self, port: int = 0) -> None:
        super().__init__(port)
        self.accounts: Accounts = defaultdict(Account)
        self.calls: list[dict[str, str]] = []  # the query of every call answered

    def answer(self, request: Request) -> Answer:
        query = request.query
        self.calls.append(query)
        if not query.get("chainid", "").isdigit():
            return _notok("Missing or unsupported chainid parameter (required for v2 api)")
        account = self.accounts[(int(query["chainid"]), query.get("address", "").lower())]
        action = query.get("action")
        if query.get("module") != "account":
            return _notok("Error! Missing Or invalid Module name")
        if action == "balance":
            return _ok(str(account.wei))
        if action == "tokenbalance":
            return _ok(str(account.tokens.get(query.get("contractaddress", "").lower(), 0)))
        if action not in STREAMS:
            return _notok("Error! Missing Or invalid Action name")
        page, offset = int(query.get("page", 1)), int(query.get("offset", MAX_ROWS))
        if page * offset > MAX_ROWS:
            return _notok(
                "Result window is too large, PageNo x Offset size must be less than or equal to 10000"
            )
        start, end = int(query.get("startblock", 0)), int(query.get("endblock", 999_999_999))
        rows = [row for row in account.rows[action] if start <= int(row["blockNumber"]) <= end]
        if query.get("sort") == "desc":
            rows.reverse()
        selected = rows[(page - 1) * offset : page * offset]
        if not selected:
            return Answer(200, {"status": "0", "message": "No transactions found", "result": []})
        return _ok(selected)


def _hash(*parts: object) -> str:
    return "0x" + hashlib.sha256(repr(parts).encode()).hexdigest()


class EvmWallet:
    """Writes transactions into an Etherscan fake, each in a new block, as Etherscan lists them for
    every address they touch, keeping the balances they leave."""

    def __init__(self, server: EtherscanServer, chain_id: int) -> None:
        self.server = server
        self.chain_id = chain_id
        self.block = FIRST_BLOCK

    def _account(self, address: str) -> Account:
        return self.server.accounts[(self.chain_id, address.lower())]

    def _common(self, tx_hash: str) -> dict[str, str]:
        return {
            "blockNumber": str(self.block),
            "timeStamp": str(FIRST_TIME + 12 * (self.block - FIRST_BLOCK)),
            "hash": tx_hash,
        }

    def send(
        self,
        sender: str,
        to: str,
        wei: int = 0,
        *,
        gas_used: int = 21_000,
        gas_price: int = 20 * GWEI,
        failed: bool = False,
        method: str = "",
    ) -> str:
        """A normal transaction in a new block; its hash, for the transfers it makes."""
        self.block += 1
        tx_hash = _hash(self.chain_id, self.block, sender, to, wei)
        row = {
            **self._common(tx_hash),
            "nonce": "0",
            "blockHash": _hash("block", self.block),
            "transactionIndex": "0",
            "from": sender.lower(),
            "to": to.lower(),
            "value": str(wei),
            "gas": str(gas_used * 2),
            "gasPrice": str(gas_price),
            "isError": "1" if failed else "0",
            "txreceipt_status": "0" if failed else "1",
            "input": "0x",
            "contractAddress": "",
            "cumulativeGasUsed": str(gas_used),
            "gasUsed": str(gas_used),
            "confirmations": "100",
            "methodId": "0x" if not method else _hash(method)[:10],
            "functionName": method,
        }
        for address in {sender.lower(), to.lower()}:
            self._account(address).rows["txlist"].append(row)
        self._account(sender).wei -= gas_used * gas_price + (0 if failed else wei)
        if not failed:
            self._account(to).wei += wei
        return tx_hash

    def internal(self, tx_hash: str, sender: str, to: str, wei: int) -> None:
        row = {
            **self._common(tx_hash),
            "from": sender.lower(),
            "to": to.lower(),
            "value": str(wei),
            "contractAddress": "",
            "input": "",
            "type": "call",
            "gas": "50000",
            "gasUsed": "30000",
            "traceId": "0_1",
            "isError": "0",
            "errCode": "",
        }
        for address in {sender.lower(), to.lower()}:
            self._account(address).rows["txlistinternal"].append(row)
        self._account(sender).wei -= wei
        self._account(to).wei += wei

    def token(
        self,
        tx_hash: str,
        contract: str,
        sender: str,
        to: str,
        amount: int,
        symbol: str,
        name: str,
        decimals: int,
    ) -> None:
        row = {
            **self._common(tx_hash),
            "nonce": "0",
            "blockHash": _hash("block", self.block),
            "from": sender.lower(),
            "contractAddress": contract.lower(),
            "to": to.lower(),
            "value": str(amount),
            "tokenName": name,
            "tokenSymbol": symbol,
            "tokenDecimal": str(decimals),
            "transactionIndex": "0",
            "gas": "60000",
            "gasPrice": str(20 * GWEI),
            "gasUsed": "50000",
            "cumulativeGasUsed": "50000",
            "input": "deprecated",
            "confirmations": "100",
        }
        for address in {sender.lower(), to.lower()}:
            self._account(address).rows["tokentx"].append(row)
        self._account(sender).tokens[contract.lower()] -= amount
        self._account(to).tokens[contract.lower()] += amount

    def airdrop(self, spammer: str, to: str, contract: str, amount: int, symbol: str, name: str) -> None:
        """A token transfer in a transaction the recipient did not send (not in its txlist)."""
        tx_hash = self.send(spammer, contract, method="airdrop")
        self.token(tx_hash, contract, spammer, to, amount, symbol, name, 18)


def spam_contract(index: int) -> str:
    return "0x" + hashlib.sha256(f"spam-{index}".encode()).hexdigest()[:40]


def spam_flood(wallet: EvmWallet, to: str, transfers: int, tokens: int = 100) -> set[str]:
    """`transfers` unsolicited transfers of `tokens` spam tokens (every fourth of zero value); their
    contracts."""
    spammer = "0x" + "5" * 40
    for index in range(transfers):
        contract = spam_contract(index % tokens)
        name = f"Visit claim-{index % tokens}.xyz to claim" if index % 2 else f"Pepe Gold {index % tokens}"
        wallet.airdrop(spammer, to, contract, 0 if index % 4 == 0 else 10**18, f"PG{index % tokens}", name)
    return {spam_contract(i) for i in range(min(tokens, transfers))}
