"""TaxReportWorkflow: one tax report, made only from fresh cost-basis results.

While the user's cost basis is asked for or running, the stored results are stale: the workflow waits,
asking every 2 s (the poll meanwhile answers cost_basis_in_process). A failed run fails the report with
cost_basis_failed; otherwise the report is made, stored and recorded (activities.tax_report).
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

from workflows.cost_basis_ready import cost_basis_ready

with workflow.unsafe.imports_passed_through():
    from contracts.tax_report import (
        MAKE_TAX_REPORT,
        RECORD_TAX_REPORT_FAILURE,
        TAX_REPORT_WORKFLOW,
        TaxReportFailure,
        TaxReportInput,
    )
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY

SHORT_TIMEOUT = timedelta(minutes=1)
MAKE_TIMEOUT = timedelta(hours=1)
COST_BASIS_FAILED = "The cost basis calculation failed, so the report could not be made."


@workflow.defn(name=TAX_REPORT_WORKFLOW)
class TaxReportWorkflow:
    @workflow.run
    async def run(self, given: TaxReportInput) -> None:
        if not await cost_basis_ready(given.user_id, given):
            await self._fail(TaxReportFailure(given.report_id, COST_BASIS_FAILED, cost_basis_failed=True))
            return
        try:
            await workflow.execute_activity(
                MAKE_TAX_REPORT,
                given,
                start_to_close_timeout=MAKE_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
        except ActivityError as failure:
            cause = failure.cause
            reason = cause.message if isinstance(cause, ApplicationError) else str(cause or failure)
            await self._fail(TaxReportFailure(given.report_id, reason))
            raise ApplicationError(
                f"tax report {given.report_id} failed: {reason}", non_retryable=True
            ) from failure

    async def _fail(self, failure: TaxReportFailure) -> None:
        await workflow.execute_activity(
            RECORD_TAX_REPORT_FAILURE,
            failure,
            start_to_close_timeout=SHORT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )
