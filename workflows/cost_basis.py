"""CostBasisWorkflow: compute one user's lots, disposals and income, as often as the ledger changed.

One run per user at a time (contracts.cost_basis): a `recompute` request during a pass makes the run loop
once more after it, however many requests came in, so the results always reflect the latest ledger.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from contracts.cost_basis import (
        COMPUTE_COST_BASIS,
        COST_BASIS_WORKFLOW,
        RECOMPUTE_SIGNAL,
        RECORD_COST_BASIS_FAILURE,
        CostBasisFailure,
        CostBasisOutcome,
        CostBasisSummary,
    )
    from contracts.timeouts import HEARTBEAT_TIMEOUT

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
        passes = 0
        while True:
            self._requested = False  # this pass covers every request made so far
            passes += 1
            try:
                summary = await workflow.execute_activity(
                    COMPUTE_COST_BASIS,
                    user_id,
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
