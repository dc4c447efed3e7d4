"""The status panel's poll read by its session's token in one statement: the API's hot path for
GetCostBasisStatus (api/status_poll.py), which runs it on a plain psycopg connection, no ORM.

The statement finds the unexpired session by the hash of its token (its unique index) and reads the
panel of its user (ledger.scope.cost_basis.panel_statement: the status row by its primary key, the latest
freeze by the user's freezes' key). A session viewing as someone is answered by the general path, which
decides whose data it reads (api.view_as.viewing).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.dialects import postgresql

from ledger.models import UserSession
from ledger.scope.cost_basis import StatusPanel, panel_statement
from vocabulary.enums import CostBasisState, FreezingStatus, QueuePriority


def _statement() -> tuple[str, dict[str, Any]]:
    session = (
        select(UserSession.user_id, UserSession.view_as_user_id)
        .where(UserSession.token_hash == bindparam("token_hash"), UserSession.expires_at > bindparam("now"))
        .subquery()
    )
    viewing = session.c.view_as_user_id.is_not(None).label("viewing_as")
    compiled = panel_statement(session, viewing).compile(dialect=postgresql.psycopg.dialect())
    given = {"token_hash", "now"}
    return str(compiled), {name: value for name, value in compiled.params.items() if name not in given}


SESSION_PANEL, _CONSTANTS = _statement()


def session_panel_parameters(token_hash: bytes, now: datetime) -> dict[str, Any]:
    """SESSION_PANEL's parameters (psycopg's named style) for the session with this token hash, unexpired
    at `now` (the API's clock, as ledger.scope.sessions.session_users reads it)."""
    return {**_CONSTANTS, "token_hash": token_hash, "now": now}


_ENUMS = {"state": CostBasisState, "priority": QueuePriority, "freezing_status": FreezingStatus}


def _value(name: str, value: Any) -> Any:
    kind = _ENUMS.get(name)
    return value if kind is None or value is None else kind(value)


def session_panel(row: dict[str, Any] | None) -> StatusPanel | None:
    """The panel of SESSION_PANEL's row (by column name); None without a row (no such unexpired session)
    or for a session viewing as someone."""
    if row is None or row["viewing_as"]:
        return None
    return StatusPanel(**{name: _value(name, value) for name, value in row.items() if name != "viewing_as"})
