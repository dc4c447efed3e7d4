"""Session fixtures: the real PostgreSQL, Temporal and S3 servers, started once per test session."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from temporalio.client import Client

from ledger.settings import Settings, get_settings
from stack.servers import LocalServers, free_port, free_s3_port

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


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
        "CAIRN_API_PORT": str(free_port()),
        "CAIRN_TASK_QUEUE": "cairn-tests",
    }
    saved = {key: os.environ.get(key) for key in env}
    os.environ.update(env)
    get_settings.cache_clear()
    settings = get_settings()
    from ledger.migrate import upgrade_to_head

    with LocalServers(settings):
        upgrade_to_head(settings.db_url)
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
