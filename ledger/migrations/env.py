"""Alembic environment: migrates the database at sqlalchemy.url, else at the settings' db_url."""

from typing import Any

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy import create_engine, text

import ledger.models
from ledger.infra.settings import get_settings
from ledger.models.base import IntEnumType

config = context.config
MIGRATION_LOCK = 7_401_022  # pg_advisory_xact_lock key: one migrator at a time (API, worker, tests)
target_metadata = ledger.models.Base.metadata


def database_url() -> str:
    return config.get_main_option("sqlalchemy.url") or get_settings().db_url


def render_item(kind: str, item: Any, autogen_context: AutogenContext) -> str | bool:
    """Migrations spell the ledger's own column types as plain SQL types, so they never import ledger code."""
    if kind == "type" and isinstance(item, IntEnumType):
        return "sa.SmallInteger()"
    return False


def run_migrations_offline() -> None:
    context.configure(url=database_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = create_engine(database_url())
    with engine.connect() as connection:
        context.configure(
            connection=connection, target_metadata=target_metadata, compare_type=True, render_item=render_item
        )
        with context.begin_transaction():
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
