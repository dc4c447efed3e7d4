"""A Solana JSON-RPC node over generated transactions: `getSignaturesForAddress` (newest first,
`limit` ≤ 1,000, `before`, `until`), `getTransaction` (jsonParsed: accountKeys, pre/post lamport and
token balances, fee, err), `getBalance` and `getTokenAccountsByOwner` (jsonParsed, by programId)."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Any

from ingest.addresses.base58 import BITCOIN_ALPHABET
from tests.fakes.server import Answer, FakeExchange, Request

TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
FIRST_SLOT = 250_000_000
FIRST_TIME = 1_700_000_000
LAMPORTS = 10**9


def pubkey(seed: str, length: int = 44) -> str:
    """A base58 string standing for an account; stable for a seed."""
    digest = int.from_bytes(hashlib.sha512(seed.encode()).digest(), "big")
    chars: list[str] = []
    while len(chars) < length:
        digest, remainder = divmod(digest, 58)
        chars.append(BITCOIN_ALPHABET[remainder])
    return "".join(chars)


class SolanaRpcServer(FakeExchange):
    def __init__(self) -> None:
        super().__init__()
        self.lamports: dict[str, int] = defaultdict(int)
        self.tokens: dict[tuple[str, str], int] = defaultdict(int)  # (owner, mint) → raw amount
        self.decimals: dict[str, int] = {}
        self.transactions: dict[str, dict[str, Any]] = {}
        self.signatures: dict[str, list[str]] = defaultdict(list)  # address → signatures, oldest first

    def add(
        self,
        payer: str,
        lamports: dict[str, int],
        tokens: dict[tuple[str, str], int] | None = None,
        *,
        fee: int = 5_000,
        failed: bool = False,
    ) -> str:
        """A transaction paid by `payer` moving lamports (address → change) and tokens ((owner, mint) →
        raw change); a failed one moves only its fee."""
        tokens = {} if failed or tokens is None else tokens
        lamports = {} if failed else lamports
        slot = FIRST_SLOT + len(self.transactions)
        signature = pubkey(f"signature-{slot}", 88)
        keys = [payer, *(a for a in lamports if a != payer)]
        token_accounts = [(owner, mint, pubkey(f"ata-{owner}-{mint}")) for owner, mint in tokens]
        pre = [self.lamports[k] for k in keys] + [0] * len(token_accounts)
        self.lamports[payer] -= fee
        for address, change in lamports.items():
            self.lamports[address] += change
        post = [self.lamports[k] for k in keys] + [0] * len(token_accounts)

        def token_balances() -> list[dict[str, Any]]:
            return [
                {
                    "accountIndex": len(keys) + i,
                    "mint": mint,
                    "owner": owner,
                    "programId": TOKEN_PROGRAM,
                    "uiTokenAmount": _amount(self.tokens[(owner, mint)], self.decimals[mint]),
                }
                for i, (owner, mint, _) in enumerate(token_accounts)
            ]

        pre_tokens = token_balances()
        for key, change in tokens.items():
            self.tokens[key] += change
        all_keys = keys + [account for _, _, account in token_accounts]
        self.transactions[signature] = {
            "slot": slot,
            "blockTime": FIRST_TIME + slot - FIRST_SLOT,
            "meta": {
                "err": {"InstructionError": [0, "Custom"]} if failed else None,
                "fee": fee,
                "preBalances": pre,
                "postBalances": post,
                "preTokenBalances": pre_tokens,
                "postTokenBalances": token_balances(),
                "logMessages": [],
            },
            "transaction": {
                "signatures": [signature],
                "message": {
                    "accountKeys": [
                        {"pubkey": key, "signer": key == payer, "writable": True, "source": "transaction"}
                        for key in all_keys
                    ],
                    "instructions": [],
                    "recentBlockhash": pubkey(f"blockhash-{slot}"),
                },
            },
            "version": 0,
        }
        for address in {payer, *lamports, *(owner for owner, _ in tokens)}:
            self.signatures[address].append(signature)
        return signature

    def answer(self, request: Request) -> Answer:
        call = json.loads(request.body)
        return Answer(
            200, {"jsonrpc": "2.0", "id": call.get("id"), **self._result(call["method"], call["params"])}
        )

    def _result(self, method: str, params: list[Any]) -> dict[str, Any]:
        context = {"slot": FIRST_SLOT + len(self.transactions), "apiVersion": "2.1.0"}
        if method == "getBalance":
            return {"result": {"context": context, "value": self.lamports[params[0]]}}
        if method == "getTransaction":
            return {"result": self.transactions.get(params[0])}
        if method == "getSignaturesForAddress":
            return {"result": self._signatures(params[0], params[1] if len(params) > 1 else {})}
        if method == "getTokenAccountsByOwner":
            owner, program = params[0], params[1].get("programId")
            held = [(mint, amount) for (o, mint), amount in self.tokens.items() if o == owner]
            accounts = (
                []
                if program != TOKEN_PROGRAM
                else [_token_account(owner, m, a, self.decimals[m]) for m, a in held]
            )
            return {"result": {"context": context, "value": accounts}}
        return {"error": {"code": -32601, "message": "Method not found"}}

    def _signatures(self, address: str, options: dict[str, Any]) -> list[dict[str, Any]]:
        newest_first = list(reversed(self.signatures.get(address, [])))
        if options.get("before") in newest_first:
            newest_first = newest_first[newest_first.index(options["before"]) + 1 :]
        if options.get("until") in newest_first:
            newest_first = newest_first[: newest_first.index(options["until"])]
        return [
            {
                "signature": signature,
                "slot": self.transactions[signature]["slot"],
                "err": self.transactions[signature]["meta"]["err"],
                "memo": None,
                "blockTime": self.transactions[signature]["blockTime"],
                "confirmationStatus": "finalized",
            }
            for signature in newest_first[: min(int(options.get("limit", 1000)), 1000)]
        ]


def _amount(raw: int, decimals: int) -> dict[str, Any]:
    text = str(raw / 10**decimals)
    return {"amount": str(raw), "decimals": decimals, "uiAmount": raw / 10**decimals, "uiAmountString": text}


def _token_account(owner: str, mint: str, amount: int, decimals: int) -> dict[str, Any]:
    info = {
        "isNative": False,
        "mint": mint,
        "owner": owner,
        "state": "initialized",
        "tokenAmount": _amount(amount, decimals),
    }
    return {
        "pubkey": pubkey(f"ata-{owner}-{mint}"),
        "account": {
            "data": {"parsed": {"info": info, "type": "account"}, "program": "spl-token", "space": 165},
            "executable": False,
            "lamports": 2_039_280,
            "owner": TOKEN_PROGRAM,
            "rentEpoch": 18446744073709551615,
            "space": 165,
        },
    }
