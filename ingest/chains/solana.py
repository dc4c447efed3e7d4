"""Solana wallets through the Solana JSON-RPC.

Signatures come newest first, 1,000 a call (`getSignaturesForAddress`, paging with `before`), down
to the newest one the previous sync saw (`until`, the cursor). Each transaction (`getTransaction`,
jsonParsed) is booked from the balance changes the node reports for the wallet: its lamports
(`preBalances`/`postBalances`) and its token balances by mint (`pre`/`postTokenBalances` owned by
the wallet). The fee is the fee payer's, booked once when that is the wallet; a failed transaction
moves nothing but its fee. The natural key is the signature.

Token names and symbols live in metadata accounts the RPC does not read, so a token is named by its
mint; the ledger's asset table names the mints it knows. Reported balances: `getBalance` and
`getTokenAccountsByOwner` under both token programs.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx

from ingest.chains.http import ChainServiceError, rpc
from ingest.chains.model import ChainAsset, ChainSync
from ingest.chains.networks import SOLANA, SOLANA_SIGNATURES_PER_CALL
from ingest.chains.spam import TokenTransfer, spam_contracts
from ingest.files.formats.etherscan import single_type
from ingest.files.model import Flow, ParsedTransaction
from ingest.files.values import trade_type
from vocabulary.enums import TransactionType

NETWORK = SOLANA
SOL = ChainAsset(NETWORK, "SOL", "Solana", 9)
CONCURRENCY = 16
TOKEN_PROGRAMS = (
    "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",  # SPL Token
    "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",  # Token-2022
)
CURSOR = "signature"


def _token(mint: str, decimals: int) -> ChainAsset:
    return ChainAsset(NETWORK, mint, mint, decimals, mint)


class _Node:
    def __init__(self, client: httpx.AsyncClient, url: str) -> None:
        self._client = client
        self._url = url
        self._gate = asyncio.Semaphore(CONCURRENCY)

    async def call(self, method: str, *params: Any) -> Any:
        async with self._gate:
            return await rpc(self._client, self._url, method, list(params))

    async def new_signatures(self, address: str, until: str | None) -> list[dict[str, Any]]:
        """Signatures of `address` newer than `until`, newest first."""
        found: list[dict[str, Any]] = []
        while True:
            options: dict[str, Any] = {"limit": SOLANA_SIGNATURES_PER_CALL, "commitment": "finalized"}
            if until:
                options["until"] = until
            if found:
                options["before"] = found[-1]["signature"]
            page = await self.call("getSignaturesForAddress", address, options)
            found.extend(page)
            if len(page) < SOLANA_SIGNATURES_PER_CALL:
                return found


def _changes(transaction: dict[str, Any], own: str) -> tuple[int, dict[str, tuple[int, int]]]:
    """(lamports change, mint → (raw change, decimals)) of the wallet in a transaction."""
    meta = transaction["meta"]
    keys = [
        k["pubkey"] if isinstance(k, dict) else k
        for k in transaction["transaction"]["message"]["accountKeys"]
    ]
    lamports = 0
    if own in keys:
        index = keys.index(own)
        lamports = meta["postBalances"][index] - meta["preBalances"][index]
    tokens: dict[str, tuple[int, int]] = {}
    for sign, balances in (
        (-1, meta.get("preTokenBalances") or []),
        (1, meta.get("postTokenBalances") or []),
    ):
        for balance in balances:
            if balance.get("owner") == own:
                amount = balance["uiTokenAmount"]
                change, _ = tokens.get(balance["mint"], (0, 0))
                tokens[balance["mint"]] = (change + sign * int(amount["amount"]), amount["decimals"])
    return lamports, tokens


def _payer(transaction: dict[str, Any]) -> str:
    first = transaction["transaction"]["message"]["accountKeys"][0]
    return str(first["pubkey"] if isinstance(first, dict) else first)


def _booked(
    signature: str, transaction: dict[str, Any], fee: int, lamports: int, tokens: dict[str, tuple[int, int]]
) -> ParsedTransaction | None:
    """The transaction as the wallet sees it — `fee` is 0 unless the wallet paid it — or None when
    nothing of the wallet's moves."""
    failed = transaction["meta"].get("err") is not None
    flows: list[Flow] = []
    moved = lamports + fee
    if moved:
        flows.append(Flow("IN" if moved > 0 else "OUT", SOL.key, Decimal(abs(moved)).scaleb(-SOL.decimals)))
    for mint, (change, decimals) in sorted(tokens.items()):
        if change:
            quantity = Decimal(abs(change)).scaleb(-decimals)
            flows.append(Flow("IN" if change > 0 else "OUT", _token(mint, decimals).key, quantity))
    if fee:
        flows.append(Flow("OUT", SOL.key, Decimal(fee).scaleb(-SOL.decimals), is_fee=True))
    if not flows:
        return None
    received = [f.asset for f in flows if f.direction == "IN"]
    sent = [f.asset for f in flows if f.direction == "OUT" and not f.is_fee]
    if failed:
        kind = TransactionType.FEE
    elif all(f.is_fee for f in flows):
        kind = TransactionType.CONTRACT_INTERACTION
    else:
        kind = trade_type(received[0], sent[0]) if received and sent else single_type(flows)
    timestamp = datetime.fromtimestamp(transaction["blockTime"], UTC)
    return ParsedTransaction(signature, timestamp, kind, tuple(flows), 0, tx_hash=signature)


async def _reported(node: _Node, own: str) -> tuple[int, dict[str, tuple[int, int]]]:
    balance = await node.call("getBalance", own, {"commitment": "finalized"})
    held: dict[str, tuple[int, int]] = defaultdict(lambda: (0, 0))
    for program in TOKEN_PROGRAMS:
        accounts = await node.call(
            "getTokenAccountsByOwner", own, {"programId": program}, {"encoding": "jsonParsed"}
        )
        for account in accounts["value"]:
            info = account["account"]["data"]["parsed"]["info"]
            amount, _ = held[info["mint"]]
            held[info["mint"]] = (
                amount + int(info["tokenAmount"]["amount"]),
                info["tokenAmount"]["decimals"],
            )
    return int(balance["value"]), dict(held)


async def sync_solana_address(
    client: httpx.AsyncClient,
    rpc_url: str,
    address: str,
    cursors: Mapping[str, str],
    *,
    priced_mints: frozenset[str] = frozenset(),
) -> ChainSync:
    """What is new for `address` since `cursors` (the newest signature seen); `priced_mints` are never
    spam."""
    node = _Node(client, rpc_url)
    signatures = await node.new_signatures(address, cursors.get(CURSOR))
    fetched = await asyncio.gather(
        *(
            node.call(
                "getTransaction",
                s["signature"],
                {"encoding": "jsonParsed", "maxSupportedTransactionVersion": 0, "commitment": "finalized"},
            )
            for s in signatures
        )
    )
    booked: list[ParsedTransaction] = []
    mints: dict[str, ChainAsset] = {}
    transfers: list[TokenTransfer] = []
    for info, transaction in zip(reversed(signatures), reversed(fetched), strict=True):
        if transaction is None:  # not served (yet): fail rather than step past it
            raise ChainServiceError(f"getTransaction {info['signature']}: no transaction")
        paid = _payer(transaction) == address
        lamports, tokens = _changes(transaction, address)
        fee = int(transaction["meta"]["fee"]) if paid else 0
        parsed = _booked(info["signature"], transaction, fee, lamports, tokens)
        for mint, (_, decimals) in tokens.items():
            mints.setdefault(mint, _token(mint, decimals))
            transfers.append(TokenTransfer(mint, paid))
        if parsed is not None:
            booked.append(parsed)
    spam = spam_contracts({m: (t.name, t.symbol) for m, t in mints.items()}, transfers, priced_mints)
    for mint in spam:
        mints[mint] = replace(mints[mint], is_spam=True, was_automarked_as_spam=True)

    lamports, held = await _reported(node, address)
    for mint, (_, decimals) in held.items():
        mints.setdefault(mint, _token(mint, decimals))
    reported = {SOL.key: Decimal(lamports).scaleb(-SOL.decimals)} | {
        mints[mint].key: Decimal(amount).scaleb(-decimals)
        for mint, (amount, decimals) in held.items()
        if not mints[mint].is_spam
    }
    cursor = {CURSOR: signatures[0]["signature"]} if signatures else {}
    return ChainSync(
        booked, {SOL.key: SOL} | {t.key: t for t in mints.values()}, reported, {**cursors, **cursor}
    )
