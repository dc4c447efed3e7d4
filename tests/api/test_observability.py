"""/readyz on the real servers (ready, and not ready naming what is away) and /metrics' latency of GraphQL
operations by type and root field."""

from __future__ import annotations

import re

import httpx
import pytest
from fastapi import FastAPI

from api.app import create_app
from ledger.infra.settings import Settings
from stack.servers import free_port
from tests.clients import app_client

pytestmark = pytest.mark.servers


async def test_ready_when_every_server_answers(client: httpx.AsyncClient) -> None:
    response = await client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ready",
        "checks": {"database": "ok", "temporal": "ok", "s3": "ok"},
    }


async def test_not_ready_names_the_server_that_is_away(servers: Settings, db_engine: object) -> None:
    away = servers.model_copy(update={"temporal_address": f"{servers.host}:{free_port()}"})
    application: FastAPI = create_app(away)
    async with application.router.lifespan_context(application), app_client(application) as http:
        response = await http.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "not ready",
        "checks": {"database": "ok", "temporal": "unreachable", "s3": "ok"},
    }


def _count(metrics: str, operation_type: str, root_field: str) -> float:
    labels = f'operation_type="{operation_type}",root_field="{root_field}"'
    pattern = rf"^cairn_api_operation_seconds_count\{{{labels}\}} (\S+)$"
    found = re.search(pattern, metrics, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


async def test_metrics_time_each_operation_by_its_root_field(user: httpx.AsyncClient) -> None:
    before = (await user.get("/metrics")).text
    await user.post("/graphql", json={"query": "query Mine { me { email } }"})
    await user.post("/graphql", json={"query": "query Made { madeUpField }"})

    after = (await user.get("/metrics")).text
    assert _count(after, "query", "me") == _count(before, "query", "me") + 1
    assert _count(after, "query", "unknown") == _count(before, "query", "unknown") + 1
    assert 'root_field="madeUpField"' not in after
