"""Async sessions for UserScope, on the seeded database of tests/conftest.py."""

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import Engine
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.infra.db import async_engine, async_sessions
from ledger.infra.settings import Settings


@pytest.fixture
async def async_session(servers: Settings, db_engine: Engine) -> AsyncIterator[AsyncSession]:
    engine = async_engine(servers.db_url)
    async with async_sessions(engine)() as session:
        yield session
    await engine.dispose()
