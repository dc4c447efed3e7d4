"""GetCostBasisStatus, the operation the status panel polls, through the real API: the product running as
`cairn run` runs it (PostgreSQL, Temporal, SeaweedFS, the worker, the API under uvicorn), a signed-in
user whose cost basis has been computed, and 100 clients each sending the frontend's own document over
a keep-alive connection as fast as answers come back. Requests per second over the measured window,
and the latency percentiles, after a warm-up.

    python benchmarks/cost_basis_status_bench.py [--clients 100] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from graphql import parse, print_ast
from pages_bench import operations
from product import running_product

from stack.api_client import CairnApi

EMAIL, PASSWORD = "status-bench@cairn.local", "status-bench-password"
OPERATION = "GetCostBasisStatus"
WARM_UP = 3.0  # seconds of requests before the measured window


def status_document() -> str:
    """The frontend's GetCostBasisStatus, alone (as its page sends it)."""
    document = operations(("status",))[OPERATION]
    return print_ast(parse(document))


async def clients(origin: str, cookies: dict[str, str], count: int, seconds: float) -> list[float]:
    """`count` clients sending the operation until the window ends; each answer's time (s) in it."""
    body = {"operationName": OPERATION, "query": status_document(), "variables": {}}
    connector = aiohttp.TCPConnector(limit=count)
    timings: list[float] = []
    async with aiohttp.ClientSession(origin, connector=connector, cookies=cookies) as http:
        measure_from = time.perf_counter() + WARM_UP
        until = measure_from + seconds

        async def client() -> None:
            while (sent := time.perf_counter()) < until:
                async with http.post("/graphql", json=body) as response:
                    answer = await response.json()
                if response.status != 200 or answer.get("errors"):
                    raise RuntimeError(f"{response.status}: {answer}")
                if sent >= measure_from:
                    timings.append(time.perf_counter() - sent)

        await asyncio.gather(*(client() for _ in range(count)))
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="cairn-status-bench-") as work,
        running_product(Path(work)) as (settings, _children),
    ):
        api = CairnApi(settings.origin)
        api.sign_in(EMAIL, PASSWORD)
        api.graphql("mutation { enqueueCostBasis(priority: HIGH) { success } }")
        while api.graphql(status_document())["costBasisStatus"]["isCostBasisRunning"]:
            time.sleep(0.2)  # the user's (empty) ledger computed: the row holds a finished run
        cookies = dict(api.http.cookies.items())
        api.close()
        timings = asyncio.run(clients(settings.origin, cookies, args.clients, args.seconds))
    rate = len(timings) / args.seconds
    cuts = statistics.quantiles(timings, n=100)
    print(
        f"GetCostBasisStatus: {rate:,.0f} requests/s with {args.clients} clients over {args.seconds:.0f} s "
        f"({len(timings):,} answers); latency p50 {cuts[49] * 1000:.1f} ms, p95 {cuts[94] * 1000:.1f} ms, "
        f"p99 {cuts[98] * 1000:.1f} ms; load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
