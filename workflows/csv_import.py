"""CsvImportWorkflow: import one uploaded file into the account just created for it (a custom wallet, or
an exchange fed by files), which goes again when the import fails; AccountImportWorkflow: import one
into an account the user already has, as the import type they chose. Both then match transfers between
the user's accounts, record the job's outcome, and ask for the user's cost basis to be computed again."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from contracts.cost_basis import ENQUEUE_COST_BASIS
    from contracts.imports import (
        ACCOUNT_IMPORT_WORKFLOW,
        CSV_IMPORT_WORKFLOW,
        FINISH_IMPORT,
        IMPORT_FILE,
        CsvImportInput,
        CsvImportOutcome,
        FinishImportInput,
        ImportCounts,
    )
    from contracts.search import record_failed_outcome
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY
    from contracts.transfers import MATCH_TRANSFERS
    from vocabulary.enums import QueuePriority

IMPORT_TIMEOUT = timedelta(hours=2)
MATCH_TIMEOUT = timedelta(minutes=30)
SHORT_TIMEOUT = timedelta(minutes=1)
FAILED_OUTCOME_PATCH = "record-failed-outcome"


async def _import(params: CsvImportInput, *, new_account: bool) -> CsvImportOutcome:
    try:
        counts = await workflow.execute_activity(
            IMPORT_FILE,
            params,
            result_type=ImportCounts,
            start_to_close_timeout=IMPORT_TIMEOUT,
            heartbeat_timeout=HEARTBEAT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )
    except ActivityError as failure:
        # A bad file's message is the user's to read; other failures get the generic text.
        cause = failure.cause
        reason = cause.message if isinstance(cause, ApplicationError) and cause.non_retryable else None
        await workflow.execute_activity(
            FINISH_IMPORT,
            FinishImportInput(
                params.job_id, params.account_id, None, reason, discard_empty_account=new_account
            ),
            start_to_close_timeout=SHORT_TIMEOUT,
        )
        if workflow.patched(FAILED_OUTCOME_PATCH):  # runs started before it ended without the attribute
            record_failed_outcome()
        return CsvImportOutcome(success=False, result=None, error_message=reason)
    try:
        await workflow.execute_activity(
            MATCH_TRANSFERS,
            params.user_id,
            start_to_close_timeout=MATCH_TIMEOUT,
            heartbeat_timeout=HEARTBEAT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )
    finally:  # the transactions are in: the job has succeeded whatever matching does
        await workflow.execute_activity(
            FINISH_IMPORT,
            FinishImportInput(params.job_id, params.account_id, counts),
            start_to_close_timeout=SHORT_TIMEOUT,
        )
    await workflow.execute_activity(
        ENQUEUE_COST_BASIS,
        args=[params.user_id, QueuePriority.HIGH.value],
        start_to_close_timeout=SHORT_TIMEOUT,
    )
    return CsvImportOutcome(success=True, result=counts, error_message=None)


@workflow.defn(name=CSV_IMPORT_WORKFLOW)
class CsvImportWorkflow:
    @workflow.run
    async def run(self, params: CsvImportInput) -> CsvImportOutcome:
        return await _import(params, new_account=True)


@workflow.defn(name=ACCOUNT_IMPORT_WORKFLOW)
class AccountImportWorkflow:
    @workflow.run
    async def run(self, params: CsvImportInput) -> CsvImportOutcome:
        return await _import(params, new_account=False)
