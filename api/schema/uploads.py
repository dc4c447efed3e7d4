"""Uploads: presigned POST policies for the browser, and validating an uploaded file before import."""

from __future__ import annotations

import asyncio
from pathlib import PurePosixPath

import strawberry

from api.context import CairnInfo
from ingest.files.check import inspect_file
from ledger.catalog import integration_by_slug
from ledger.errors import AccountError, account_error_message, only_formats_allowed
from ledger.storage import StoredFileMissing, StoredFileTooLarge

DEFAULT_FILE_FORMATS = [".csv", ".xls", ".xlsx"]  # spec 000 §9
FILENAME_REQUIRED = "A file name is required."


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
    number_total: int  # transactions plus ignored rows
    number_ignored: int

    @classmethod
    def failed(cls, *errors: str) -> CsvValidation:
        return cls(csv_validation_errors=list(errors), format=None, number_total=0, number_ignored=0)


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
        filename = PurePosixPath(key).name
        formats = DEFAULT_FILE_FORMATS if is_generic else list(integration.supported_file_formats)
        if PurePosixPath(filename).suffix.lower() not in formats:
            return CsvValidation.failed(only_formats_allowed(formats))
        try:
            data = await asyncio.to_thread(storage.read, key)
        except StoredFileMissing:
            return CsvValidation.failed(account_error_message(AccountError.INVALID_FILE_URL))
        except StoredFileTooLarge as too_large:
            return CsvValidation.failed(str(too_large))
        report = await asyncio.to_thread(inspect_file, data, filename)
        return CsvValidation(
            csv_validation_errors=report.errors,
            format=report.format_name,
            number_total=report.transactions + len(report.ignored),
            number_ignored=len(report.ignored),
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
