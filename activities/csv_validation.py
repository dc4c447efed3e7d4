"""The activity behind csvValidation: read the uploaded file and run ingest's whole check on it in the
worker, so that parsing a large file never holds up the API."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity

from activities.heartbeat import heartbeating
from activities.uploads import UploadUnavailable, read_upload
from ingest.files.check import inspect_file
from ledger.import_types import import_type_of
from ledger.infra.storage import Storage


@dataclass(frozen=True)
class ValidateCsvInput:
    user_id: int
    file_url: str


@dataclass(frozen=True)
class CsvFileReport:
    """What importing the file would do; `errors` lists everything that stops it, one line each."""

    errors: list[str] = field(default_factory=list)
    format_id: str | None = None
    format_name: str | None = None
    import_type: int | None = None  # of the detected format (ledger.import_types)
    number_transactions: int = 0
    number_ignored: int = 0


class CsvValidationActivities:
    def __init__(self, sessions: sessionmaker[Session], storage: Storage) -> None:
        self._sessions = sessions
        self._storage = storage

    @activity.defn
    def validate_csv_file(self, params: ValidateCsvInput) -> CsvFileReport:
        with heartbeating():
            try:
                upload = read_upload(self._sessions, self._storage, params.user_id, params.file_url)
            except UploadUnavailable as exc:
                return CsvFileReport(errors=[str(exc)])
            report = inspect_file(upload.data, upload.filename)
        return CsvFileReport(
            errors=report.errors,
            format_id=report.format_id,
            format_name=report.format_name,
            import_type=None if report.format_id is None else int(import_type_of(report.format_id)),
            number_transactions=report.transactions,
            number_ignored=len(report.ignored),
        )
