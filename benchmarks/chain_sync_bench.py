"""First sync and resync of an HD wallet through the Esplora fake (target: 1,000 used addresses ≤ 30 s).

    python benchmarks/chain_sync_bench.py [USED_ADDRESSES] [--workflow]

With --workflow, the product's own path instead: the whole product on local servers, the zpub added
through the API (addPublicXpub) and synced by AccountSyncWorkflow in the worker into PostgreSQL, then
synced again (syncWallet), each timed from the request until the wallet stops syncing.

The wallet (BIP-84's test account) has USED_ADDRESSES used addresses (default 1,000): two thirds
receive deposits, every other deposit is spent with change to the next change address, so a third
are change. Prints the wall time of the first sync and of a resync that finds nothing new, the
requests each made, and the time spent deriving addresses, which bound the sync besides the requests.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.fakes, from the repository

from exchange_sync_bench import until_synced
from product import running_product

from ingest.chains.esplora import sync_extended_keys
from ingest.chains.hd import CHANGE, RECEIVE, ExtendedKey
from ingest.chains.networks import BITCOIN
from stack.api_client import CairnApi
from tests.fakes.esplora import EsploraServer, hd_wallet_history
from tests.ingest.chains.test_esplora import ZPUB

TARGET_SECONDS = 30.0


async def timed_sync(
    server: EsploraServer, cursors: dict[str, str]
) -> tuple[float, int, dict[str, str], int]:
    server.requests = 0
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=16)) as client:
        started = time.perf_counter()
        synced = await sync_extended_keys(client, server.url, [ExtendedKey(ZPUB, BITCOIN)], cursors)
        elapsed = time.perf_counter() - started
    return elapsed, server.requests, synced.cursors, len(synced.transactions)


ADD_XPUB = """
mutation Add($input: PublicXpubInput!) {
  addPublicXpub(publicXpubInput: $input) { success errorMessage createdWallet { id } }
}
"""
SYNC_WALLET = "mutation Sync($id: ID!) { syncWallet(id: $id) { success errorMessage } }"


def workflow_path(server: EsploraServer, used_addresses: int) -> None:
    os.environ["CAIRN_ESPLORA_URLS"] = json.dumps({"bitcoin": server.url})
    with tempfile.TemporaryDirectory() as home, running_product(Path(home)) as (settings, _):
        api = CairnApi(settings.origin)
        api.sign_in(f"bench-{uuid.uuid4().hex[:8]}@example.com", "correct horse battery")
        given = {
            "coinSymbol": "BTC",
            "cryptoNetwork": "bitcoin",
            "xpubKey": ZPUB,
            "accountTypeSlug": "bitcoin",
        }
        started = time.perf_counter()
        answer = api.graphql(ADD_XPUB, {"input": given})["addPublicXpub"]
        if not answer["success"]:
            raise RuntimeError(answer["errorMessage"])
        wallet_id = answer["createdWallet"]["id"]
        seconds, wallet = until_synced(api, wallet_id, started)
        verdict = "met" if seconds <= TARGET_SECONDS else "NOT met"
        print(
            f"workflow path, first sync of {used_addresses:,} used addresses: "
            f"{wallet['computedTransactionCount']:,} transactions in {seconds:.2f} s ({verdict}: ≤ 30 s)"
        )
        started = time.perf_counter()
        api.graphql(SYNC_WALLET, {"id": wallet_id})
        seconds, wallet = until_synced(api, wallet_id, started)
        print(f"workflow path, a sync finding nothing new: {seconds:.2f} s, errors {wallet['errors']}")
        api.close()


def main() -> None:
    used = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdecimal() else 1_000
    key = ExtendedKey(ZPUB, BITCOIN)
    with EsploraServer() as server:
        history = hd_wallet_history(server, key, used_receive=(used * 2 + 2) // 3)
        used_addresses = history.used_receive + history.used_change
        if "--workflow" in sys.argv:
            workflow_path(server, used_addresses)
            return
        scanned = used_addresses + 40
        started = time.perf_counter()
        fresh = ExtendedKey(ZPUB, BITCOIN)
        for index in range(history.used_receive + 20):
            fresh.address(index, RECEIVE)
        for index in range(history.used_change + 20):
            fresh.address(index, CHANGE)
        deriving = time.perf_counter() - started

        first, first_requests, cursors, booked = asyncio.run(timed_sync(server, {}))
        again, again_requests, _, rebooked = asyncio.run(timed_sync(server, cursors))

    print(
        f"HD wallet: {used_addresses:,} used addresses ({scanned:,} scanned), "
        f"{history.transactions:,} transactions"
    )
    print(f"  deriving {scanned:,} addresses: {deriving:.2f} s")
    verdict = "met" if first <= TARGET_SECONDS else "NOT met"
    print(
        f"  first sync: {first:.2f} s, {first_requests:,} requests, {booked:,} transactions "
        f"({verdict}: ≤ {TARGET_SECONDS:.0f} s)"
    )
    print(f"  resync:     {again:.2f} s, {again_requests:,} requests, {rebooked:,} transactions")


if __name__ == "__main__":
    main()
