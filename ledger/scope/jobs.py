"""A user's jobs: the rows the API creates when it starts work, and reads while the client polls."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Job
from vocabulary.enums import JobKind, JobStatus


class JobsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def create_job(self, job_id: str, kind: JobKind, account_id: int | None) -> Job:
        job = Job(
            id=job_id, user_id=self.user_id, kind=kind, status=JobStatus.ENQUEUED, account_id=account_id
        )
        self.session.add(job)
        await self.session.flush()
        return job

    async def job(self, job_id: str, kind: JobKind) -> Job | None:
        return await self.session.scalar(
            select(Job).where(Job.id == job_id, Job.kind == kind, Job.user_id == self.user_id)
        )

    async def fail_job(self, job_id: str, error_message: str) -> None:
        await self.session.execute(
            update(Job)
            .where(Job.id == job_id, Job.user_id == self.user_id)
            .values(status=JobStatus.FAILED, error_message=error_message, finished_at=func.now())
        )

    async def claim_job(self, job_id: str, kind: JobKind) -> bool:
        """Creates the job, or runs a failed one again; False when the job exists and has not failed (its
        work is running or done). Two requests at once claim it once."""
        claimed = await self.session.scalar(
            insert(Job)
            .values(id=job_id, user_id=self.user_id, kind=kind, status=JobStatus.ENQUEUED)
            .on_conflict_do_update(
                index_elements=[Job.id],
                set_={
                    "status": JobStatus.ENQUEUED,
                    "progress": 0,
                    "resuming": False,
                    "result": None,
                    "error_message": None,
                    "finished_at": None,
                },
                where=(Job.status == JobStatus.FAILED) & (Job.user_id == self.user_id) & (Job.kind == kind),
            )
            .returning(Job.id)
        )
        return claimed is not None

    async def latest_jobs(self, account_ids: Sequence[int]) -> dict[int, Job]:
        """The most recent job of each account that has one."""
        jobs = await self.session.scalars(
            select(Job)
            .where(Job.user_id == self.user_id, Job.account_id.in_(account_ids))
            .order_by(Job.account_id, Job.created_at.desc())
            .ext(distinct_on(Job.account_id))
        )
        return {job.account_id: job for job in jobs if job.account_id is not None}
