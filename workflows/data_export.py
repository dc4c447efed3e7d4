"""DataExportWorkflow (everyone's results as Parquet, on demand and nightly) and UserDataExportWorkflow
(one user's own tables as a zip, a polled job): each is one activity (activities.data_export); a user's
export that fails is recorded on its job row."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from contracts.data_export import (
        DATA_EXPORT_WORKFLOW,
        EXPORT_DATA,
        MAKE_USER_EXPORT,
        RECORD_USER_EXPORT_FAILURE,
        USER_DATA_EXPORT_WORKFLOW,
        DataExportInput,
        DataExportSummary,
        UserExportFailure,
        UserExportInput,
    )
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY

EXPORT_TIMEOUT = timedelta(hours=2)
SHORT_TIMEOUT = timedelta(minutes=1)


@workflow.defn(name=DATA_EXPORT_WORKFLOW)
class DataExportWorkflow:
    @workflow.run
    async def run(self, given: DataExportInput) -> DataExportSummary:
        return await workflow.execute_activity(
            EXPORT_DATA,
            given,
            result_type=DataExportSummary,
            start_to_close_timeout=EXPORT_TIMEOUT,
            heartbeat_timeout=HEARTBEAT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )


@workflow.defn(name=USER_DATA_EXPORT_WORKFLOW)
class UserDataExportWorkflow:
    @workflow.run
    async def run(self, given: UserExportInput) -> None:
        try:
            await workflow.execute_activity(
                MAKE_USER_EXPORT,
                given,
                start_to_close_timeout=EXPORT_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
        except ActivityError as failure:
            cause = failure.cause
            reason = cause.message if isinstance(cause, ApplicationError) else str(cause or failure)
            await workflow.execute_activity(
                RECORD_USER_EXPORT_FAILURE,
                UserExportFailure(given.job_id, reason),
                start_to_close_timeout=SHORT_TIMEOUT,
                retry_policy=OUTAGE_RETRY,
            )
            raise ApplicationError(f"export {given.job_id} failed: {reason}", non_retryable=True) from failure
