"""CostBasisWorkflow: one run per user at a time, asked for by the `recompute` signal (signal-with-start),
so repeated requests join the running run and a request during a pass makes it loop once more."""

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
COMPUTE_COST_BASIS = "compute_cost_basis"
RECORD_COST_BASIS_FAILURE = "record_cost_basis_failure"

PRIORITY_KEYS = {QueuePriority.HIGH: 1, QueuePriority.NORMAL: 3, QueuePriority.LOW: 5}


@dataclass(frozen=True)
class CostBasisSummary:
    run_id: str
    method: str
    scope: str
    flows: int
    lots: int
    disposals: int
    income: int


@dataclass(frozen=True)
class CostBasisFailure:
    user_id: int
    error: str


@dataclass(frozen=True)
class CostBasisOutcome:
    passes: int  # passes of this run (a request during a pass adds one)
    summary: CostBasisSummary


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
