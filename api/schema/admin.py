"""The support console (issue 14): every workflow run across users, filtered through Temporal's
visibility API, a failed run's error as the user saw it and as the worker raised it, Retry, Cancel and
bulk Retry, each recorded in the audit. Admins only: to anyone else every operation answers "Not found."
as for something that does not exist."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import strawberry
from graphql import GraphQLError
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from api.context import CairnInfo
from api.limits import MAX_PAGE_SIZE
from api.workflow_runs import (
    Run,
    RunFilter,
    RunState,
    cancel_run,
    find_run,
    list_runs,
    retry_run,
    run_failure,
    ui_link,
)
from ledger.models.admin_audit import AdminActionKind
from ledger.scope.staff import StaffScope

strawberry.enum(RunState, name="WorkflowRunState")

NOT_FOUND = "Not found."
RUN_NOT_FOUND = "No such workflow run."
ALREADY_RETRIED = "This run has a newer run; retry that one."
NOT_RETRYABLE = "Only a failed, timed out or cancelled run can be retried."
NOT_RUNNING = "Only a running workflow can be cancelled."
RETRYABLE = frozenset({RunState.FAILED, RunState.TIMED_OUT, RunState.CANCELLED})


@strawberry.type
class WorkflowRun:
    workflow_id: str
    run_id: str
    kind: str
    state: RunState
    user_id: strawberry.ID | None
    user_email: str | None
    job_id: str | None
    started_at: datetime
    closed_at: datetime | None
    temporal_url: str


@strawberry.type
class WorkflowRunFailure:
    step: str | None = strawberry.field(description="The activity that failed; null when the workflow did.")
    attempts: int
    worker_error: str = strawberry.field(description="The error as the worker raised it.")
    user_error: str | None = strawberry.field(description="What the user's job row says, when it has one.")
    input_bytes: int


@strawberry.type
class AdminRunResult:
    success: bool
    error_message: str | None = None
    run_id: str | None = None  # the new run of a retry


@strawberry.type
class BulkRetryResult:
    retried: int
    refused: int


@strawberry.input
class WorkflowRunFilter:
    kind: str | None = None
    state: RunState | None = None
    user_email: str | None = None
    started_after: datetime | None = None
    started_before: datetime | None = None


@dataclass(frozen=True)
class _Staff:
    scope: StaffScope
    info: CairnInfo


def _staff(info: CairnInfo) -> _Staff:
    if not info.context.signed_in_user.is_admin:
        raise GraphQLError(NOT_FOUND)
    return _Staff(StaffScope(info.context.session, info.context.signed_in_user.id), info)


async def _filter(staff: _Staff, given: WorkflowRunFilter | None) -> RunFilter | None:
    """None when the e-mail names nobody: nothing matches."""
    given = given or WorkflowRunFilter()
    user_id = None
    if given.user_email:
        user_id = await staff.scope.user_id_of(given.user_email)
        if user_id is None:
            return None
    return RunFilter(given.kind, given.state, user_id, given.started_after, given.started_before)


async def _rows(staff: _Staff, runs: list[Run]) -> list[WorkflowRun]:
    emails = await staff.scope.emails(run.user_id for run in runs if run.user_id is not None)
    settings = staff.info.context.services.settings
    client = await staff.info.context.services.temporal()
    ui_origin = f"http://{settings.host}:{settings.temporal_ui_port}"
    return [
        WorkflowRun(
            workflow_id=run.workflow_id,
            run_id=run.run_id,
            kind=run.kind,
            state=run.state,
            user_id=None if run.user_id is None else strawberry.ID(str(run.user_id)),
            user_email=None if run.user_id is None else emails.get(run.user_id),
            job_id=run.job_id,
            started_at=run.started_at,
            closed_at=run.closed_at,
            temporal_url=ui_link(ui_origin, client.namespace, run),
        )
        for run in runs
    ]


async def _run(staff: _Staff, workflow_id: str, run_id: str) -> Run:
    run = await find_run(await staff.info.context.services.temporal(), workflow_id, run_id)
    if run is None:
        raise GraphQLError(RUN_NOT_FOUND)
    return run


async def _retry(staff: _Staff, run: Run) -> AdminRunResult:
    if run.state not in RETRYABLE:
        return AdminRunResult(success=False, error_message=NOT_RETRYABLE)
    client = await staff.info.context.services.temporal()
    if (await client.get_workflow_handle(run.workflow_id).describe()).run_id != run.run_id:
        return AdminRunResult(success=False, error_message=ALREADY_RETRIED)
    job = (await staff.scope.jobs([run.job_id])).get(run.job_id) if run.job_id else None
    failed_with = None if job is None else job.error_message
    if job is not None:
        await staff.scope.requeue_job(job.id)
    staff.scope.record(AdminActionKind.RETRY, run.user_id, run.workflow_id, run.run_id)
    await staff.info.context.session.commit()
    try:
        new_run = await retry_run(client, staff.info.context.services.settings.task_queue, run)
    except WorkflowAlreadyStartedError:  # a retry at the same moment started it: the job follows that one
        return AdminRunResult(success=False, error_message=ALREADY_RETRIED)
    except RPCError as error:  # Temporal is away: the job stays as its failed run left it
        if job is not None:
            await staff.scope.fail_job(job.id, failed_with)
            await staff.info.context.session.commit()
        return AdminRunResult(success=False, error_message=error.message)
    return AdminRunResult(success=True, run_id=new_run)


@strawberry.type
class AdminQuery:
    @strawberry.field(description="Workflow runs of every user, newest first (admins only).")
    async def admin_workflow_runs(
        self, info: CairnInfo, filter: WorkflowRunFilter | None = None, limit: int = 50
    ) -> list[WorkflowRun]:
        staff = _staff(info)
        found = await _filter(staff, filter)
        if found is None:
            return []
        client = await info.context.services.temporal()
        return await _rows(staff, await list_runs(client, found, max(1, min(limit, MAX_PAGE_SIZE))))

    @strawberry.field(description="Why a run failed: the failed step, its attempts and errors (admins only).")
    async def admin_workflow_run_failure(
        self, info: CairnInfo, workflow_id: str, run_id: str
    ) -> WorkflowRunFailure:
        staff = _staff(info)
        run = await _run(staff, workflow_id, run_id)
        failure = await run_failure(await info.context.services.temporal(), run)
        job = (await staff.scope.jobs([run.job_id])).get(run.job_id) if run.job_id else None
        return WorkflowRunFailure(
            step=failure.step,
            attempts=failure.attempts,
            worker_error=failure.error,
            user_error=None if job is None else job.error_message,
            input_bytes=failure.input_bytes,
        )


@strawberry.type
class AdminMutation:
    @strawberry.mutation(description="Runs a failed run again under its workflow id (admins only).")
    async def admin_retry_workflow(self, info: CairnInfo, workflow_id: str, run_id: str) -> AdminRunResult:
        staff = _staff(info)
        return await _retry(staff, await _run(staff, workflow_id, run_id))

    @strawberry.mutation(description="Retries every failed, timed out or cancelled run the filter finds.")
    async def admin_retry_workflows(
        self, info: CairnInfo, filter: WorkflowRunFilter | None = None, limit: int = 50
    ) -> BulkRetryResult:
        staff = _staff(info)
        found = await _filter(staff, filter)
        if found is None:
            return BulkRetryResult(retried=0, refused=0)
        client = await info.context.services.temporal()
        runs = await list_runs(client, found, max(1, min(limit, MAX_PAGE_SIZE)))
        latest: dict[str, Run] = {}
        for run in runs:  # newest first: one retry per workflow id, of its newest run
            if run.state in RETRYABLE:
                latest.setdefault(run.workflow_id, run)
        outcomes = [await _retry(staff, run) for run in latest.values()]
        retried = sum(outcome.success for outcome in outcomes)
        return BulkRetryResult(retried=retried, refused=len(outcomes) - retried)

    @strawberry.mutation(description="Cancels a running workflow run (admins only).")
    async def admin_cancel_workflow(self, info: CairnInfo, workflow_id: str, run_id: str) -> AdminRunResult:
        staff = _staff(info)
        run = await _run(staff, workflow_id, run_id)
        if run.state is not RunState.RUNNING:
            return AdminRunResult(success=False, error_message=NOT_RUNNING)
        if run.job_id is not None:
            await staff.scope.cancel_job(run.job_id)
        staff.scope.record(AdminActionKind.CANCEL, run.user_id, run.workflow_id, run.run_id)
        await info.context.session.commit()
        await cancel_run(await info.context.services.temporal(), run)
        return AdminRunResult(success=True, run_id=run.run_id)
