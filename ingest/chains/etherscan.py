"""The Etherscan v2 API: one base URL serves every EVM chain of the catalogue, told apart by `chainid`.
Light on purpose (httpx and the chain HTTP helpers only): the API counts an address's transactions
through it when a wallet is added, without loading the sync's booking code."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import httpx

from ingest.chains.http import ATTEMPTS, FIRST_BACKOFF, ChainServiceError, get_json

# EIP-155 chain ids of the catalogue's EVM chains (cryptoNetwork → chainid).
CHAIN_IDS = {
    "ethereum": 1,
    "optimism": 10,
    "binance-smart-chain": 56,
    "polygon": 137,
    "fantom": 250,
    "zksync-era": 324,
    "base": 8453,
    "arbitrum-one": 42161,
    "avalanche": 43114,
}
PAGE_ROWS = 10_000  # Etherscan's most rows per call
STREAMS = ("txlist", "txlistinternal", "tokentx")
_NO_ROWS = "No transactions found"


@dataclass(frozen=True, slots=True)
class EvmEndpoints:
    etherscan_url: str
    etherscan_api_key: str
    rpc_url: str | None  # the chain's JSON-RPC, when configured


class Etherscan:
    """One chain's calls to the Etherscan v2 API."""

    def __init__(self, client: httpx.AsyncClient, endpoints: EvmEndpoints, network: str) -> None:
        self._client = client
        self._url = endpoints.etherscan_url
        self._base = {"chainid": str(CHAIN_IDS[network]), "apikey": endpoints.etherscan_api_key}

    async def call(self, **params: str) -> Any:
        """The `result` of one call; Etherscan's "no rows" is an empty list, its rate limit is waited out."""
        for attempt in range(1, ATTEMPTS + 1):
            answer = await get_json(self._client, self._url, {**self._base, **params})
            if answer.get("status") == "1" or answer.get("message") == _NO_ROWS:
                return answer["result"]
            if "rate limit" not in str(answer.get("result")).lower() or attempt == ATTEMPTS:
                raise ChainServiceError(f"Etherscan {params.get('action')}: {answer.get('result')}")
            await asyncio.sleep(FIRST_BACKOFF * 2**attempt)
        raise ChainServiceError(f"Etherscan {params.get('action')}: no answer")

    async def rows(self, action: str, address: str, after_block: int) -> list[dict[str, Any]]:
        """Every row of a stream in the blocks after `after_block`, oldest first."""
        rows: list[dict[str, Any]] = []
        start = after_block + 1
        while True:
            page: list[dict[str, Any]] = await self.call(
                module="account",
                action=action,
                address=address,
                startblock=str(start),
                endblock="999999999",
                page="1",
                offset=str(PAGE_ROWS),
                sort="asc",
            )
            if len(page) < PAGE_ROWS:
                return rows + page
            last = int(page[-1]["blockNumber"])
            complete = [row for row in page if int(row["blockNumber"]) < last]
            # A single block with more rows than a page: take what Etherscan gives and move on.
            rows.extend(complete or page)
            start = last if complete else last + 1


async def transactions_at_least(
    client: httpx.AsyncClient, endpoints: EvmEndpoints, network: str, address: str, at_most: int
) -> int:
    """How many transactions `address` has at least, up to `at_most`, in at most four one-row calls:
    txlist's row number `at_most` tells whether there are that many normal transactions (Etherscan
    answers rows 10,000 deep at most, so a larger `at_most` is not asked), else a first row in any
    stream tells 1 from 0. Internal transactions and token transfers count only toward that first one."""
    etherscan = Etherscan(client, endpoints, network)

    async def has_row(action: str, number: int) -> bool:
        rows = await etherscan.call(
            module="account",
            action=action,
            address=address.lower(),
            startblock="0",
            endblock="999999999",
            page=str(number),
            offset="1",
            sort="asc",
        )
        return bool(rows)

    if 1 < at_most <= PAGE_ROWS and await has_row("txlist", at_most):
        return at_most
    for stream in STREAMS:
        if await has_row(stream, 1):
            return 1
    return 0
