"""Exchange sync: the Kraken connector against the Kraken fake, N trades (default 100,000).

    python benchmarks/exchange_sync_bench.py [N]

The fake runs in a process of its own, with no added latency, and serves Kraken's Ledgers 50
entries a page (N trades are 2N ledger entries plus deposits and rewards). ccxt's rate limiter is
off: against real Kraken the same first sync is bounded by Kraken's call counter instead (Ledgers
costs 2 of a counter that decays by 0.33–1 a second, so thousands of pages take hours).
Prints the first sync (requests, time in requests, time parsing) and a sync that finds nothing new.
"""

from __future__ import annotations

import base64
import multiprocessing
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.fakes, from the repository

from ingest.exchanges.client import Credentials, ExchangeClient
from ingest.exchanges.kraken import KrakenConnector
from ingest.exchanges.model import Cursor
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


def main() -> None:
    trades = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    ours, theirs = multiprocessing.Pipe()
    server = multiprocessing.Process(target=serve, args=(trades, theirs), daemon=True)
    server.start()
    url = ours.recv()
    try:
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
