"""FreezeTaxYearWorkflow: freeze or unfreeze one tax year of one user (contracts.freezing).

A freeze waits (every 2 s) until no cost-basis run is asked for or running, so the results it keeps are
the ledger's; an unfreeze releases the years and asks for a run, which recomputes them. Either way a
failure marks the years in progress errored.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from contracts.cost_basis import ENQUEUE_COST_BASIS
    from contracts.freezing import (
        FREEZE_TAX_YEARS,
        FREEZE_WORKFLOW,
        RECORD_FREEZING_FAILURE,
        UNFREEZE_TAX_YEARS,
        FreezeStep,
        FreezingFailure,
        FreezingInput,
    )
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY
    from vocabulary.enums import QueuePriority

READINESS_WAIT = timedelta(seconds=2)
FREEZE_TIMEOUT = timedelta(hours=1)
SHORT_TIMEOUT = timedelta(minutes=1)


@workflow.defn(name=FREEZE_WORKFLOW)
class FreezeTaxYearWorkflow:
    @workflow.run
    async def run(self, given: FreezingInput) -> None:
        try:
            if given.freeze:
                await self._freeze(given)
            else:
                await workflow.execute_activity(
                    UNFREEZE_TAX_YEARS, given, start_to_close_timeout=SHORT_TIMEOUT, retry_policy=OUTAGE_RETRY
                )
                await workflow.execute_activity(
                    ENQUEUE_COST_BASIS,
                    args=[given.user_id, QueuePriority.HIGH.value],
                    start_to_close_timeout=SHORT_TIMEOUT,
                    retry_policy=OUTAGE_RETRY,
                )
        except ActivityError as failure:
            await workflow.execute_activity(
                RECORD_FREEZING_FAILURE,
                FreezingFailure(given.user_id, given.year, given.freeze, str(failure.cause or failure)),
                start_to_close_timeout=SHORT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
            raise ApplicationError(
                f"freezing of {given.year} failed: {failure.cause}", non_retryable=True
            ) from failure

    async def _freeze(self, given: FreezingInput) -> None:
        while True:
            step = await workflow.execute_activity(
                FREEZE_TAX_YEARS,
                given,
                result_type=str,
                start_to_close_timeout=FREEZE_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
            if step == FreezeStep.DONE:
                return
            if workflow.info().is_continue_as_new_suggested():
                workflow.continue_as_new(given)
            await workflow.sleep(READINESS_WAIT)
