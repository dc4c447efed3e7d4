"""Starting work in the worker from a request, the one way every mutation does it: write the job row
(when the work has one), commit, start the workflow, and when Temporal refuses or is away, mark the job
failed and undo what the request prepared (a just-created account, a deletion mark, a cost-basis
request). The request never waits for the work itself: the client polls the job."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from temporalio.service import RPCError

from api.context import Context
from contracts.starting import WorkflowStart, start_workflow
from vocabulary.enums import JobKind

Undo = Callable[[], Awaitable[object]]


@dataclass(frozen=True)
class NewJob:
    kind: JobKind
    account_id: int | None
    failure: str  # what the job says when its work could not be started


@dataclass(frozen=True)
class Started:
    job_id: str | None  # the workflow id, which is the job id; None when the work could not be started

    @property
    def ok(self) -> bool:
        return self.job_id is not None


async def start_work(
    context: Context, start: WorkflowStart, *, job: NewJob | None = None, undo: Undo | None = None
) -> Started:
    jobs = context.scope.jobs
    if job is not None:
        await jobs.create_job(start.id, job.kind, job.account_id)
    await context.session.commit()
    try:
        client = await context.services.temporal()
        await start_workflow(client, context.services.settings.task_queue, start)
    except (RPCError, RuntimeError):
        if job is not None:
            await jobs.fail_job(start.id, job.failure)
        if undo is not None:
            await undo()
        await context.session.commit()
        return Started(job_id=None)
    return Started(job_id=start.id)
