"""DeleteAccountWorkflow: delete an account marked for deletion, with all its transactions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from activities.account_deletion import AccountDeletionActivities, DeleteAccountInput

DELETE_TIMEOUT = timedelta(hours=6)
DELETE_HEARTBEAT = timedelta(minutes=2)
DELETE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=5), maximum_interval=timedelta(minutes=5))


def workflow_id(account_id: int) -> str:
    return f"delete-account/{account_id}"


@dataclass(frozen=True)
class DeleteAccountWorkflowInput:
    account_id: int
    user_id: int


@workflow.defn
class DeleteAccountWorkflow:
    @workflow.run
    async def run(self, params: DeleteAccountWorkflowInput) -> int:
        """Answers how many transactions were deleted."""
        return await workflow.execute_activity_method(
            AccountDeletionActivities.delete_account,
            DeleteAccountInput(params.account_id, params.user_id),
            start_to_close_timeout=DELETE_TIMEOUT,
            heartbeat_timeout=DELETE_HEARTBEAT,
            retry_policy=DELETE_RETRY,
        )
