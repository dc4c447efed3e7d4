"""The support console's list of failed runs among 100,000 workflow runs (target p95 ≤ 300 ms).

The runs are real: a cheap workflow (no activity) started 100,000 times in the local Temporal dev server
with the console's search attributes (kind, user, job), a fraction of them failing, each run to its end
by a worker. Then an admin signed in to the real API asks for what /admin/workflows asks for — the
AdminWorkflowRuns query filtered to state FAILED, limit 100 — and the p95 over the requests is printed.

What bounds it is Temporal's visibility store: the dev server keeps visibility in SQLite, and the query
(`CairnKind IS NOT NULL AND ExecutionStatus = 'Failed' OR …`) is answered there; the API adds the one
GraphQL round trip and the users' e-mails (one query per page). Starting the runs is bounded by the dev
server's writes (a few hundred runs a second on two cores).

    python benchmarks/console_bench.py [--runs 100000] [--failing 0.05] [--requests 50]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from sqlalchemy import select
from temporalio import workflow
from temporalio.client import Client
from temporalio.exceptions import ApplicationError
from temporalio.worker import UnsandboxedWorkflowRunner, Worker

from api.app import create_app
from contracts.search import run_attributes
from ledger.infra.db import sync_engine
from ledger.infra.settings import Settings
from ledger.models import User
from stack.seed import prepare_database
from stack.servers import LocalServers, free_port, free_s3_port
from stack.staff import make_admin

QUEUE = "console-bench"
KIND = "ConsoleBenchRun"
PASSWORD = "correct horse battery"
RUNS_QUERY = """
query AdminWorkflowRuns($filter: WorkflowRunFilter, $limit: Int!) {
  adminWorkflowRuns(filter: $filter, limit: $limit) {
    workflowId runId kind state userId userEmail jobId startedAt closedAt temporalUrl
  }
}
"""
PAGE = 100  # what the console asks for


@workflow.defn(name=KIND)
class ConsoleBenchRun:
    @workflow.run
    async def run(self, fail: bool) -> None:
        if fail:
            raise ApplicationError("The bench run failed on purpose.", non_retryable=True)


async def start_runs(client: Client, runs: int, failing: float, user_id: int) -> None:
    every = max(round(1 / failing), 1) if failing > 0 else runs + 1
    started = time.perf_counter()
    batch = 500
    for first in range(0, runs, batch):
        await asyncio.gather(
            *(
                client.start_workflow(
                    ConsoleBenchRun.run,
                    index % every == 0,
                    id=f"console-bench/{index}",
                    task_queue=QUEUE,
                    search_attributes=run_attributes(KIND, user_id, f"console-bench/{index}"),
                )
                for index in range(first, min(first + batch, runs))
            )
        )
        print(f"\r  started {min(first + batch, runs):,} runs", end="", flush=True)
    print(f"\n  {runs:,} runs started in {time.perf_counter() - started:.0f} s")


async def wait_closed(client: Client, runs: int) -> None:
    while True:
        open_runs = (
            await client.count_workflows(f"CairnKind = '{KIND}' AND ExecutionStatus = 'Running'")
        ).count
        total = (await client.count_workflows(f"CairnKind = '{KIND}'")).count
        print(f"\r  {total - open_runs:,} of {runs:,} closed", end="", flush=True)
        if total >= runs and open_runs == 0:
            print()
            return
        await asyncio.sleep(2)


async def bench(settings: Settings, runs: int, failing: float, requests: int) -> None:
    app = create_app(settings)
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 50_000))
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://bench") as http,
    ):
        email = "console-bench-admin@cairn.local"
        signed_up = await http.post("/auth/signup", json={"email": email, "password": PASSWORD})
        assert signed_up.status_code == 201, signed_up.text
        assert make_admin(settings, email)
        engine = sync_engine(settings.db_url)
        with engine.connect() as connection:
            user_id = connection.execute(select(User.id).where(User.email == email)).scalar_one()
        engine.dispose()

        client = await Client.connect(settings.temporal)
        worker = Worker(
            client,
            task_queue=QUEUE,
            workflows=[ConsoleBenchRun],
            workflow_runner=UnsandboxedWorkflowRunner(),  # the bench workflow does nothing to guard
            max_concurrent_workflow_tasks=200,
            activity_executor=ThreadPoolExecutor(1),
        )
        async with worker:
            await start_runs(client, runs, failing, user_id)
            await wait_closed(client, runs)

        variables = {"filter": {"state": "FAILED"}, "limit": PAGE}
        timings = []
        for _ in range(requests):
            started = time.perf_counter()
            response = await http.post("/graphql", json={"query": RUNS_QUERY, "variables": variables})
            timings.append(time.perf_counter() - started)
            body = response.json()
            assert "errors" not in body, body
            assert len(body["data"]["adminWorkflowRuns"]) == min(PAGE, int(runs * failing)), body
        timings.sort()
        p95 = timings[max(int(len(timings) * 0.95) - 1, 0)]
        print(
            f"  failed runs, first page of {PAGE}, {requests} requests: median "
            f"{statistics.median(timings) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms (target ≤ 300 ms)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--runs", type=int, default=100_000)
    parser.add_argument("--failing", type=float, default=0.05)
    parser.add_argument("--requests", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(
            home=Path(home),
            pg_port=free_port(),
            temporal_port=free_port(),
            temporal_ui_port=free_port(),
            s3_port=free_s3_port(),
            smtp_port=free_port(),
            api_port=free_port(),
            task_queue=QUEUE,
        )
        with LocalServers(settings):
            prepare_database(settings)
            asyncio.run(bench(settings, args.runs, args.failing, args.requests))
    return 0


if __name__ == "__main__":
    sys.exit(main())
