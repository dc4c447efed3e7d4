"""How a workflow is started: `WorkflowStart` says which workflow, with what input, under which id and
what to do when that id is taken; `start_workflow` starts it. The API and the activities that start
workflows both go through it."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio.client import Client
from temporalio.common import Priority, TypedSearchAttributes, WorkflowIDConflictPolicy

from contracts.search import run_attributes


@dataclass(frozen=True)
class WorkflowStart:
    workflow: str  # the workflow type name
    arg: object
    id: str
    join_running: bool = False  # a running workflow of this id is joined rather than refused
    start_signal: str | None = None  # signal-with-start: the signal sent to the new or the running run
    priority_key: int | None = None  # Temporal priority: 1 is served first
    user_id: int | None = None  # whom the run is for, when `arg` carries no `user_id` of its own
    # a rerun keeps its first run's attributes; otherwise they come from the workflow, `arg` and `user_id`
    search_attributes: TypedSearchAttributes | None = None

    def run_attributes(self) -> TypedSearchAttributes:
        if self.search_attributes is not None:
            return self.search_attributes
        user_id = self.user_id if self.user_id is not None else getattr(self.arg, "user_id", None)
        return run_attributes(self.workflow, user_id, getattr(self.arg, "job_id", None))


async def start_workflow(client: Client, task_queue: str, start: WorkflowStart) -> str:
    """Starts (or joins) the workflow; answers its id. Raises RPCError when Temporal refuses or is away."""
    handle = await client.start_workflow(
        start.workflow,
        start.arg,
        id=start.id,
        task_queue=task_queue,
        id_conflict_policy=(
            WorkflowIDConflictPolicy.USE_EXISTING if start.join_running else WorkflowIDConflictPolicy.FAIL
        ),
        start_signal=start.start_signal,
        priority=Priority(priority_key=start.priority_key),
        search_attributes=start.run_attributes(),
    )
    return handle.id
