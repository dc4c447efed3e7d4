"""Connections to the ledger database: async sessions for the API, sync sessions for activities.

Both speak psycopg 3 (`postgresql+psycopg://`); one URL serves both.
"""

from __future__ import annotations

from sqlalchemy import Engine, create_engine
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session, sessionmaker


def async_engine(db_url: str) -> AsyncEngine:
    return create_async_engine(db_url, pool_pre_ping=True)


def sync_engine(db_url: str) -> Engine:
    return create_engine(db_url, pool_pre_ping=True)


def async_sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


def sync_sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
