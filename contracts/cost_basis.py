"""CostBasisWorkflow: one run per user at a time, asked for by the `recompute` signal (signal-with-start),
so repeated requests join the running run and a request during a pass makes it loop once more.

The run itself is light and runs on the worker's task queue; each pass's computation runs on the task
queue of its priority (`pass_queue`), which every worker polls with slots of its own (`PASS_SLOTS`): a
backlog of LOW or NORMAL passes never takes the slots HIGH passes run in, and within a queue the
Temporal priority key serves the most urgent first."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from contracts.ids import cost_basis_id
from contracts.starting import WorkflowStart
from vocabulary.enums import QueuePriority

COST_BASIS_WORKFLOW = "CostBasisWorkflow"
RECOMPUTE_SIGNAL = "recompute"

# Activities
ENQUEUE_COST_BASIS = "enqueue_cost_basis"  # (user id, QueuePriority value): what imports call after
CLAIM_COST_BASIS_RUN = "claim_cost_basis_run"  # -> CostBasisClaim: Scheduled, or not run while paused
COMPUTE_COST_BASIS = "compute_cost_basis"
RECORD_COST_BASIS_FAILURE = "record_cost_basis_failure"

PRIORITY_KEYS = {QueuePriority.HIGH: 1, QueuePriority.NORMAL: 3, QueuePriority.LOW: 5}
# passes a worker computes at once, per priority
PASS_SLOTS = {QueuePriority.HIGH: 2, QueuePriority.NORMAL: 1, QueuePriority.LOW: 1}


def pass_queue(task_queue: str, priority: QueuePriority) -> str:
    """The task queue the passes of `priority` are computed on, beside the worker's `task_queue`."""
    return f"{task_queue}/cost-basis-{priority.value.lower()}"


@dataclass(frozen=True)
class CostBasisClaim:
    paused: bool  # the user paused their runs: the request stays recorded, no pass is made
    priority: str  # the QueuePriority value of the pass


@dataclass(frozen=True)
class CostBasisSummary:
    run_id: str
    method: str
    scope: str
    flows: int
    lots: int
    disposals: int
    income: int
    # a run that continued from the user's checkpoint: its instant (ISO 8601); the counts are then those
    # of what it recomputed
    continued_from: str | None = None


@dataclass(frozen=True)
class CostBasisFailure:
    user_id: int
    error: str


@dataclass(frozen=True)
class CostBasisOutcome:
    passes: int  # passes of this run (a request during a pass adds one)
    summary: CostBasisSummary | None  # the last pass's; None when paused before any
    paused: bool = False  # the run ended because the user paused their runs


def run_request(user_id: int, user_public_id: uuid.UUID, priority: QueuePriority) -> WorkflowStart:
    """Start the user's run, or signal the running one to make one more pass."""
    return WorkflowStart(
        COST_BASIS_WORKFLOW,
        user_id,
        cost_basis_id(user_public_id),
        join_running=True,
        start_signal=RECOMPUTE_SIGNAL,
        priority_key=PRIORITY_KEYS[priority],
        user_id=user_id,
    )
