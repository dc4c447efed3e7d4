"""Uploads: presigned POST policies for the browser, and the check of an uploaded file before import.

The check parses the whole file, which takes seconds for a large one, so it runs in the worker as
ValidateCsvWorkflow, whose job row holds the report: csvValidation starts it (or joins it; a check that
succeeded is read back, never run again) and answers at once, and the client polls
csvValidationJobStatus. The mutations that import a file read the same report.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Annotated

import strawberry

from api.context import CairnInfo, Context
from api.jobs import start_work
from api.limits import MAX_FILENAME_CHARS, MAX_ID_CHARS, MAX_SLUG_CHARS, MAX_URL_CHARS
from api.string_bounds import max_length
from contracts.ids import csv_mapping_validation_id, csv_validation_id
from contracts.starting import WorkflowStart
from contracts.validation import CsvFileReport, validation
from ledger.models import Job
from ledger.scope.catalog import integration_by_slug
from vocabulary.enums import JobKind, JobStatus
from vocabulary.errors import (
    VALIDATE_FIRST,
    VALIDATION_FAILED,
    AccountError,
    account_error_message,
    only_formats_allowed,
)

DEFAULT_FILE_FORMATS = [".csv", ".xls", ".xlsx"]  # spec 000 §9
FILENAME_REQUIRED = "A file name is required."
UNKNOWN_CHECK = "This check could not be found."


async def checked_upload(context: Context, file_url: str) -> CsvFileReport:
    """The worker's report on one of the user's uploads; a file not checked yet (or whose check has not
    ended or failed) answers an error asking for the check first."""
    report = await _finished_check(context, csv_validation_id(context.user.id, file_url))
    if report is None:
        return CsvFileReport(errors=[VALIDATE_FIRST])
    if report.format_id is None and report.header_signature is not None:
        # No format recognised it: the check with the mapping the user saved for its header, if any.
        mapping = await context.scope.column_mappings.mapping(report.header_signature)
        if mapping is not None:
            mapped = await _finished_check(
                context, csv_mapping_validation_id(context.user.id, file_url, mapping)
            )
            return CsvFileReport(errors=[VALIDATE_FIRST]) if mapped is None else mapped
    return report


async def _finished_check(context: Context, job_id: str) -> CsvFileReport | None:
    job = await context.scope.jobs.job(job_id, JobKind.CSV_VALIDATION)
    if job is None or job.status != JobStatus.FINISHED or job.result is None:
        return None
    return CsvFileReport(**job.result)


async def started_check(context: Context, start: WorkflowStart) -> CsvValidation:
    """The check `start` describes, started unless it already ran or runs."""
    jobs = context.scope.jobs
    if await jobs.claim_job(start.id, JobKind.CSV_VALIDATION):
        started = await start_work(context, start, undo=lambda: jobs.fail_job(start.id, VALIDATION_FAILED))
        if not started.ok:
            return CsvValidation.failed(VALIDATION_FAILED)
    job = await jobs.job(start.id, JobKind.CSV_VALIDATION)
    return CsvValidation.failed(VALIDATION_FAILED) if job is None else CsvValidation.of(job)


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
    job_id: str | None  # None when answered at once, without a check in the worker
    is_status_final: bool
    csv_validation_errors: list[str]
    format: str | None
    import_type: int | None  # of the detected format: 1, 2, 3 or 7
    number_total: int  # transactions plus ignored rows
    number_ignored: int
    number_for_review: int = strawberry.field(
        description="Transactions of a type the file's parser does not recognise: they import flagged "
        "for review"
    )
    ignored_reasons: list[str] = strawberry.field(
        description='Why rows will be ignored, one line per reason with its rows ("Rows 2, 5: the order is '
        'Pending, not completed")'
    )
    mappable_columns: list[str] = strawberry.field(
        default_factory=list,
        description="Of a file no format recognises: its header's columns (at most 100) to map to the "
        "generic fields (validateCsvMapping)",
    )
    sample_rows: list[list[str]] = strawberry.field(
        default_factory=list, description="Of a file no format recognises: its first rows, cells shortened"
    )
    preview_rows: list[list[str]] = strawberry.field(
        default_factory=list,
        description="Of a file read with a column mapping: its first rows as they would import, one line of "
        "Row, Date, Type, Received, Sent, Fee, ID, Notes, Problem each",
    )

    @classmethod
    def failed(cls, *errors: str, job_id: str | None = None) -> CsvValidation:
        return cls(
            job_id=job_id,
            is_status_final=True,
            csv_validation_errors=list(errors),
            format=None,
            import_type=None,
            number_total=0,
            number_ignored=0,
            number_for_review=0,
            ignored_reasons=[],
        )

    @classmethod
    def of(cls, job: Job) -> CsvValidation:
        if job.status == JobStatus.FAILED:
            return cls.failed(VALIDATION_FAILED, job_id=job.id)
        if not job.is_final or job.result is None:
            return cls(
                job_id=job.id,
                is_status_final=False,
                csv_validation_errors=[],
                format=None,
                import_type=None,
                number_total=0,
                number_ignored=0,
                number_for_review=0,
                ignored_reasons=[],
            )
        report = CsvFileReport(**job.result)
        return cls(
            job_id=job.id,
            is_status_final=True,
            csv_validation_errors=report.errors,
            format=report.format_name,
            import_type=report.import_type,
            number_total=report.number_transactions + report.number_ignored,
            number_ignored=report.number_ignored,
            number_for_review=report.number_for_review,
            ignored_reasons=report.ignored_reasons,
            mappable_columns=report.headers,
            sample_rows=report.sample_rows,
            preview_rows=report.preview_rows,
        )


@strawberry.type
class UploadsQuery:
    @strawberry.field(
        description="Starts (or joins) the worker's check of an upload; poll csvValidationJobStatus."
    )
    async def csv_validation(
        self,
        info: CairnInfo,
        csv_file_url: Annotated[str, max_length(MAX_URL_CHARS)],
        is_generic: bool,
        account_type_slug: Annotated[str, max_length(MAX_SLUG_CHARS)],
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
        return await started_check(context, validation(context.user.id, csv_file_url))

    @strawberry.field
    async def csv_validation_job_status(
        self, info: CairnInfo, job_id: Annotated[str, max_length(MAX_ID_CHARS)]
    ) -> CsvValidation:
        job = await info.context.scope.jobs.job(job_id, JobKind.CSV_VALIDATION)
        return CsvValidation.failed(UNKNOWN_CHECK, job_id=job_id) if job is None else CsvValidation.of(job)


@strawberry.type
class UploadsMutation:
    @strawberry.mutation
    def presign_file_upload(
        self, info: CairnInfo, filename: Annotated[str, max_length(MAX_FILENAME_CHARS)]
    ) -> PresignFileUploadResult:
        if not filename.strip():
            return PresignFileUploadResult(result=None, success=False, error=FILENAME_REQUIRED)
        post = info.context.services.storage.presign_upload(info.context.user.public_id, filename)
        fields = [UploadInfoField(key=key, value=value) for key, value in post.fields.items()]
        return PresignFileUploadResult(
            result=PresignedUpload(upload_info_fields=fields, post_url=post.url, file_url=post.file_url),
            success=True,
            error=None,
        )
