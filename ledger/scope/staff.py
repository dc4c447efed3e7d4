"""What the support console reads and writes across users — only ever built for a signed-in admin
(api/schema/admin.py checks the role first): users by e-mail and id, the job row a retried or cancelled
run writes, and the audit of every staff action."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import AdminAction, Job, User
from ledger.models.admin_audit import AdminActionKind
from ledger.models.jobs import FINAL_STATUSES
from vocabulary.enums import JobStatus


class StaffScope:
    def __init__(self, session: AsyncSession, admin_id: int) -> None:
        self.session = session
        self.admin_id = admin_id

    async def user_id_of(self, email: str) -> int | None:
        found: int | None = await self.session.scalar(
            select(User.id).where(User.email == email.strip().lower())
        )
        return found

    async def emails(self, user_ids: Iterable[int]) -> dict[int, str]:
        ids = set(user_ids)
        if not ids:
            return {}
        rows = await self.session.execute(select(User.id, User.email).where(User.id.in_(ids)))
        return {user_id: email for user_id, email in rows}

    async def jobs(self, job_ids: Iterable[str]) -> dict[str, Job]:
        ids = set(job_ids)
        if not ids:
            return {}
        return {job.id: job for job in await self.session.scalars(select(Job).where(Job.id.in_(ids)))}

    async def requeue_job(self, job_id: str) -> None:
        """The job the user polls starts over with the run that retries it."""
        await self.session.execute(
            update(Job)
            .where(Job.id == job_id)
            .values(
                status=JobStatus.ENQUEUED, progress=0, resuming=False, error_message=None, finished_at=None
            )
        )

    async def fail_job(self, job_id: str, error_message: str | None) -> None:
        """A retry that could not start leaves the job as its failed run left it."""
        await self.session.execute(
            update(Job)
            .where(Job.id == job_id)
            .values(
                status=JobStatus.FAILED, progress=100, error_message=error_message, finished_at=func.now()
            )
        )

    async def cancel_job(self, job_id: str) -> None:
        await self.session.execute(
            update(Job)
            .where(Job.id == job_id, Job.status.not_in(FINAL_STATUSES))
            .values(status=JobStatus.CANCELLED)
        )

    def record(
        self,
        action: AdminActionKind,
        user_id: int | None,
        workflow_id: str | None = None,
        run_id: str | None = None,
    ) -> None:
        self.session.add(
            AdminAction(
                admin_id=self.admin_id, action=action, user_id=user_id, workflow_id=workflow_id, run_id=run_id
            )
        )
