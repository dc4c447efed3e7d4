"""Tasks (spec 001 §3, §4, §7): the tax page's tasksByType (by status, TO_DO by default) with how many are
sync issues, the Task status update mutation (TO_DO ↔ IGNORED), and the sidebar's spam count."""

from __future__ import annotations

import uuid
from datetime import datetime

import strawberry

from api.context import CairnInfo
from api.schema.common import MutationResult
from ledger.models import Task as TaskRow
from vocabulary.enums import TaskStatus, TaskType

strawberry.enum(TaskStatus, name="TaskStatus")
strawberry.enum(TaskType, name="TaskType")

TASK_NOT_FOUND = "task_not_found"


@strawberry.type
class Task:
    id: strawberry.ID  # the task's public id
    type: TaskType
    status: TaskStatus
    account_id: strawberry.ID | None
    account_name: str | None
    detail: str
    created_at: datetime

    @classmethod
    def of(cls, row: TaskRow, account_name: str | None) -> Task:
        return cls(
            id=strawberry.ID(str(row.public_id)),
            type=row.type,
            status=row.status,
            account_id=None if row.account_id is None else strawberry.ID(str(row.account_id)),
            account_name=account_name,
            detail=row.detail,
            created_at=row.created_at,
        )


@strawberry.type
class TasksByType:
    tasks: list[Task]
    sync_issues: int = strawberry.field(
        description="Tasks to do that are sync issues (FIX_API_CREDENTIALS), whatever status was asked."
    )


@strawberry.type
class SidebarInfo:
    unresolved_spam_assets: int = strawberry.field(
        description="Assets the spam heuristic marked in the user's flows that are still unresolved."
    )


@strawberry.type
class TasksQuery:
    @strawberry.field
    async def tasks_by_type(self, info: CairnInfo, task_status: TaskStatus = TaskStatus.TO_DO) -> TasksByType:
        """The user's tasks with `taskStatus`, newest first."""
        scope = info.context.scope.tasks
        rows = await scope.tasks(task_status)
        return TasksByType(
            tasks=[Task.of(row, name) for row, name in rows], sync_issues=await scope.sync_issues()
        )

    @strawberry.field
    async def sidebar_info(self, info: CairnInfo) -> SidebarInfo:
        return SidebarInfo(unresolved_spam_assets=await info.context.scope.spam.unresolved_assets())


@strawberry.type
class TaskStatusResult(MutationResult):
    task: Task | None = None


@strawberry.type
class TasksMutation:
    @strawberry.mutation
    async def update_task_status(
        self, info: CairnInfo, task_id: strawberry.ID, status: TaskStatus
    ) -> TaskStatusResult:
        """Task status update: ignore a task (IGNORED) or set it back (TO_DO)."""
        try:
            public_id = uuid.UUID(str(task_id))
        except ValueError:
            public_id = None
        scope = info.context.scope.tasks
        task = None if public_id is None else await scope.set_status(public_id, status)
        if task is None:
            return TaskStatusResult(success=False, error=TASK_NOT_FOUND, error_message="Task not found.")
        await info.context.session.commit()
        await info.context.session.refresh(task)
        return TaskStatusResult(success=True, task=Task.of(task, None))
