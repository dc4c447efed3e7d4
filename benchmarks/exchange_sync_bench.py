"""Exchange sync: the Kraken connector against the Kraken fake, N trades (default 100,000).

    python benchmarks/exchange_sync_bench.py [N] [--workflow]

With --workflow, the product's own path instead: the whole product on local servers (as `cairn run`),
a user adds the account by key through the API, and AccountSyncWorkflow syncs it in the worker and
stores it in PostgreSQL; then a sync that finds nothing new (syncExchange), each timed from the request
until the account stops syncing.

The fake runs in a process of its own, with no added latency, and serves Kraken's Ledgers 50
entries a page (N trades are 2N ledger entries plus deposits and rewards). ccxt's rate limiter is
off: against real Kraken the same first sync is bounded by Kraken's call counter instead (Ledgers
costs 2 of a counter that decays by 0.33–1 a second, so thousands of pages take hours).
Prints the first sync (requests, time in requests, time parsing) and a sync that finds nothing new.
"""

from __future__ import annotations

import base64
import json
import multiprocessing
import os
import sys
import tempfile
import time
import uuid
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.fakes, from the repository

from product import running_product

from ingest.exchanges.client import Credentials, ExchangeClient
from ingest.exchanges.kraken import KrakenConnector
from ingest.exchanges.model import Cursor
from stack.api_client import CairnApi
from tests.fakes.kraken import KrakenFake

KEY, SECRET = "bench-key", base64.b64encode(b"bench secret").decode()


def serve(trades: int, pipe: Connection) -> None:
    with KrakenFake(KEY, SECRET, trades) as fake:
        pipe.send(fake.url)
        pipe.recv()  # until the benchmark is done


class TimedClient(ExchangeClient):
    """Counts the requests and the time spent in them (the rest of a sync is parsing)."""

    requests = 0
    seconds = 0.0

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        started = time.perf_counter()
        try:
            return super().call(method, params)
        finally:
            self.requests += 1
            self.seconds += time.perf_counter() - started


def sync(url: str, cursors: dict[str, Cursor]) -> tuple[float, TimedClient, int, dict[str, Cursor]]:
    client = TimedClient("kraken", Credentials({"apiKey": KEY, "secret": SECRET}), url, throttle=False)
    started = time.perf_counter()
    transactions = 0
    after = dict(cursors)
    for batch in KrakenConnector(client).sync(cursors):
        transactions += len(batch.transactions)
        after[batch.stream] = batch.cursor
    return time.perf_counter() - started, client, transactions, after


ADD = """
mutation Add($input: AddExchangeWithApiKeyAndSecretInput!) {
  addExchangeWithApiKeyAndSecret(input: $input) { success errorMessage createdExchange { id } }
}
"""
SYNC = "mutation Sync($id: ID!) { syncExchange(id: $id) { success errorMessage } }"
SYNCED = """
query Account($id: ID!) {
  account(id: $id) { errors computedTransactionCount syncInfo { isSyncing lastSynced } }
}
"""


def until_synced(api: Any, account_id: str, started: float) -> tuple[float, dict[str, Any]]:
    """Polls the account every 50 ms until it stops syncing; answers the seconds since `started`."""
    while True:
        account: dict[str, Any] = api.graphql(SYNCED, {"id": account_id})["account"]
        if not account["syncInfo"]["isSyncing"]:
            return time.perf_counter() - started, account
        time.sleep(0.05)


def workflow_path(url: str, trades: int) -> None:
    os.environ["CAIRN_EXCHANGE_URLS"] = json.dumps({"kraken": url})
    os.environ["CAIRN_EXCHANGE_RATE_LIMITS"] = "false"
    with tempfile.TemporaryDirectory() as home, running_product(Path(home)) as (settings, _):
        api = CairnApi(settings.origin)
        api.sign_in(f"bench-{uuid.uuid4().hex[:8]}@example.com", "correct horse battery")
        started = time.perf_counter()
        added = api.graphql(ADD, {"input": {"apiKey": KEY, "apiSecret": SECRET, "accountTypeSlug": "kraken"}})
        answer = added["addExchangeWithApiKeyAndSecret"]
        if not answer["success"]:
            raise RuntimeError(answer["errorMessage"])
        checked = time.perf_counter() - started
        account_id = answer["createdExchange"]["id"]
        seconds, account = until_synced(api, account_id, started)
        count = account["computedTransactionCount"]
        print(f"workflow path, first sync of {trades:,} trades: {count:,} transactions in {seconds:.2f} s")
        print(
            f"  of which the key's check (VerifyCredentialsWorkflow, the request answered): {checked:.2f} s"
        )
        started = time.perf_counter()
        api.graphql(SYNC, {"id": account_id})
        seconds, account = until_synced(api, account_id, started)
        print(
            f"workflow path, a sync finding nothing new: {seconds:.2f} s (≤ 2 s), errors {account['errors']}"
        )
        api.close()


def main() -> None:
    trades = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdecimal() else 100_000
    ours, theirs = multiprocessing.Pipe()
    server = multiprocessing.Process(target=serve, args=(trades, theirs), daemon=True)
    server.start()
    url = ours.recv()
    try:
        if "--workflow" in sys.argv:
            workflow_path(url, trades)
            return
        seconds, client, transactions, cursors = sync(url, {})
        each = client.seconds / client.requests * 1000
        print(f"first sync of {trades:,} trades: {transactions:,} transactions in {seconds:.2f} s (≤ 60 s)")
        print(f"  {client.requests:,} requests: {client.seconds:.2f} s ({each:.2f} ms each, fake included)")
        print(f"  parsing and grouping the ledger: {seconds - client.seconds:.2f} s")
        seconds, client, transactions, _ = sync(url, cursors)
        found = f"{transactions} transactions, {client.requests} request"
        print(f"sync finding nothing new: {found}, {seconds:.3f} s (≤ 2 s)")
    finally:
        ours.send("done")
        server.join()


if __name__ == "__main__":
    main()
