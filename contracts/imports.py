"""CSV imports: CsvImportWorkflow fills the account just created for a file (and removes it when the import
fails), AccountImportWorkflow imports a file into an account the user has; both take one `CsvImportInput`
and hand it to the import activity.
`ImportCounts` is the one shape of an import's counts, from the bulk writer to the job row."""

from __future__ import annotations

from dataclasses import dataclass

from contracts.starting import WorkflowStart

CSV_IMPORT_WORKFLOW = "CsvImportWorkflow"
ACCOUNT_IMPORT_WORKFLOW = "AccountImportWorkflow"

# Activities
IMPORT_FILE = "import_csv_file"
FINISH_IMPORT = "finish_import"


@dataclass(frozen=True)
class CsvImportInput:
    job_id: str
    account_id: int
    user_id: int
    file_url: str
    import_type: int | None = None  # into an account the user has: the import type the file must be


@dataclass(frozen=True)
class ImportCounts:
    number_total: int  # transactions in the file plus rows it ignored
    number_imported: int  # transactions new to the account
    number_ignored: int
    number_skipped: int  # transactions the account already had (or the file repeated)
    number_user_defined_tokens: int  # the user's own tokens among the new transactions' assets
    # new transactions of a type the parser did not recognise, imported for review
    number_for_review: int = 0
    # new transactions dated in a frozen tax year, held for review and not applied (counted here only,
    # whatever their type)
    number_held_frozen: int = 0


@dataclass(frozen=True)
class FinishImportInput:
    job_id: str
    account_id: int
    counts: ImportCounts | None  # None: the import failed
    error_message: str | None = None
    discard_empty_account: bool = False  # the account was created for this import: a failure removes it


@dataclass(frozen=True)
class CsvImportOutcome:
    success: bool
    result: ImportCounts | None
    error_message: str | None


def new_account_import(params: CsvImportInput) -> WorkflowStart:
    return WorkflowStart(CSV_IMPORT_WORKFLOW, params, params.job_id)


def account_import(params: CsvImportInput) -> WorkflowStart:
    return WorkflowStart(ACCOUNT_IMPORT_WORKFLOW, params, params.job_id)
