"""DeleteAccountWorkflow: delete an account marked for deletion, with all its transactions."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from contracts.account_deletion import DELETE_ACCOUNT, DELETE_ACCOUNT_WORKFLOW, DeleteAccountInput
    from contracts.timeouts import HEARTBEAT_TIMEOUT

DELETE_TIMEOUT = timedelta(hours=6)
DELETE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=5), maximum_interval=timedelta(minutes=5))


@workflow.defn(name=DELETE_ACCOUNT_WORKFLOW)
class DeleteAccountWorkflow:
    @workflow.run
    async def run(self, params: DeleteAccountInput) -> int:
        """Answers how many transactions were deleted."""
        return await workflow.execute_activity(
            DELETE_ACCOUNT,
            params,
            result_type=int,
            start_to_close_timeout=DELETE_TIMEOUT,
            heartbeat_timeout=HEARTBEAT_TIMEOUT,
            retry_policy=DELETE_RETRY,
        )
