"""An EVM JSON-RPC node over the balances an Etherscan fake keeps: `eth_chainId`, `eth_getBalance`,
and `eth_call` for ERC-20 `balanceOf` and the ENS registry's `resolver` and resolver's `addr`."""

from __future__ import annotations

import json
from typing import Any

from ingest.chains.ens import ADDR, REGISTRY, RESOLVER, namehash
from ingest.chains.evm import BALANCE_OF
from tests.fakes.etherscan import Accounts
from tests.fakes.server import Answer, FakeExchange, Request

ENS_RESOLVER = "0x" + "4976fb03c32e5b8cfe2b6ccb31c09ba78ebaba41"  # the public resolver's address


def _word(value: int | str) -> str:
    number = int(value, 16) if isinstance(value, str) else value
    return "0x" + format(number, "064x")


class EvmRpcServer(FakeExchange):
    def __init__(
        self, accounts: Accounts, chain_id: int, ens: dict[str, str] | None = None, port: int = 0
    ) -> None:
        super().__init__(port)
        self.accounts = accounts
        self.chain_id = chain_id
        self.ens = {namehash(name).hex(): address for name, address in (ens or {}).items()}

    def answer(self, request: Request) -> Answer:
        call = json.loads(request.body)
        return Answer(
            200, {"jsonrpc": "2.0", "id": call.get("id"), **self._result(call["method"], call["params"])}
        )

    def _result(self, method: str, params: list[Any]) -> dict[str, Any]:
        if method == "eth_chainId":
            return {"result": hex(self.chain_id)}
        if method == "eth_getBalance":
            return {"result": hex(self.accounts[(self.chain_id, params[0].lower())].wei)}
        if method != "eth_call":
            return {
                "error": {"code": -32601, "message": f"the method {method} does not exist/is not available"}
            }
        to, data = params[0]["to"].lower(), params[0]["data"]
        if data.startswith(BALANCE_OF):
            holder = "0x" + data[-40:]
            return {"result": _word(self.accounts[(self.chain_id, holder)].tokens.get(to, 0))}
        node = data[10:]
        if to == REGISTRY.lower() and data.startswith(RESOLVER):
            return {"result": _word(ENS_RESOLVER if node in self.ens else 0)}
        if to == ENS_RESOLVER and data.startswith(ADDR):
            return {"result": _word(self.ens.get(node, "0x0"))}
        return {"result": "0x"}
