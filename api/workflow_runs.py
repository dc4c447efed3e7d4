"""The support console's view of Temporal: runs of every workflow across users, found through the
visibility API by the search attributes every start sets (contracts/search.py), the failure of one run
read from its history, and retrying or cancelling a run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from urllib.parse import quote

from temporalio.api.enums.v1 import EventType
from temporalio.api.failure.v1 import Failure
from temporalio.client import Client, WorkflowExecution, WorkflowExecutionStatus
from temporalio.common import TypedSearchAttributes

from contracts import search
from contracts.starting import WorkflowStart, start_workflow


class RunState(StrEnum):
    RUNNING = "running"
    FAILED = "failed"
    TIMED_OUT = "timed out"
    CANCELLED = "cancelled"
    COMPLETED = "completed"


_FAILED_WORK = f"{search.OUTCOME.name} = '{search.FAILED_OUTCOME}'"
STATE_QUERIES = {
    RunState.RUNNING: "ExecutionStatus = 'Running'",
    RunState.FAILED: f"(ExecutionStatus = 'Failed' OR ExecutionStatus = 'Terminated' OR {_FAILED_WORK})",
    RunState.TIMED_OUT: "ExecutionStatus = 'TimedOut'",
    RunState.CANCELLED: "ExecutionStatus = 'Canceled'",
    RunState.COMPLETED: f"(ExecutionStatus = 'Completed' AND {search.OUTCOME.name} IS NULL)",
}
STATES = {
    WorkflowExecutionStatus.RUNNING: RunState.RUNNING,
    WorkflowExecutionStatus.FAILED: RunState.FAILED,
    WorkflowExecutionStatus.TERMINATED: RunState.FAILED,
    WorkflowExecutionStatus.TIMED_OUT: RunState.TIMED_OUT,
    WorkflowExecutionStatus.CANCELED: RunState.CANCELLED,
    WorkflowExecutionStatus.COMPLETED: RunState.COMPLETED,
    WorkflowExecutionStatus.CONTINUED_AS_NEW: RunState.COMPLETED,
}


@dataclass(frozen=True)
class RunFilter:
    kind: str | None = None  # a workflow type name
    state: RunState | None = None
    user_id: int | None = None
    started_after: datetime | None = None
    started_before: datetime | None = None

    def query(self) -> str:
        # Only Cairn's own runs: every start through contracts.starting sets the kind.
        terms = [f"{search.KIND.name} IS NOT NULL"]
        if self.kind is not None:
            terms.append(f"{search.KIND.name} = {_quoted(self.kind)}")
        if self.state is not None:
            terms.append(STATE_QUERIES[self.state])
        if self.user_id is not None:
            terms.append(f"{search.USER_ID.name} = {self.user_id}")
        if self.started_after is not None:
            terms.append(f"StartTime >= '{self.started_after.isoformat()}'")
        if self.started_before is not None:
            terms.append(f"StartTime < '{self.started_before.isoformat()}'")
        return " AND ".join(terms)


@dataclass(frozen=True)
class Run:
    workflow_id: str
    run_id: str
    kind: str
    state: RunState
    user_id: int | None
    job_id: str | None
    started_at: datetime
    closed_at: datetime | None
    attributes: TypedSearchAttributes


@dataclass(frozen=True)
class RunFailure:
    step: str | None  # the activity that failed, None when the workflow itself failed
    attempts: int
    error: str  # as the worker raised it
    input_bytes: int


def _quoted(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _run(execution: WorkflowExecution) -> Run:
    attributes = execution.typed_search_attributes
    failed_work = attributes.get(search.OUTCOME) == search.FAILED_OUTCOME
    return Run(
        workflow_id=execution.id,
        run_id=execution.run_id,
        kind=attributes.get(search.KIND) or execution.workflow_type,
        state=RunState.FAILED if failed_work else STATES[execution.status or WorkflowExecutionStatus.RUNNING],
        user_id=attributes.get(search.USER_ID),
        job_id=attributes.get(search.JOB_ID),
        started_at=execution.start_time,
        closed_at=execution.close_time,
        attributes=attributes,
    )


async def list_runs(client: Client, found: RunFilter, limit: int) -> list[Run]:
    """Newest first."""
    return [_run(execution) async for execution in client.list_workflows(found.query(), limit=limit)]


async def find_run(client: Client, workflow_id: str, run_id: str) -> Run | None:
    query = f"WorkflowId = {_quoted(workflow_id)} AND RunId = {_quoted(run_id)}"
    runs = [_run(execution) async for execution in client.list_workflows(query, limit=1)]
    return runs[0] if runs else None


async def run_failure(client: Client, run: Run) -> RunFailure:
    """The last failure the run's history holds: a failed or timed-out activity (with its attempts), else
    the workflow's own failure."""
    handle = client.get_workflow_handle(run.workflow_id, run_id=run.run_id)
    scheduled: dict[int, str] = {}
    attempts: dict[int, int] = {}
    input_bytes = 0
    failure = RunFailure(step=None, attempts=0, error="", input_bytes=0)
    async for event in handle.fetch_history_events():
        kind = event.event_type
        if kind == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
            payloads = event.workflow_execution_started_event_attributes.input.payloads
            input_bytes = sum(len(payload.data) for payload in payloads)
        elif kind == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            scheduled[event.event_id] = event.activity_task_scheduled_event_attributes.activity_type.name
        elif kind == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED:
            started = event.activity_task_started_event_attributes
            attempts[started.scheduled_event_id] = started.attempt
        elif kind in (
            EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED,
            EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT,
        ):
            ended = (
                event.activity_task_failed_event_attributes
                if kind == EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED
                else event.activity_task_timed_out_event_attributes
            )
            failure = RunFailure(
                step=scheduled.get(ended.scheduled_event_id),
                attempts=attempts.get(ended.scheduled_event_id, 1),
                error=_described(ended.failure),
                input_bytes=0,
            )
        elif kind == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED:
            failure = RunFailure(
                step=None,
                attempts=1,
                error=_described(event.workflow_execution_failed_event_attributes.failure),
                input_bytes=0,
            )
    return RunFailure(failure.step, failure.attempts, failure.error, input_bytes)


def _described(failure: Failure) -> str:
    """The failure's message with its error type, then its causes'."""
    parts: list[str] = []
    current: Failure | None = failure
    while current is not None and current.message:
        error_type = (
            current.application_failure_info.type if current.HasField("application_failure_info") else ""
        )
        parts.append(f"{error_type}: {current.message}" if error_type else current.message)
        current = current.cause if current.HasField("cause") else None
    return "\n".join(parts)


async def retry_run(client: Client, task_queue: str, run: Run) -> str:
    """A new run of the same workflow id, type and input, so the job row the user polls (whose id is the
    workflow id) follows it; answers its run id. Raises RPCError when a run of that id is running."""
    handle = client.get_workflow_handle(run.workflow_id, run_id=run.run_id)
    async for event in handle.fetch_history_events():
        started = event.workflow_execution_started_event_attributes
        args: Sequence[object] = client.data_converter.payload_converter.from_payloads(started.input.payloads)
        break
    attributes = search.run_attributes(run.kind, run.user_id, run.job_id)
    await start_workflow(
        client,
        task_queue,
        WorkflowStart(
            started.workflow_type.name,
            args[0] if args else None,
            run.workflow_id,
            search_attributes=attributes,
        ),
    )
    return (await client.get_workflow_handle(run.workflow_id).describe()).run_id


async def cancel_run(client: Client, run: Run) -> None:
    await client.get_workflow_handle(run.workflow_id, run_id=run.run_id).cancel()


def ui_link(ui_origin: str, namespace: str, run: Run) -> str:
    workflow = quote(run.workflow_id, safe="")
    return f"{ui_origin}/namespaces/{quote(namespace)}/workflows/{workflow}/{run.run_id}/history"
