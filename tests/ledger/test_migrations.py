"""The migrations build exactly the schema the models describe."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import Engine

from ledger.infra.migrate import alembic_config
from ledger.infra.settings import Settings

pytestmark = pytest.mark.servers


def test_the_models_and_the_migrations_agree(servers: Settings, db_engine: Engine) -> None:
    """`db_engine` applies every migration first, so the check compares the head with the models."""
    command.check(alembic_config(servers.db_url))  # raises when autogenerate would write a migration
