"""CsvImportWorkflow: import one uploaded file into one custom wallet, then record the outcome."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.csv_import import CsvImportActivities, FinishImportInput, ImportCsvInput, ImportCsvResult

IMPORT_TIMEOUT = timedelta(hours=2)
IMPORT_HEARTBEAT = timedelta(minutes=2)
IMPORT_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), maximum_attempts=5)
FINISH_TIMEOUT = timedelta(minutes=1)


def workflow_id(job_uuid: str) -> str:
    return f"csv-import/{job_uuid}"


@dataclass(frozen=True)
class CsvImportInput:
    job_id: str
    account_id: int
    user_id: int
    file_url: str


@dataclass(frozen=True)
class CsvImportOutcome:
    success: bool
    result: ImportCsvResult | None
    error_message: str | None


@workflow.defn
class CsvImportWorkflow:
    @workflow.run
    async def run(self, params: CsvImportInput) -> CsvImportOutcome:
        try:
            result = await workflow.execute_activity_method(
                CsvImportActivities.validate_and_import_csv,
                ImportCsvInput(params.job_id, params.user_id, params.account_id, params.file_url),
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
                start_to_close_timeout=FINISH_TIMEOUT,
            )
            return CsvImportOutcome(success=False, result=None, error_message=reason)
        await workflow.execute_activity_method(
            CsvImportActivities.finish_import,
            FinishImportInput(params.job_id, params.account_id, result),
            start_to_close_timeout=FINISH_TIMEOUT,
        )
        return CsvImportOutcome(success=True, result=result, error_message=None)
