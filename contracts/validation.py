"""ValidateCsvWorkflow: the worker's check of one uploaded file (csvValidation). Its job row, whose id is
the workflow id, holds the report, which the API serves while the client polls."""

from __future__ import annotations

from dataclasses import dataclass, field

from contracts.ids import csv_mapping_validation_id, csv_validation_id
from contracts.starting import WorkflowStart

VALIDATE_CSV_WORKFLOW = "ValidateCsvWorkflow"

# Activities
VALIDATE_CSV_FILE = "validate_csv_file"
RECORD_CSV_VALIDATION = "record_csv_validation"


@dataclass(frozen=True)
class CsvValidationInput:
    user_id: int
    file_url: str
    # A column mapping (ingest.files.mapping.ColumnMapping.as_dict) to read the file with; None: the
    # built-in formats, then the user's saved mappings.
    mapping: dict[str, int | str | None] | None = None

    @property
    def job_id(self) -> str:
        if self.mapping is not None:
            return csv_mapping_validation_id(self.user_id, self.file_url, self.mapping)
        return csv_validation_id(self.user_id, self.file_url)


@dataclass(frozen=True)
class CsvFileReport:
    """What importing the file would do; `errors` lists everything that stops it, one line each."""

    errors: list[str] = field(default_factory=list)
    format_id: str | None = None
    format_name: str | None = None
    import_type: int | None = None  # of the detected format
    number_transactions: int = 0
    number_ignored: int = 0
    number_for_review: int = 0  # transactions of a type the parser did not recognise, imported for review
    ignored_reasons: list[str] = field(default_factory=list)  # why rows are ignored, one line per reason
    # Of a file no format recognises, to map its columns from: its header's signature, and its header
    # and first rows, bounded (ingest.files.mapping.sample).
    header_signature: str | None = None
    headers: list[str] = field(default_factory=list)
    sample_rows: list[list[str]] = field(default_factory=list)
    preview_rows: list[list[str]] = field(default_factory=list)  # of a mapped file (mapping.PREVIEW_COLUMNS)


@dataclass(frozen=True)
class CsvValidationRecord:
    job_id: str
    report: CsvFileReport
    failed: bool = False  # the check itself failed (the report says why), not the file


def validation(
    user_id: int, file_url: str, mapping: dict[str, int | str | None] | None = None
) -> WorkflowStart:
    check = CsvValidationInput(user_id, file_url, mapping)
    return WorkflowStart(VALIDATE_CSV_WORKFLOW, check, check.job_id, join_running=True)
