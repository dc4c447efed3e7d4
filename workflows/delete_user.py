"""DeleteUserWorkflow: stop the user's work, delete their rows, take them out of the latest data export,
then delete their objects in S3 (last, so a file a stopped run wrote meanwhile goes too)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import WorkflowAlreadyStartedError

with workflow.unsafe.imports_passed_through():
    from contracts.data_export import DATA_EXPORT_ID, DATA_EXPORT_WORKFLOW, DataExportInput, DataExportSummary
    from contracts.search import run_attributes
    from contracts.timeouts import HEARTBEAT_TIMEOUT
    from contracts.user_deletion import (
        DELETE_USER_OBJECTS,
        DELETE_USER_ROWS,
        DELETE_USER_WORKFLOW,
        STOP_USER_WORK,
        USER_EXPORT_STATE,
        DeleteUserInput,
        ExportState,
    )

DELETE_TIMEOUT = timedelta(hours=6)
SHORT_TIMEOUT = timedelta(minutes=5)
DELETE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=5), maximum_interval=timedelta(minutes=5))
EXPORT_WAIT = timedelta(seconds=30)  # between looks at an export that is running


@workflow.defn(name=DELETE_USER_WORKFLOW)
class DeleteUserWorkflow:
    @workflow.run
    async def run(self, params: DeleteUserInput) -> int:
        """Answers how many rows and objects were deleted."""
        await workflow.execute_activity(
            STOP_USER_WORK, params, start_to_close_timeout=SHORT_TIMEOUT, retry_policy=DELETE_RETRY
        )
        rows: int = await workflow.execute_activity(
            DELETE_USER_ROWS,
            params,
            result_type=int,
            start_to_close_timeout=DELETE_TIMEOUT,
            heartbeat_timeout=HEARTBEAT_TIMEOUT,
            retry_policy=DELETE_RETRY,
        )
        await self._leave_the_export(params)
        objects: int = await workflow.execute_activity(
            DELETE_USER_OBJECTS,
            params,
            result_type=int,
            start_to_close_timeout=DELETE_TIMEOUT,
            heartbeat_timeout=HEARTBEAT_TIMEOUT,
            retry_policy=DELETE_RETRY,
        )
        return rows + objects

    async def _leave_the_export(self, params: DeleteUserInput) -> None:
        """The data teams' latest export must not name the user once their files are deleted: an export
        that runs may have read the user before the rows went, so it is waited out; while the latest one
        still holds the user, an export is made (the user's rows gone, it carries nothing of theirs)."""
        while True:
            state = await workflow.execute_activity(
                USER_EXPORT_STATE,
                params,
                result_type=ExportState,
                start_to_close_timeout=SHORT_TIMEOUT,
                retry_policy=DELETE_RETRY,
            )
            if state is ExportState.CLEAN:
                return
            if state is ExportState.NAMES_USER:
                try:
                    await workflow.execute_child_workflow(
                        DATA_EXPORT_WORKFLOW,
                        DataExportInput(),
                        id=DATA_EXPORT_ID,
                        result_type=DataExportSummary,
                        search_attributes=run_attributes(DATA_EXPORT_WORKFLOW, None, None),
                    )
                    continue
                except WorkflowAlreadyStartedError:
                    pass  # one was started meanwhile: wait for it
            await workflow.sleep(EXPORT_WAIT)
