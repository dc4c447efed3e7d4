"""Activities of the cost-basis run: request a run, compute one pass, record a failed run.

`enqueue_cost_basis` is what other workflows call (by that name) when the ledger changed: it marks the
user's status Enqueued and starts the user's run, or, when a run is already going, asks it for one
more pass (signal-with-start on the stable id `cost-basis/{user public id}`), so repeated requests
join the running one and a request made during a pass is never lost.

`compute_cost_basis` loads the user's flows from PostgreSQL (streamed), runs the lot engine and
replaces the stored lots, disposals and income in one database transaction.
"""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass

from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.client import Client
from temporalio.common import Priority, WorkflowIDConflictPolicy
from temporalio.exceptions import ApplicationError

from activities.cost_basis_ledger import disposal_rows, income_rows, ledger_frame, lot_rows, method_and_scope
from activities.heartbeat import heartbeating
from analytics.lots import LedgerError, LotResult, compute
from ledger.writes.cost_basis import (
    claim_run,
    enqueue_statement,
    fail_run,
    finish_run,
    iter_flow_batches,
    method_settings,
    replace_results,
    user_public_id,
)
from vocabulary.enums import QueuePriority

WORKFLOW_TYPE = "CostBasisWorkflow"
RECOMPUTE_SIGNAL = "recompute"
DATA_ERROR = "CostBasisDataError"  # ApplicationError type of a ledger the engine cannot compute
LOAD_BATCH = 50_000  # flow rows fetched per round trip of the server-side cursor
# Temporal priority keys: 1 is served first.
PRIORITY_KEYS = {QueuePriority.HIGH: 1, QueuePriority.NORMAL: 3, QueuePriority.LOW: 5}


def workflow_id(user_public_id: uuid.UUID) -> str:
    return f"cost-basis/{user_public_id}"


async def request_run(
    client: Client, user_id: int, public_id: uuid.UUID, priority: QueuePriority, task_queue: str
) -> str:
    """Start the user's run, or signal the running one to make one more pass; answers its id."""
    handle = await client.start_workflow(
        WORKFLOW_TYPE,
        user_id,
        id=workflow_id(public_id),
        task_queue=task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        start_signal=RECOMPUTE_SIGNAL,
        priority=Priority(priority_key=PRIORITY_KEYS[priority]),
    )
    return handle.id


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


class CostBasisActivities:
    def __init__(self, sessions: sessionmaker[Session], client: Client, task_queue: str) -> None:
        self._sessions = sessions
        self._client = client
        self._task_queue = task_queue

    @activity.defn(name="enqueue_cost_basis")
    async def enqueue_cost_basis(self, user_id: int, priority: str = QueuePriority.HIGH.value) -> str:
        """Mark the user's cost basis Enqueued and start (or join) the user's run; answers the run's id."""
        try:
            level = QueuePriority(priority)
        except ValueError:
            raise ApplicationError(f"unknown queue priority {priority!r}", non_retryable=True) from None
        public_id = await asyncio.to_thread(self._mark_enqueued, user_id, level)
        return await request_run(self._client, user_id, public_id, level, self._task_queue)

    def _mark_enqueued(self, user_id: int, priority: QueuePriority) -> uuid.UUID:
        with self._sessions.begin() as session:
            public_id = user_public_id(session, user_id)
            session.execute(enqueue_statement(user_id, priority))
        return public_id

    @activity.defn(name="compute_cost_basis")
    def compute_cost_basis(self, user_id: int) -> CostBasisSummary:
        """One pass: Started, the engine on the user's whole ledger, results stored, status finished."""
        run_id = uuid.uuid4()
        with heartbeating():
            with self._sessions.begin() as session:
                claim_run(session, user_id)
            result, flows = self._compute(user_id)
            with self._sessions.begin() as session:
                counts = replace_results(
                    session, user_id, run_id, lot_rows(result), disposal_rows(result), income_rows(result)
                )
                finish_run(session, user_id, run_id)
        return CostBasisSummary(
            run_id=str(run_id),
            method=result.method,
            scope=result.scope.value,
            flows=flows,
            lots=counts.lots,
            disposals=counts.disposals,
            income=counts.income,
        )

    def _compute(self, user_id: int) -> tuple[LotResult, int]:
        with self._sessions.begin() as session:
            settings = method_settings(session, user_id)
            ledger = ledger_frame(iter_flow_batches(session, user_id, LOAD_BATCH))
        try:
            method, scope = method_and_scope(settings)
            return compute(ledger, method, scope), ledger.height
        except (LedgerError, ValueError) as error:  # the data (or the method settings) cannot be computed
            raise ApplicationError(str(error), type=DATA_ERROR, non_retryable=True) from error

    @activity.defn(name="record_cost_basis_failure")
    def record_cost_basis_failure(self, failure: CostBasisFailure) -> None:
        """The run failed for good: the status shows Failed, and the reason is kept for support."""
        with self._sessions.begin() as session:
            fail_run(session, failure.user_id, failure.error)
