"""What operators see of the API: /readyz (PostgreSQL, Temporal and S3 each answer, 503 naming those that
do not) beside /healthz (the process answers); /metrics in Prometheus's text format with the latency of
every GraphQL operation, labelled by its type and first root field (names the schema bounds, unlike the
client's operation names), and the backlog of the worker's task queues as Temporal counts it; and a trace
span per request, the parent of the Temporal spans of the workflows it starts.

/metrics answers a client with `Authorization: Bearer {CAIRN_METRICS_TOKEN}` when that is set, else only
clients on this machine (loopback)."""

from __future__ import annotations

import asyncio
import ipaddress
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator

from fastapi import APIRouter, FastAPI, Response, status
from fastapi.responses import JSONResponse
from graphql import FieldNode, OperationDefinitionNode
from opentelemetry import trace
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
from prometheus_client import CONTENT_TYPE_LATEST, Gauge, Histogram, generate_latest
from sqlalchemy import text
from starlette.requests import HTTPConnection
from strawberry.extensions import SchemaExtension
from temporalio.api.enums.v1 import TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest

from api.services import Services, services
from contracts.cost_basis import PASS_SLOTS, pass_queue

READY_TIMEOUT_SECONDS = 3
BACKLOG_MAX_AGE_SECONDS = 5  # /metrics asks Temporal at most this often; scrapes between read the last count
QUEUE_TYPES = {
    "workflow": TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    "activity": TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
}

API_LATENCY = Histogram(
    "cairn_api_operation_seconds", "Time to answer a GraphQL operation", ["operation_type", "root_field"]
)
QUEUE_BACKLOG = Gauge(
    "cairn_task_queue_backlog",
    "Tasks waiting in a worker task queue (Temporal's approximate backlog count)",
    ["task_queue", "task_type"],
)
_backlog_read_at: dict[str, float] = {}  # Temporal address → when its backlog was last read (monotonic)

router = APIRouter(include_in_schema=False)


async def _database(app: Services) -> None:
    async with app.engine.connect() as connection:
        await connection.execute(text("SELECT 1"))


async def _temporal(app: Services) -> None:
    client = await app.temporal()
    if not await client.service_client.check_health():
        raise RuntimeError("Temporal is not serving")


async def _s3(app: Services) -> None:
    if not await asyncio.to_thread(app.storage.bucket_reachable):
        raise RuntimeError("the bucket does not exist")


CHECKS: dict[str, Callable[[Services], Awaitable[None]]] = {
    "database": _database,
    "temporal": _temporal,
    "s3": _s3,
}


async def _passes(check: Callable[[Services], Awaitable[None]], app: Services) -> bool:
    try:
        await asyncio.wait_for(check(app), READY_TIMEOUT_SECONDS)
    except Exception:  # any failure to answer is "not ready"; the reason is the server's own log
        return False
    return True


@router.get("/readyz")
async def readyz(connection: HTTPConnection) -> JSONResponse:
    app = services(connection)
    results = await asyncio.gather(*(_passes(check, app) for check in CHECKS.values()))
    checks = {name: "ok" if passed else "unreachable" for name, passed in zip(CHECKS, results, strict=True)}
    ready = all(results)
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks},
        status_code=status.HTTP_200_OK if ready else status.HTTP_503_SERVICE_UNAVAILABLE,
    )


def trace_requests(app: FastAPI) -> None:
    """A server span per request (not for the probes and scrapes of /healthz, /readyz and /metrics) once
    the process has a tracer provider (ledger.infra.tracing installs one for a collector): without one
    the spans go nowhere, and making them took a tenth of a request's time."""
    if isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
        return
    FastAPIInstrumentor.instrument_app(app, excluded_urls="healthz,readyz,metrics")


def _loopback(connection: HTTPConnection) -> bool:
    if connection.client is None:
        return False
    try:
        return ipaddress.ip_address(connection.client.host).is_loopback
    except ValueError:  # not an address (a Unix socket's peer)
        return False


def _refusal(connection: HTTPConnection, token: str) -> Response | None:
    if not token:
        return None if _loopback(connection) else Response(status_code=status.HTTP_403_FORBIDDEN)
    given = connection.headers.get("authorization", "")
    if secrets.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return None
    return Response(status_code=status.HTTP_401_UNAUTHORIZED, headers={"WWW-Authenticate": "Bearer"})


async def _read_backlog(app: Services) -> None:
    client = await app.temporal()
    queue = app.settings.task_queue
    for name in [queue, *(pass_queue(queue, priority) for priority in PASS_SLOTS)]:
        for task_type, queue_type in QUEUE_TYPES.items():
            described = await client.workflow_service.describe_task_queue(
                DescribeTaskQueueRequest(
                    namespace=client.namespace,
                    task_queue=TaskQueue(name=name, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
                    task_queue_type=queue_type,
                    report_stats=True,
                )
            )
            QUEUE_BACKLOG.labels(name, task_type).set(described.stats.approximate_backlog_count)


async def _refresh_backlog(app: Services) -> None:
    """Reads the backlog again once the last reading is older than BACKLOG_MAX_AGE_SECONDS; when Temporal
    does not answer, the gauge keeps its last value (/readyz says Temporal is away)."""
    address = app.settings.temporal
    if time.monotonic() - _backlog_read_at.get(address, -BACKLOG_MAX_AGE_SECONDS) < BACKLOG_MAX_AGE_SECONDS:
        return
    _backlog_read_at[address] = time.monotonic()
    try:
        await asyncio.wait_for(_read_backlog(app), READY_TIMEOUT_SECONDS)
    except Exception:  # a scrape still answers with every other metric
        return


@router.get("/metrics")
async def metrics(connection: HTTPConnection) -> Response:
    app = services(connection)
    refused = _refusal(connection, app.settings.metrics_token)
    if refused is not None:
        return refused
    await _refresh_backlog(app)
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


class OperationLatency(SchemaExtension):
    def on_operation(self) -> Iterator[None]:
        started = time.perf_counter()
        yield
        API_LATENCY.labels(*self._labels()).observe(time.perf_counter() - started)

    def _labels(self) -> tuple[str, str]:
        document = self.execution_context.graphql_document
        if document is None:
            return "invalid", "none"
        operation = next(
            (node for node in document.definitions if isinstance(node, OperationDefinitionNode)), None
        )
        if operation is None:
            return "invalid", "none"
        root = next(
            (node for node in operation.selection_set.selections if isinstance(node, FieldNode)), None
        )
        root_type = self.execution_context.schema._schema.get_root_type(operation.operation)
        if root is None or root_type is None or root.name.value not in root_type.fields:
            return operation.operation.value, "unknown"  # a field no schema has: not a label of its own
        return operation.operation.value, root.name.value
