"""Bring a database to the newest schema; `cairn run` and the test fixtures call `upgrade_to_head`."""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config


def alembic_config(db_url: str) -> Config:
    config = Config(str(resources.files("ledger").joinpath("alembic.ini")))
    config.set_main_option("sqlalchemy.url", db_url.replace("%", "%%"))
    return config


def upgrade_to_head(db_url: str) -> None:
    """Apply every migration not yet applied; concurrent callers wait for each other (advisory lock)."""
    command.upgrade(alembic_config(db_url), "head")
