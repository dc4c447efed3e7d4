"""Granting the admin role (`cairn admin make-admin`, and the demo's admin) and plans (the demo user's)."""

from __future__ import annotations

from sqlalchemy import select, update

from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings
from ledger.models import User
from ledger.writes.plans import grant_tax_plan
from vocabulary.plans import TaxPlan


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


def grant_plan(settings: Settings, email: str, plan: TaxPlan) -> bool:
    """The user with this e-mail holds the tax plan from now on; False when there is none."""
    engine = sync_engine(settings.db_url)
    try:
        with sync_sessions(engine)() as session, session.begin():
            user_id = session.scalar(select(User.id).where(User.email == email.strip().lower()))
            if user_id is None:
                return False
            grant_tax_plan(session, user_id, plan)
            return True
    finally:
        engine.dispose()
