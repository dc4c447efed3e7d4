"""What the API's handlers share: settings, the database, object storage and the Temporal client."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection
from temporalio.client import Client

from ledger.infra.db import async_engine, async_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.infra.tracing import temporal_interceptors


class Services:
    def __init__(self, settings: Settings, temporal: Client | None = None) -> None:
        self.settings = settings
        self.engine = async_engine(settings.db_url)
        self.sessions = async_sessions(self.engine)
        self.storage = Storage(settings)
        self._temporal = temporal
        self._temporal_lock = asyncio.Lock()

    async def temporal(self) -> Client:
        """The Temporal client, connected on first use (the API starts even while Temporal is down)."""
        async with self._temporal_lock:
            if self._temporal is None:
                self._temporal = await Client.connect(
                    self.settings.temporal, interceptors=temporal_interceptors()
                )
        return self._temporal

    async def close(self) -> None:
        await self.engine.dispose()


def services(connection: HTTPConnection) -> Services:
    found: Services = connection.app.state.services
    return found


async def db_session(connection: HTTPConnection) -> AsyncIterator[AsyncSession]:
    """One database session per request."""
    async with services(connection).sessions() as session:
        yield session
