"""Uploads: presigned POST policies for the browser, and validating an uploaded file before import.

Validation parses the whole file, which takes seconds for a large one, so it runs in the worker as
ValidateCsvWorkflow; the API waits for its report without doing the work.
"""

from __future__ import annotations

from pathlib import PurePosixPath

import strawberry
from temporalio.client import WorkflowFailureError
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from api.context import CairnInfo, Context
from ledger.scope.catalog import integration_by_slug
from vocabulary.errors import AccountError, account_error_message, only_formats_allowed
from workflows.csv_validation import CsvFileReport, ValidateCsvInput, ValidateCsvWorkflow
from workflows.csv_validation import workflow_id as validation_workflow_id

DEFAULT_FILE_FORMATS = [".csv", ".xls", ".xlsx"]  # spec 000 §9
FILENAME_REQUIRED = "A file name is required."
VALIDATION_FAILED = "There was an issue while trying to validate the file's format."  # spec 000 §8


async def check_upload(context: Context, file_url: str) -> CsvFileReport:
    """The worker's report on one of the user's uploads. A check of the same file that is running is
    joined, and one that succeeded is read back rather than run again."""
    try:
        client = await context.services.temporal()
        workflow_id = validation_workflow_id(context.user.id, file_url)
        try:
            handle = await client.start_workflow(
                ValidateCsvWorkflow.run,
                ValidateCsvInput(user_id=context.user.id, file_url=file_url),
                id=workflow_id,
                task_queue=context.services.settings.task_queue,
                id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
                id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            )
        except WorkflowAlreadyStartedError:
            handle = client.get_workflow_handle_for(ValidateCsvWorkflow.run, workflow_id)
        return await handle.result()
    except (RPCError, RuntimeError, WorkflowFailureError):
        return CsvFileReport(errors=[VALIDATION_FAILED])


@strawberry.type
class UploadInfoField:
    key: str
    value: str


@strawberry.type
class PresignedUpload:
    upload_info_fields: list[UploadInfoField]
    post_url: str
    file_url: str


@strawberry.type
class PresignFileUploadResult:
    result: PresignedUpload | None
    success: bool
    error: str | None


@strawberry.type
class CsvValidation:
    csv_validation_errors: list[str]
    format: str | None
    import_type: int | None  # of the detected format: 1, 2, 3 or 7
    number_total: int  # transactions plus ignored rows
    number_ignored: int

    @classmethod
    def failed(cls, *errors: str) -> CsvValidation:
        return cls(
            csv_validation_errors=list(errors),
            format=None,
            import_type=None,
            number_total=0,
            number_ignored=0,
        )


@strawberry.type
class UploadsQuery:
    @strawberry.field
    async def csv_validation(
        self, info: CairnInfo, csv_file_url: str, is_generic: bool, account_type_slug: str
    ) -> CsvValidation:
        context = info.context
        storage = context.services.storage
        integration = await integration_by_slug(context.session, account_type_slug)
        if integration is None:
            return CsvValidation.failed(account_error_message(AccountError.ACCOUNT_TYPE_SLUG_NOT_FOUND))
        key = storage.key_of(csv_file_url, context.user.public_id)
        if key is None:
            return CsvValidation.failed(account_error_message(AccountError.INVALID_FILE_URL))
        formats = DEFAULT_FILE_FORMATS if is_generic else list(integration.supported_file_formats)
        if PurePosixPath(key).suffix.lower() not in formats:
            return CsvValidation.failed(only_formats_allowed(formats))
        report = await check_upload(context, csv_file_url)
        return CsvValidation(
            csv_validation_errors=report.errors,
            format=report.format_name,
            import_type=report.import_type,
            number_total=report.number_transactions + report.number_ignored,
            number_ignored=report.number_ignored,
        )


@strawberry.type
class UploadsMutation:
    @strawberry.mutation
    def presign_file_upload(self, info: CairnInfo, filename: str) -> PresignFileUploadResult:
        if not filename.strip():
            return PresignFileUploadResult(result=None, success=False, error=FILENAME_REQUIRED)
        post = info.context.services.storage.presign_upload(info.context.user.public_id, filename)
        fields = [UploadInfoField(key=key, value=value) for key, value in post.fields.items()]
        return PresignFileUploadResult(
            result=PresignedUpload(upload_info_fields=fields, post_url=post.url, file_url=post.file_url),
            success=True,
            error=None,
        )
