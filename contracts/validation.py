"""ValidateCsvWorkflow: the worker's check of one uploaded file (csvValidation). Its job row, whose id is
the workflow id, holds the report, which the API serves while the client polls."""

from __future__ import annotations

from dataclasses import dataclass, field

from contracts.ids import csv_validation_id
from contracts.starting import WorkflowStart

VALIDATE_CSV_WORKFLOW = "ValidateCsvWorkflow"

# Activities
VALIDATE_CSV_FILE = "validate_csv_file"
RECORD_CSV_VALIDATION = "record_csv_validation"


@dataclass(frozen=True)
class CsvValidationInput:
    user_id: int
    file_url: str

    @property
    def job_id(self) -> str:
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


@dataclass(frozen=True)
class CsvValidationRecord:
    job_id: str
    report: CsvFileReport
    failed: bool = False  # the check itself failed (the report says why), not the file


def validation(user_id: int, file_url: str) -> WorkflowStart:
    check = CsvValidationInput(user_id, file_url)
    return WorkflowStart(VALIDATE_CSV_WORKFLOW, check, check.job_id, join_running=True)
