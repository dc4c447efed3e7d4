"""AccountSyncWorkflow: sync one linked exchange or wallet, record the outcome on its job row and the
account, then match transfers and ask for the user's cost basis once more when anything was added.
ScheduledSyncWorkflow: what the account's schedule runs; it starts or joins `sync/{account}`.
VerifyCredentialsWorkflow: one authenticated call with credentials being linked; the API waits for it."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from contracts.account_sync import (
        ACCOUNT_SYNC_WORKFLOW,
        CREDENTIALS_REFUSED,
        FINISH_SYNC,
        SCHEDULED_SYNC_WORKFLOW,
        START_SCHEDULED_SYNC,
        SYNC_ACCOUNT,
        SYNC_SIGNAL,
        VERIFY_CREDENTIALS,
        VERIFY_CREDENTIALS_WORKFLOW,
        AccountSyncInput,
        CredentialsCheck,
        FinishSyncInput,
        SyncJob,
        SyncResult,
    )
    from contracts.cost_basis import ENQUEUE_COST_BASIS
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY
    from contracts.transfers import MATCH_TRANSFERS
    from vocabulary.enums import QueuePriority
    from vocabulary.errors import SYNC_FAILED_MESSAGE

SYNC_TIMEOUT = timedelta(hours=6)
MATCH_TIMEOUT = timedelta(minutes=30)
SHORT_TIMEOUT = timedelta(minutes=1)
VERIFY_TIMEOUT = timedelta(seconds=20)


@workflow.defn(name=ACCOUNT_SYNC_WORKFLOW)
class AccountSyncWorkflow:
    def __init__(self) -> None:
        self._asked = 0  # syncs asked for (SYNC_SIGNAL); a schedule's start asks for none but runs one

    @workflow.signal(name=SYNC_SIGNAL)
    def sync(self) -> None:
        self._asked += 1

    @workflow.run
    async def run(self, params: AccountSyncInput) -> SyncResult | None:
        """Passes until no sync was asked for during the last pass; answers the last pass's result."""
        while True:
            served = self._asked
            result = await self._pass(params, served)
            if not self._asked_more(served):
                return result

    def _asked_more(self, served: int) -> bool:
        return self._asked != served

    async def _pass(self, params: AccountSyncInput, served: int) -> SyncResult | None:
        job = SyncJob(params.account_id, params.user_id, f"{workflow.info().workflow_id}/{workflow.uuid4()}")
        try:
            result = await workflow.execute_activity(
                SYNC_ACCOUNT,
                job,
                result_type=SyncResult,
                start_to_close_timeout=SYNC_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
        except ActivityError as failure:
            # A failure a retry cannot mend says why; one that outlasted every retry gets the generic text.
            cause = failure.cause
            told = cause if isinstance(cause, ApplicationError) and cause.non_retryable else None
            reason = SYNC_FAILED_MESSAGE if told is None else told.message
            refused = told is not None and told.type == CREDENTIALS_REFUSED
            await workflow.execute_activity(
                FINISH_SYNC,
                FinishSyncInput(
                    job, None, reason, credentials_refused=refused, passes_again=self._asked_more(served)
                ),
                start_to_close_timeout=SHORT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
            return None
        await workflow.execute_activity(
            FINISH_SYNC,
            FinishSyncInput(job, result, passes_again=self._asked_more(served)),
            start_to_close_timeout=SHORT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )
        if result.number_imported:
            await workflow.execute_activity(
                MATCH_TRANSFERS,
                params.user_id,
                start_to_close_timeout=MATCH_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
            await workflow.execute_activity(
                ENQUEUE_COST_BASIS,
                args=[params.user_id, QueuePriority.HIGH.value],
                start_to_close_timeout=SHORT_TIMEOUT,
            )
        return result


@workflow.defn(name=SCHEDULED_SYNC_WORKFLOW)
class ScheduledSyncWorkflow:
    @workflow.run
    async def run(self, params: AccountSyncInput) -> None:
        """Starts or joins the account's sync (an account gone or fed by files loses its schedule)."""
        await workflow.execute_activity(
            START_SCHEDULED_SYNC,
            params,
            start_to_close_timeout=SHORT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )


@workflow.defn(name=VERIFY_CREDENTIALS_WORKFLOW)
class VerifyCredentialsWorkflow:
    @workflow.run
    async def run(self, check: CredentialsCheck) -> str | None:
        """None when the exchange accepted the credentials, else the spec's account error code."""
        result: str | None = await workflow.execute_activity(
            VERIFY_CREDENTIALS,
            check,
            start_to_close_timeout=VERIFY_TIMEOUT,
            retry_policy=RetryPolicy(maximum_attempts=1),
        )
        return result
