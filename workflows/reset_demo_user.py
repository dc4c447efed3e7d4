"""ResetDemoUserWorkflow: delete the accounts a broker demo reset marked, one by one with the activity
DeleteAccountWorkflow uses, then ask for the user's cost basis again, so no result outlives them."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from contracts.account_deletion import DELETE_ACCOUNT, DeleteAccountInput
    from contracts.broker_demo import RESET_DEMO_USER_WORKFLOW, ResetDemoUserInput
    from contracts.cost_basis import ENQUEUE_COST_BASIS
    from contracts.timeouts import HEARTBEAT_TIMEOUT
    from vocabulary.enums import QueuePriority
    from workflows.delete_account import DELETE_RETRY, DELETE_TIMEOUT

SHORT_TIMEOUT = timedelta(minutes=1)


@workflow.defn(name=RESET_DEMO_USER_WORKFLOW)
class ResetDemoUserWorkflow:
    @workflow.run
    async def run(self, params: ResetDemoUserInput) -> int:
        """Answers how many transactions were deleted."""
        deleted = 0
        for account_id in params.account_ids:
            deleted += await workflow.execute_activity(
                DELETE_ACCOUNT,
                DeleteAccountInput(account_id, params.user_id),
                result_type=int,
                start_to_close_timeout=DELETE_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=DELETE_RETRY,
            )
        await workflow.execute_activity(
            ENQUEUE_COST_BASIS,
            args=[params.user_id, QueuePriority.HIGH.value],
            start_to_close_timeout=SHORT_TIMEOUT,
        )
        return deleted
