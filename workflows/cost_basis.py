"""CostBasisWorkflow: compute one user's lots, disposals and income, as often as the ledger changed.

One run per user at a time (contracts.cost_basis): a `recompute` request during a pass makes the run loop
once more after it, however many requests came in, so the results always reflect the latest ledger.
Each pass is first claimed (Scheduled, at the priority of the requests it serves), then computed on the
task queue of that priority. A user who paused their runs gets no pass: the run ends and the request
stays recorded until they resume.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from contracts.cost_basis import (
        CLAIM_COST_BASIS_RUN,
        COMPUTE_COST_BASIS,
        COST_BASIS_WORKFLOW,
        RECOMPUTE_SIGNAL,
        RECORD_COST_BASIS_FAILURE,
        CostBasisClaim,
        CostBasisFailure,
        CostBasisOutcome,
        CostBasisSummary,
        pass_queue,
    )
    from contracts.timeouts import HEARTBEAT_TIMEOUT
    from vocabulary.enums import QueuePriority

COMPUTE_TIMEOUT = timedelta(hours=4)
COMPUTE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=5), maximum_attempts=3)
RECORD_TIMEOUT = timedelta(minutes=1)


@workflow.defn(name=COST_BASIS_WORKFLOW)
class CostBasisWorkflow:
    def __init__(self) -> None:
        self._requested = False

    @workflow.signal(name=RECOMPUTE_SIGNAL)
    def recompute(self) -> None:
        self._requested = True

    @workflow.run
    async def run(self, user_id: int) -> CostBasisOutcome:
        passes, summary = 0, None
        while True:
            self._requested = False  # this pass covers every request made so far
            claim = await workflow.execute_activity(
                CLAIM_COST_BASIS_RUN,
                user_id,
                result_type=CostBasisClaim,
                start_to_close_timeout=RECORD_TIMEOUT,
            )
            if claim.paused:
                if self._requested:
                    continue  # perhaps resumed since
                return CostBasisOutcome(passes=passes, summary=summary, paused=True)
            passes += 1
            try:
                summary = await workflow.execute_activity(
                    COMPUTE_COST_BASIS,
                    user_id,
                    task_queue=pass_queue(workflow.info().task_queue, QueuePriority(claim.priority)),
                    result_type=CostBasisSummary,
                    start_to_close_timeout=COMPUTE_TIMEOUT,
                    heartbeat_timeout=HEARTBEAT_TIMEOUT,
                    retry_policy=COMPUTE_RETRY,
                )
            except ActivityError as failure:
                await workflow.execute_activity(
                    RECORD_COST_BASIS_FAILURE,
                    CostBasisFailure(user_id, _reason(failure)),
                    start_to_close_timeout=RECORD_TIMEOUT,
                )
                if self._requested:
                    continue  # the ledger changed since: the next pass may succeed
                raise ApplicationError(
                    f"cost basis of user {user_id} failed: {_reason(failure)}", non_retryable=True
                ) from failure
            if not self._requested:
                return CostBasisOutcome(passes=passes, summary=summary)
            if workflow.info().is_continue_as_new_suggested():
                workflow.continue_as_new(user_id)  # the new run's first pass covers the request


def _reason(failure: ActivityError) -> str:
    cause = failure.cause
    return cause.message if isinstance(cause, ApplicationError) else str(cause or failure)
