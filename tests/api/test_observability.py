"""/readyz on the real servers (ready, and not ready naming what is away), /metrics' latency of GraphQL
operations by type and root field and the task queues' backlog, who may read /metrics, and the user's id
on the API's log lines."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.app import create_app
from ledger.infra.logs import log_handler
from ledger.infra.settings import Settings
from ledger.models import User
from stack.servers import free_port
from tests.api.graphql import gql
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


def _on_this_machine(app: FastAPI) -> httpx.AsyncClient:
    """A client from 127.0.0.1, as a scraper on the API's own machine is."""
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 50_000))
    return httpx.AsyncClient(transport=transport, base_url="http://testserver")


async def test_metrics_time_each_operation_by_its_root_field(user: httpx.AsyncClient, app: FastAPI) -> None:
    async with _on_this_machine(app) as scraper:
        before = (await scraper.get("/metrics")).text
        await user.post("/graphql", json={"query": "query Mine { me { email } }"})
        await user.post("/graphql", json={"query": "query Made { madeUpField }"})
        after = (await scraper.get("/metrics")).text

    assert _count(after, "query", "me") == _count(before, "query", "me") + 1
    assert _count(after, "query", "unknown") == _count(before, "query", "unknown") + 1
    assert 'root_field="madeUpField"' not in after


async def test_metrics_count_the_backlog_of_the_task_queues(servers: Settings, app: FastAPI) -> None:
    async with _on_this_machine(app) as scraper:
        metrics = (await scraper.get("/metrics")).text
    for task_type in ("workflow", "activity"):
        labels = f'task_queue="{servers.task_queue}",task_type="{task_type}"'
        assert re.search(rf"^cairn_task_queue_backlog\{{{labels}\}} \d", metrics, re.MULTILINE)


async def test_without_a_token_metrics_answer_only_this_machine(
    app: FastAPI, client: httpx.AsyncClient
) -> None:
    assert (await client.get("/metrics")).status_code == 403  # the test clients come from 10.0.0.0/8
    async with _on_this_machine(app) as scraper:
        assert (await scraper.get("/metrics")).status_code == 200


@pytest.fixture
async def guarded(servers: Settings, db_engine: object) -> AsyncIterator[FastAPI]:
    application = create_app(servers.model_copy(update={"metrics_token": "scrape-secret"}))
    async with application.router.lifespan_context(application):
        yield application


async def test_with_a_token_metrics_answer_its_bearer_only(guarded: FastAPI) -> None:
    async with app_client(guarded) as remote, _on_this_machine(guarded) as local:
        assert (await local.get("/metrics")).status_code == 401  # this machine needs the token too
        wrong = await remote.get("/metrics", headers={"Authorization": "Bearer scrape-secre"})
        assert wrong.status_code == 401
        right = await remote.get("/metrics", headers={"Authorization": "Bearer scrape-secret"})
        assert right.status_code == 200
        assert "cairn_api_operation_seconds" in right.text


async def test_the_api_logs_the_signed_in_users_id(user: httpx.AsyncClient, db_session: Session) -> None:
    email = (await gql(user, "query { me { email } }"))["me"]["email"]
    buffer = io.StringIO()
    handler = log_handler("json", buffer)
    logging.getLogger().addHandler(handler)
    try:  # strawberry logs a query's errors at ERROR
        await user.post("/graphql", json={"query": "query Made { madeUpField }"})
    finally:
        logging.getLogger().removeHandler(handler)

    [line] = [json.loads(text) for text in buffer.getvalue().splitlines()]
    assert (line["level"], line["logger"]) == ("ERROR", "strawberry.execution")
    assert line["user_id"] == db_session.scalar(select(User.id).where(User.email == email))
    assert "viewed_user_id" not in line  # no admin views as this user
