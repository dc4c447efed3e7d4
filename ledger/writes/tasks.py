"""Tasks the worker opens for a user (spec 001 §3, §4): `open_task` when something needs the user (an
exchange's API credentials were refused: FIX_API_CREDENTIALS, which counts as a sync issue), and
`resolve_task` when it no longer does (the next sync with the account succeeded)."""

from __future__ import annotations

from sqlalchemy import delete, func
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from ledger.models import Task
from vocabulary.enums import TaskType


def open_task(
    session: Session, user_id: int, task_type: TaskType, account_id: int | None, detail: str
) -> None:
    """Open the user's task of `task_type` for `account_id` (None: not about one account), TO_DO. A task
    already open is updated in place (its detail); one the user ignored stays IGNORED."""
    statement = insert(Task).values(user_id=user_id, type=task_type, account_id=account_id, detail=detail)
    session.execute(
        statement.on_conflict_do_update(
            index_elements=[Task.user_id, Task.type, Task.account_id],
            set_={"detail": statement.excluded.detail, "updated_at": func.now()},
        )
    )


def resolve_task(session: Session, user_id: int, task_type: TaskType, account_id: int | None) -> None:
    """The task is done: it is removed (ignored or not)."""
    session.execute(
        delete(Task).where(
            Task.user_id == user_id,
            Task.type == task_type,
            Task.account_id.is_(None) if account_id is None else Task.account_id == account_id,
        )
    )
