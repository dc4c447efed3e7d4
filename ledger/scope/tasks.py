"""One user's tasks as the API reads and changes them (spec 001 §3, §4, §7): listed by status, set
TO_DO or IGNORED, and counted as sync issues (the tax-readiness sheet's syncIssuesCount)."""

from __future__ import annotations

import uuid

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Account, Task
from vocabulary.enums import TaskStatus, TaskType

SYNC_ISSUES = (TaskType.FIX_API_CREDENTIALS,)  # the task types that count as a sync issue


class TasksScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def tasks(self, status: TaskStatus) -> list[tuple[Task, str | None]]:
        """The user's tasks with `status`, newest first, each with its account's name (if it has one)."""
        rows = await self.session.execute(
            select(Task, Account.name)
            .outerjoin(Account, Account.id == Task.account_id)
            .where(Task.user_id == self.user_id, Task.status == status)
            .order_by(Task.created_at.desc(), Task.id.desc())
        )
        return [(task, name) for task, name in rows]

    async def sync_issues(self) -> int:
        """Tasks to do that are sync issues."""
        count = await self.session.scalar(
            select(func.count()).where(
                Task.user_id == self.user_id, Task.status == TaskStatus.TO_DO, Task.type.in_(SYNC_ISSUES)
            )
        )
        return count or 0

    async def set_status(self, public_id: uuid.UUID, status: TaskStatus) -> Task | None:
        """Set one of the user's tasks TO_DO or IGNORED; None when the user has no such task."""
        task = await self.session.scalar(
            select(Task)
            .where(Task.user_id == self.user_id, Task.public_id == public_id)
            .with_for_update(key_share=True)
        )
        if task is not None and task.status != status:
            task.status = status
            task.updated_at = func.now()
        return task
