"""MigrationWorkflow: a user's universal → per-wallet migration (contracts.migration).

It waits while a cost-basis run is asked for or running (asking every 2 s, as a tax report does): the
stored results it freezes must be the ledger's. A failed run, or a migration the ledger cannot make,
ends the migration FAILED (the user may start it again); otherwise the migration is made and a
cost-basis run is asked for, which computes 2025 on wallet by wallet from the allocated lots.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

from workflows.cost_basis_ready import cost_basis_ready

with workflow.unsafe.imports_passed_through():
    from contracts.cost_basis import ENQUEUE_COST_BASIS
    from contracts.migration import (
        COST_BASIS_FAILED,
        MIGRATE_TO_PER_WALLET,
        MIGRATION_WORKFLOW,
        RECORD_MIGRATION_FAILURE,
        MigrationFailure,
        MigrationInput,
    )
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY
    from vocabulary.enums import QueuePriority

SHORT_TIMEOUT = timedelta(minutes=1)
MIGRATE_TIMEOUT = timedelta(hours=1)


@workflow.defn(name=MIGRATION_WORKFLOW)
class MigrationWorkflow:
    @workflow.run
    async def run(self, given: MigrationInput) -> None:
        if not await cost_basis_ready(given.user_id, given):
            await self._fail(MigrationFailure(given.user_id, COST_BASIS_FAILED))
            return
        try:
            await workflow.execute_activity(
                MIGRATE_TO_PER_WALLET,
                given,
                start_to_close_timeout=MIGRATE_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
        except ActivityError as failure:
            cause = failure.cause
            reason = cause.message if isinstance(cause, ApplicationError) else str(cause or failure)
            await self._fail(MigrationFailure(given.user_id, reason))
            raise ApplicationError(
                f"migration of user {given.user_id} failed: {reason}", non_retryable=True
            ) from failure
        await workflow.execute_activity(
            ENQUEUE_COST_BASIS,
            args=[given.user_id, QueuePriority.HIGH.value],
            start_to_close_timeout=SHORT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )

    async def _fail(self, failure: MigrationFailure) -> None:
        await workflow.execute_activity(
            RECORD_MIGRATION_FAILURE,
            failure,
            start_to_close_timeout=SHORT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )
