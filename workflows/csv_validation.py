"""ValidateCsvWorkflow: check an uploaded file in the worker and record the report on its job row, which
csvValidationJobStatus serves; a check that fails for good records why, so the job always ends."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY
    from contracts.validation import (
        RECORD_CSV_VALIDATION,
        VALIDATE_CSV_FILE,
        VALIDATE_CSV_WORKFLOW,
        CsvFileReport,
        CsvValidationInput,
        CsvValidationRecord,
    )
    from vocabulary.errors import VALIDATION_FAILED

VALIDATE_TIMEOUT = timedelta(minutes=30)
RECORD_TIMEOUT = timedelta(minutes=1)


@workflow.defn(name=VALIDATE_CSV_WORKFLOW)
class ValidateCsvWorkflow:
    @workflow.run
    async def run(self, params: CsvValidationInput) -> CsvFileReport:
        failed = False
        try:
            report = await workflow.execute_activity(
                VALIDATE_CSV_FILE,
                params,
                result_type=CsvFileReport,
                start_to_close_timeout=VALIDATE_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
        except ActivityError:
            report, failed = CsvFileReport(errors=[VALIDATION_FAILED]), True
        await workflow.execute_activity(
            RECORD_CSV_VALIDATION,
            CsvValidationRecord(params.job_id, report, failed),
            start_to_close_timeout=RECORD_TIMEOUT,
        )
        return report
