"""A user's export of their own data (spec 001 names no operation for it): `exportMyData` starts a
UserDataExportWorkflow and answers its job id; `exportMyDataJobStatus`, polled, answers the job's state
and, once made, a download link to a zip of the user's tables (Parquet or CSV, docs/data/SCHEMA.md).
A job id that is not the user's answers UNKNOWN, as one that does not exist does."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.jobs import NewJob, start_work
from api.limits import MAX_ID_CHARS
from api.string_bounds import max_length
from contracts.data_export import USER_EXPORT_FORMATS, user_export, user_export_id
from vocabulary.enums import JobKind, JobStatus

NOT_STARTED = "The export could not be started. Try again in a moment."
BAD_FORMAT = "The export format must be PARQUET or CSV."
UNKNOWN_EXPORT = "This export could not be found."


@strawberry.type
class ExportMyDataResult:
    success: bool
    job_id: str | None
    error_message: str | None


@strawberry.type
class ExportMyDataJob:
    job_id: str
    status: str
    is_status_final: bool
    success: bool
    error_message: str | None
    url: str | None = strawberry.field(description="A download link to the zip, valid for an hour.")


@strawberry.type
class DataExportMutation:
    @strawberry.mutation(
        description="Export the signed-in user's own tables as a zip of Parquet or CSV files."
    )
    async def export_my_data(
        self, info: CairnInfo, format: Annotated[str, max_length(10)] = "PARQUET"
    ) -> ExportMyDataResult:
        context = info.context
        if format not in USER_EXPORT_FORMATS:
            return ExportMyDataResult(success=False, job_id=None, error_message=BAD_FORMAT)
        job_id = user_export_id(context.user.public_id)
        started = await start_work(
            context,
            user_export(job_id, context.user.id, format),
            job=NewJob(JobKind.DATA_EXPORT, None, NOT_STARTED),
        )
        if not started.ok:
            return ExportMyDataResult(success=False, job_id=None, error_message=NOT_STARTED)
        return ExportMyDataResult(success=True, job_id=started.job_id, error_message=None)


@strawberry.type
class DataExportQuery:
    @strawberry.field
    async def export_my_data_job_status(
        self, info: CairnInfo, job_id: Annotated[str, max_length(MAX_ID_CHARS)]
    ) -> ExportMyDataJob:
        job = await info.context.scope.jobs.job(job_id, JobKind.DATA_EXPORT)
        if job is None:
            return ExportMyDataJob(
                job_id=job_id,
                status=JobStatus.UNKNOWN.value,
                is_status_final=True,
                success=False,
                error_message=UNKNOWN_EXPORT,
                url=None,
            )
        key = (job.result or {}).get("key")
        return ExportMyDataJob(
            job_id=job.id,
            status=job.status.value,
            is_status_final=job.is_final,
            success=job.status is JobStatus.FINISHED,
            error_message=job.error_message,
            url=None if key is None else info.context.services.storage.presign_download(key),
        )
