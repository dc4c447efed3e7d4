"""Granting the admin role (`cairn admin make-admin`, and the demo's admin)."""

from __future__ import annotations

from sqlalchemy import update

from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings
from ledger.models import User


def make_admin(settings: Settings, email: str) -> bool:
    """Grants the role to the user with this e-mail; False when there is none."""
    engine = sync_engine(settings.db_url)
    try:
        with sync_sessions(engine)() as session, session.begin():
            granted = session.execute(
                update(User).where(User.email == email.strip().lower()).values(is_admin=True)
            )
            return bool(granted.rowcount)  # type: ignore[attr-defined]
    finally:
        engine.dispose()
