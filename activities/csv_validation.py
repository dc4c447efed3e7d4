"""The activities behind csvValidation: read the uploaded file and run ingest's whole check on it in the
worker, so that parsing a large file never holds up the API; then record the report on the check's job."""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity

from activities.column_mappings import user_mappings
from activities.heartbeat import heartbeating
from activities.uploads import UploadUnavailable, read_upload
from contracts.validation import (
    RECORD_CSV_VALIDATION,
    VALIDATE_CSV_FILE,
    CsvFileReport,
    CsvValidationInput,
    CsvValidationRecord,
)
from ingest.files.check import ignored_reasons, inspect_file
from ingest.files.mapping import MappingLookup
from ledger.infra.storage import Storage
from ledger.writes.jobs import record_validation, start_job
from vocabulary.column_mapping import ColumnMapping


class CsvValidationActivities:
    def __init__(self, sessions: sessionmaker[Session], storage: Storage) -> None:
        self._sessions = sessions
        self._storage = storage

    @activity.defn(name=VALIDATE_CSV_FILE)
    def validate_csv_file(self, params: CsvValidationInput) -> CsvFileReport:
        with self._sessions.begin() as session:
            start_job(session, params.job_id, resuming=activity.info().attempt > 1)
        with heartbeating():
            try:
                with read_upload(self._sessions, self._storage, params.user_id, params.file_url) as upload:
                    report = inspect_file(
                        upload.path,
                        upload.filename,
                        max_bytes=upload.max_bytes,
                        max_workbook_bytes=upload.max_workbook_bytes,
                        mappings=self._mappings(params),
                    )
            except UploadUnavailable as exc:
                return CsvFileReport(errors=[str(exc)])
        return CsvFileReport(
            errors=report.errors,
            format_id=report.format_id,
            format_name=report.format_name,
            import_type=None if report.import_type is None else int(report.import_type),
            number_transactions=report.transactions,
            number_ignored=len(report.ignored),
            number_for_review=report.for_review,
            ignored_reasons=ignored_reasons(report.ignored),
            header_signature=report.signature,
            headers=list(report.sample[0]),
            sample_rows=[list(row) for row in report.sample[1]],
            preview_rows=report.preview,
        )

    def _mappings(self, params: CsvValidationInput) -> MappingLookup:
        """The mapping the check was asked for, else the user's saved ones."""
        if params.mapping is None:
            return user_mappings(self._sessions, params.user_id)
        mapping = ColumnMapping.of(params.mapping)
        return lambda header: mapping

    @activity.defn(name=RECORD_CSV_VALIDATION)
    def record_csv_validation(self, record: CsvValidationRecord) -> None:
        with self._sessions.begin() as session:
            record_validation(session, record.job_id, record.report, failed=record.failed)
