"""Granting the admin role (`cairn admin make-admin`, and the demo's admin), broker mode (`cairn admin
make-broker`, and the demo's broker) and plans (the demo user's)."""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert

from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings
from ledger.models import BrokerConnection, User
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


def make_broker(settings: Settings, email: str, connect: list[str]) -> str | None:
    """Turns on broker mode (enable_cbe with is_broker) for the user with `email` and connects them and the
    users of `connect` to it; answers the first e-mail that has no user (nothing is changed then)."""
    engine = sync_engine(settings.db_url)
    try:
        with sync_sessions(engine)() as session, session.begin():
            ids: list[int] = []
            for address in [email, *connect]:
                user_id = session.scalar(select(User.id).where(User.email == address.strip().lower()))
                if user_id is None:
                    return address
                ids.append(user_id)
            session.execute(update(User).where(User.id == ids[0]).values(enable_cbe=True, is_broker=True))
            rows = [{"broker_user_id": ids[0], "user_id": user_id} for user_id in ids]
            session.execute(insert(BrokerConnection).values(rows).on_conflict_do_nothing())
            return None
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
