"""Column mappings of uploads no format recognises (ingest.files.mapping).

validateCsvMapping checks the file read with a mapping in the worker, as csvValidation checks it read by
its format (the client polls csvValidationJobStatus, whose previewRows show the first rows as they
would import); saveCsvMapping remembers a mapping whose check passed for the file's header, so the
import mutations, and every later check of a file with that header, read it with the mapping.
"""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import CairnInfo, Context
from api.limits import MAX_URL_CHARS
from api.schema.uploads import CsvValidation, started_check
from api.string_bounds import max_length
from contracts.ids import csv_mapping_validation_id, csv_validation_id
from contracts.validation import CsvFileReport, validation
from vocabulary.column_mapping import ColumnMapping, DateFormat, DecimalSeparator, mapping_problems
from vocabulary.enums import JobKind, JobStatus
from vocabulary.errors import VALIDATE_FIRST, AccountError, account_error_message

NO_MAPPING_NEEDED = "This file's format is recognised: it needs no column mapping."
PREVIEW_FIRST = "Preview the file with this column mapping before importing it."

MappingDateFormat = strawberry.enum(DateFormat, name="MappingDateFormat")
MappingDecimalSeparator = strawberry.enum(
    DecimalSeparator,
    name="MappingDecimalSeparator",
    description="How the file writes its quantities' decimals: AUTOMATIC reads the mark its quantities show",
)


@strawberry.input(description="Which column (0-based position in mappableColumns) holds each generic field")
class ColumnMappingInput:
    date: int
    date_format: MappingDateFormat = DateFormat.DETECT  # type: ignore[valid-type]
    received_quantity: int | None = None
    received_currency: int | None = None
    sent_quantity: int | None = None
    sent_currency: int | None = None
    fee_quantity: int | None = None
    fee_currency: int | None = None
    type: int | None = None
    id: int | None = None
    notes: int | None = None
    signed_quantity: int | None = strawberry.field(
        default=None,
        description="One column for both sides, instead of the received and sent quantities: positive "
        "received, negative sent, zero moves nothing",
    )
    signed_currency: int | None = None
    decimal_separator: MappingDecimalSeparator = DecimalSeparator.AUTOMATIC  # type: ignore[valid-type]

    def mapping(self) -> ColumnMapping:
        return ColumnMapping(
            date=self.date,
            date_format=DateFormat(self.date_format),
            received_quantity=self.received_quantity,
            received_currency=self.received_currency,
            sent_quantity=self.sent_quantity,
            sent_currency=self.sent_currency,
            fee_quantity=self.fee_quantity,
            fee_currency=self.fee_currency,
            type=self.type,
            id=self.id,
            notes=self.notes,
            signed_quantity=self.signed_quantity,
            signed_currency=self.signed_currency,
            decimal_separator=DecimalSeparator(self.decimal_separator),
        )


@strawberry.type
class SaveCsvMappingResult:
    success: bool
    error: str | None


async def _unrecognised(context: Context, file_url: str) -> CsvFileReport | str:
    """The check of the user's upload when no format recognised it, else the error that answers."""
    if context.services.storage.key_of(file_url, context.user.public_id) is None:
        return account_error_message(AccountError.INVALID_FILE_URL)
    job = await context.scope.jobs.job(csv_validation_id(context.user.id, file_url), JobKind.CSV_VALIDATION)
    if job is None or job.status != JobStatus.FINISHED or job.result is None:
        return VALIDATE_FIRST
    report = CsvFileReport(**job.result)
    return NO_MAPPING_NEEDED if report.header_signature is None else report


@strawberry.type
class ColumnMappingsMutation:
    @strawberry.mutation(
        description="Starts (or joins) the worker's check of an upload no format recognises, read with "
        "the column mapping; poll csvValidationJobStatus"
    )
    async def validate_csv_mapping(
        self,
        info: CairnInfo,
        csv_file_url: Annotated[str, max_length(MAX_URL_CHARS)],
        mapping: ColumnMappingInput,
    ) -> CsvValidation:
        context = info.context
        report = await _unrecognised(context, csv_file_url)
        if isinstance(report, str):
            return CsvValidation.failed(report)
        columns = mapping.mapping()
        problems = mapping_problems(columns, report.headers)
        if problems:
            return CsvValidation.failed(*problems)
        return await started_check(context, validation(context.user.id, csv_file_url, columns.as_dict()))

    @strawberry.mutation(
        description="Remembers the column mapping for files with this upload's header, once its "
        "validateCsvMapping check has passed; the import mutations then read the upload with it"
    )
    async def save_csv_mapping(
        self,
        info: CairnInfo,
        csv_file_url: Annotated[str, max_length(MAX_URL_CHARS)],
        mapping: ColumnMappingInput,
    ) -> SaveCsvMappingResult:
        context = info.context
        report = await _unrecognised(context, csv_file_url)
        if isinstance(report, str):
            return SaveCsvMappingResult(success=False, error=report)
        assert report.header_signature is not None  # by _unrecognised
        columns = mapping.mapping().as_dict()
        check_id = csv_mapping_validation_id(context.user.id, csv_file_url, columns)
        job = await context.scope.jobs.job(check_id, JobKind.CSV_VALIDATION)
        if job is None or job.status != JobStatus.FINISHED or job.result is None:
            return SaveCsvMappingResult(success=False, error=PREVIEW_FIRST)
        errors = CsvFileReport(**job.result).errors
        if errors:
            return SaveCsvMappingResult(success=False, error="\n".join(errors))
        await context.scope.column_mappings.save(report.header_signature, columns)
        await context.session.commit()
        return SaveCsvMappingResult(success=True, error=None)
