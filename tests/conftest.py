"""Fixtures on the real servers — PostgreSQL, Temporal and S3, started once per test session — and
on what runs on them: the seeded database, a worker, the app and signed-in HTTP clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import Engine
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.app import create_app
from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings, get_settings
from stack.seed import prepare_database
from stack.servers import LocalServers, free_port, free_s3_port
from stack.worker import run_worker
from tests.clients import app_client, sign_up
from tests.syncs import end_account_syncs

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"

# Tests reach outside services only through fakes they start and put in the settings; anything else
# is refused at once by a closed local port, never sent to a public default.
_CLOSED = "http://127.0.0.1:9"
OUTSIDE_SERVICES_UNREACHABLE = {
    "CAIRN_ESPLORA_URLS": json.dumps(dict.fromkeys(("bitcoin", "bitcoin-testnet", "litecoin"), _CLOSED)),
    "CAIRN_ETHERSCAN_URL": _CLOSED,
    "CAIRN_EVM_RPC_URLS": json.dumps({"ethereum": _CLOSED}),
    "CAIRN_SOLANA_RPC_URL": _CLOSED,
    "CAIRN_STRIPE_API_URL": _CLOSED,
    "CAIRN_COINGECKO_URL": _CLOSED,
    "CAIRN_CRYPTOCOMPARE_URL": _CLOSED,
}


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    """Starts the three servers on free ports and points every CAIRN_* setting at them."""
    home = tmp_path_factory.mktemp("cairn-home")
    env = {
        "CAIRN_HOME": str(home),
        "CAIRN_PG_PORT": str(free_port()),
        "CAIRN_TEMPORAL_PORT": str(free_port()),
        "CAIRN_TEMPORAL_UI_PORT": str(free_port()),
        "CAIRN_S3_PORT": str(free_s3_port()),
        "CAIRN_SMTP_PORT": str(free_port()),
        "CAIRN_API_PORT": str(free_port()),
        "CAIRN_WORKER_METRICS_PORT": str(free_port()),
        "CAIRN_TASK_QUEUE": "cairn-tests",
        **OUTSIDE_SERVICES_UNREACHABLE,
    }
    saved = {key: os.environ.get(key) for key in env}
    os.environ.update(env)
    get_settings.cache_clear()
    settings = get_settings()
    with LocalServers(settings):
        yield settings
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    get_settings.cache_clear()


@pytest.fixture(scope="session")
async def temporal_client(servers: Settings) -> AsyncIterator[Client]:
    yield await Client.connect(servers.temporal)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return SHARED


@pytest.fixture(scope="session")
def db_engine(servers: Settings) -> Iterator[Engine]:
    """The migrated test database, seeded as `cairn run` seeds it: catalogue, assets and prices."""
    prepare_database(servers)
    engine = sync_engine(servers.db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def db_session(db_engine: Engine) -> Iterator[Session]:
    with sync_sessions(db_engine)() as session:
        yield session


@pytest.fixture(scope="session")
def task_queue(servers: Settings) -> str:
    return servers.task_queue


@pytest.fixture(scope="session")
async def worker(db_engine: Engine, temporal_client: Client) -> AsyncIterator[None]:
    """A worker running every workflow and activity for the whole session."""
    task = asyncio.create_task(run_worker(temporal_client))
    yield
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


@pytest.fixture(scope="module")
async def no_leftover_syncs(temporal_client: Client) -> None:
    """No account sync of an earlier module is left running when this module starts."""
    await end_account_syncs(temporal_client)


@pytest.fixture(scope="session")
async def app(servers: Settings, db_engine: Engine, temporal_client: Client) -> AsyncIterator[FastAPI]:
    application = create_app(servers, temporal_client)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """An HTTP client of the app, not signed in."""
    async with app_client(app) as http:
        yield http


@pytest.fixture
async def user(client: httpx.AsyncClient) -> httpx.AsyncClient:
    """The `client`, signed in as a new user."""
    await sign_up(client)
    return client


@pytest.fixture
async def other_user(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """A second client, signed in as another new user."""
    async with app_client(app) as http:
        await sign_up(http)
        yield http


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright's sync API keeps its own event loop running in this thread for as
    long as the browser lives, and the async tests need the thread's loop to themselves."""
    items.sort(key=lambda item: "tests/e2e/" in item.nodeid)
