"""CsvImportWorkflow: import one uploaded file into the account just created for it (a custom wallet, or
an exchange fed by files); AccountImportWorkflow: import one into an account the user already has, as
the import type they chose. Both then match transfers between the user's accounts, record the job's
outcome, and ask for the user's cost basis to be computed again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.csv_import import CsvImportActivities, FinishImportInput, ImportCsvInput, ImportCsvResult
    from activities.transfers import TransferActivities
    from vocabulary.enums import QueuePriority

IMPORT_TIMEOUT = timedelta(hours=2)
IMPORT_HEARTBEAT = timedelta(minutes=2)
IMPORT_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), maximum_attempts=5)
MATCH_TIMEOUT = timedelta(minutes=30)
MATCH_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), maximum_attempts=5)
SHORT_TIMEOUT = timedelta(minutes=1)
ENQUEUE_COST_BASIS = "enqueue_cost_basis"  # the cost-basis activity, called by name


def workflow_id(job_uuid: str) -> str:
    return f"csv-import/{job_uuid}"


def account_import_workflow_id(job_uuid: str) -> str:
    return f"account-import/{job_uuid}"


@dataclass(frozen=True)
class CsvImportInput:
    job_id: str
    account_id: int
    user_id: int
    file_url: str


@dataclass(frozen=True)
class AccountImportInput:
    job_id: str
    account_id: int
    user_id: int
    file_url: str
    import_type: int


@dataclass(frozen=True)
class CsvImportOutcome:
    success: bool
    result: ImportCsvResult | None
    error_message: str | None


async def _import(params: ImportCsvInput) -> CsvImportOutcome:
    try:
        result = await workflow.execute_activity_method(
            CsvImportActivities.validate_and_import_csv,
            params,
            start_to_close_timeout=IMPORT_TIMEOUT,
            heartbeat_timeout=IMPORT_HEARTBEAT,
            retry_policy=IMPORT_RETRY,
        )
    except ActivityError as failure:
        # A bad file's message is the user's to read; other failures get the generic text.
        cause = failure.cause
        reason = cause.message if isinstance(cause, ApplicationError) and cause.non_retryable else None
        await workflow.execute_activity_method(
            CsvImportActivities.finish_import,
            FinishImportInput(params.job_id, params.account_id, None, reason),
            start_to_close_timeout=SHORT_TIMEOUT,
        )
        return CsvImportOutcome(success=False, result=None, error_message=reason)
    try:
        await workflow.execute_activity_method(
            TransferActivities.match_transfers_for_user,
            params.user_id,
            start_to_close_timeout=MATCH_TIMEOUT,
            heartbeat_timeout=IMPORT_HEARTBEAT,
            retry_policy=MATCH_RETRY,
        )
    finally:  # the transactions are in: the job has succeeded whatever matching does
        await workflow.execute_activity_method(
            CsvImportActivities.finish_import,
            FinishImportInput(params.job_id, params.account_id, result),
            start_to_close_timeout=SHORT_TIMEOUT,
        )
    await workflow.execute_activity(
        ENQUEUE_COST_BASIS,
        args=[params.user_id, QueuePriority.HIGH.value],
        start_to_close_timeout=SHORT_TIMEOUT,
    )
    return CsvImportOutcome(success=True, result=result, error_message=None)


@workflow.defn
class CsvImportWorkflow:
    @workflow.run
    async def run(self, params: CsvImportInput) -> CsvImportOutcome:
        return await _import(
            ImportCsvInput(params.job_id, params.user_id, params.account_id, params.file_url)
        )


@workflow.defn
class AccountImportWorkflow:
    @workflow.run
    async def run(self, params: AccountImportInput) -> CsvImportOutcome:
        return await _import(
            ImportCsvInput(
                params.job_id, params.user_id, params.account_id, params.file_url, params.import_type
            )
        )
