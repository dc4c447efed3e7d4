"""ValidateCsvWorkflow: check an uploaded file in the worker and answer its report (csvValidation).

Its id is derived from the user and the file, so asking again while the check runs joins it, and
asking again after it succeeded reads its result instead of parsing the file once more."""

from __future__ import annotations

import hashlib
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from activities.csv_validation import CsvFileReport, CsvValidationActivities, ValidateCsvInput

VALIDATE_TIMEOUT = timedelta(minutes=30)
VALIDATE_HEARTBEAT = timedelta(minutes=2)
VALIDATE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_attempts=3)


def workflow_id(user_id: int, file_url: str) -> str:
    digest = hashlib.sha256(f"{user_id}\n{file_url}".encode()).hexdigest()
    return f"csv-validate/{digest}"


@workflow.defn
class ValidateCsvWorkflow:
    @workflow.run
    async def run(self, params: ValidateCsvInput) -> CsvFileReport:
        return await workflow.execute_activity_method(
            CsvValidationActivities.validate_csv_file,
            params,
            start_to_close_timeout=VALIDATE_TIMEOUT,
            heartbeat_timeout=VALIDATE_HEARTBEAT,
            retry_policy=VALIDATE_RETRY,
        )
