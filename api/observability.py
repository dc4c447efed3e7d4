"""What operators see of the API: /readyz (PostgreSQL, Temporal and S3 each answer, 503 naming those that
do not) beside /healthz (the process answers), and /metrics in Prometheus's text format with the latency
of every GraphQL operation, labelled by its type and first root field (names the schema bounds, unlike the
client's operation names)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator

from fastapi import APIRouter, Response, status
from fastapi.responses import JSONResponse
from graphql import FieldNode, OperationDefinitionNode
from prometheus_client import CONTENT_TYPE_LATEST, Histogram, generate_latest
from sqlalchemy import text
from starlette.requests import HTTPConnection
from strawberry.extensions import SchemaExtension

from api.services import Services, services

READY_TIMEOUT_SECONDS = 3

API_LATENCY = Histogram(
    "cairn_api_operation_seconds", "Time to answer a GraphQL operation", ["operation_type", "root_field"]
)

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


@router.get("/metrics")
async def metrics() -> Response:
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
