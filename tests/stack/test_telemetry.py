"""What operators see of the API and the worker together, on the real servers: one trace from a GraphQL
request through Temporal to the activity it runs, log lines carrying the workflow's and user's ids and no
secret, and the worker's Prometheus metrics (workflow outcomes, activity latency, imported rows)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.app import create_app
from contracts.account_sync import ACCOUNT_SYNC_WORKFLOW
from contracts.imports import CSV_IMPORT_WORKFLOW, IMPORT_FILE
from ledger.infra.logs import log_handler, quiet_libraries
from ledger.infra.settings import Settings
from ledger.infra.tracing import temporal_interceptors
from ledger.models import User
from stack.servers import free_port
from stack.worker import run_worker
from stack.worker_telemetry import worker_runtime
from tests.api.graphql import CSV_SLUG, gql
from tests.api.test_account_imports import FIRST, created_account
from tests.api.test_linking_exchanges import ADD, KEY, SECRET, kraken, payload, synced
from tests.clients import PASSWORD, app_client, sign_up

pytestmark = pytest.mark.servers
__all__ = ["kraken"]  # the Kraken fake's fixture, used by the secrets test

QUEUE = "cairn-telemetry"  # a queue of its own: only this module's traced worker takes its tasks
_spans = InMemorySpanExporter()


@dataclass(frozen=True)
class Traced:
    app: FastAPI
    temporal: Client
    metrics_url: str


@pytest.fixture(scope="module")
async def traced(servers: Settings, db_engine: Engine) -> AsyncIterator[Traced]:
    """The API and a worker as `cairn api` and `cairn worker` set them up: traced Temporal clients, the
    worker's Prometheus metrics on a port of its own, spans kept in memory."""
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(_spans))
    trace.set_tracer_provider(provider)
    settings = servers.model_copy(update={"task_queue": QUEUE, "worker_metrics_port": free_port()})
    temporal = await Client.connect(
        settings.temporal, interceptors=temporal_interceptors(), runtime=worker_runtime(settings)
    )
    worker = asyncio.create_task(run_worker(temporal, QUEUE))
    application = create_app(settings, temporal)
    async with application.router.lifespan_context(application):
        yield Traced(application, temporal, f"http://{settings.host}:{settings.worker_metrics_port}/metrics")
    worker.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await worker
    _spans.shutdown()  # the provider stays for the session (it is set once): it keeps no more spans


@contextlib.contextmanager
def captured_logs(level: int = logging.INFO) -> Iterator[Callable[[], list[dict[str, Any]]]]:
    """The process's log lines from `level` up, as the JSON handler of `cairn api` and `cairn worker`
    writes them."""
    buffer = io.StringIO()
    handler = log_handler("json", buffer)
    root = logging.getLogger()
    saved = root.level
    root.addHandler(handler)
    root.setLevel(level)
    quiet_libraries()
    try:
        yield lambda: [json.loads(line) for line in buffer.getvalue().splitlines()]
    finally:
        root.removeHandler(handler)
        root.setLevel(saved)


def _user_id(db_session: Session, email: str) -> int:
    found = db_session.scalar(select(User.id).where(User.email == email))
    assert found is not None
    return found


async def _trace_of(start_name: str, wanted: set[str]) -> list[ReadableSpan]:
    """The spans of the trace holding the span `start_name`, once it holds every span named in `wanted`
    (the worker ends its spans after the workflow's result is recorded)."""
    async with asyncio.timeout(30):
        while True:
            spans = _spans.get_finished_spans()
            started = [span for span in spans if span.name == start_name]
            if started:
                trace_id = started[-1].context.trace_id
                found = [span for span in spans if span.context.trace_id == trace_id]
                if wanted <= {span.name for span in found}:
                    return found
            await asyncio.sleep(0.1)


async def test_an_import_is_one_trace_from_the_request_to_its_activity_and_logs_its_ids(
    traced: Traced, db_session: Session
) -> None:
    async with app_client(traced.app) as http:
        email = await sign_up(http)
        with captured_logs() as logs:
            job = await created_account(http, CSV_SLUG, "first.csv", FIRST)

    start = f"StartWorkflow:{CSV_IMPORT_WORKFLOW}"
    run, activity = f"RunWorkflow:{CSV_IMPORT_WORKFLOW}", f"RunActivity:{IMPORT_FILE}"
    spans = await _trace_of(start, {start, run, activity})
    [root] = [span for span in spans if span.parent is None]
    assert (root.name, root.kind) == ("POST /graphql", SpanKind.SERVER)  # the request's span

    [imported] = [line for line in logs() if line["message"].startswith("Imported ")]
    assert imported["message"].startswith("Imported 2 rows in ")
    assert imported["level"] == "INFO"
    assert imported["logger"] == "activities.csv_import"
    assert "time" in imported
    assert imported["workflow_id"] == job["jobId"]
    assert imported["workflow_type"] == CSV_IMPORT_WORKFLOW
    assert imported["activity_type"] == IMPORT_FILE
    assert imported["user_id"] == _user_id(db_session, email)
    assert imported["run_id"]


def _sample(metrics: str, name: str, **labels: str) -> float:
    """The value of the first sample of `name` whose labels include `labels`."""
    for found in re.finditer(rf"^{name}\{{([^}}]*)\}} (\S+)$", metrics, re.MULTILINE):
        if all(f'{key}="{value}"' in found.group(1) for key, value in labels.items()):
            return float(found.group(2))
    return 0.0


async def test_the_worker_serves_outcomes_latency_and_imported_rows(traced: Traced) -> None:
    async with app_client(traced.app) as http:
        await sign_up(http)
        async with httpx.AsyncClient() as scraper:
            before = (await scraper.get(traced.metrics_url)).text
            job = await created_account(http, CSV_SLUG, "first.csv", FIRST)
            await traced.temporal.get_workflow_handle(job["jobId"]).result()  # the job is final first
            after = (await scraper.get(traced.metrics_url)).text

    assert _sample(after, "cairn_import_rows") == _sample(before, "cairn_import_rows") + 2
    assert _sample(after, "cairn_import_seconds_count") == _sample(before, "cairn_import_seconds_count") + 1
    completed = "temporal_workflow_completed"
    assert _sample(after, completed, workflow_type=CSV_IMPORT_WORKFLOW) == (
        _sample(before, completed, workflow_type=CSV_IMPORT_WORKFLOW) + 1
    )
    latency = "temporal_activity_execution_latency_count"
    assert _sample(after, latency, activity_type=IMPORT_FILE) == (
        _sample(before, latency, activity_type=IMPORT_FILE) + 1
    )


async def test_no_password_or_exchange_key_is_logged(traced: Traced, kraken: object) -> None:
    with captured_logs(logging.DEBUG) as logs:  # stricter than the servers' INFO
        async with app_client(traced.app) as http:
            email = await sign_up(http)
            await http.post("/auth/logout")
            signed_in = await http.post("/auth/login", json={"email": email, "password": PASSWORD})
            assert signed_in.status_code == 200, signed_in.text
            answer = (await gql(http, ADD, input=payload()))["addExchangeWithApiKeyAndSecret"]
            assert answer["success"], answer
            await synced(traced.temporal, answer["createdExchange"]["id"])

    lines = logs()
    assert any(line.get("workflow_type") == ACCOUNT_SYNC_WORKFLOW for line in lines)  # the sync's lines too
    written = json.dumps(lines)
    for secret in (PASSWORD, KEY, SECRET):
        assert secret not in written
