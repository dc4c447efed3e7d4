"""Activities of a CSV import: read the uploaded file, parse it once while its transactions stream into
the account in one database transaction, and record the job's outcome.

Parsing runs in a helper thread, batch by batch, while the previous batch is written, so the parser
and PostgreSQL work at the same time; memory holds a few batches, never the whole file's transactions.
A bad file raises a non-retryable ApplicationError whose message is what the user reads, and its
database transaction rolls back, so nothing of it stays; anything else (a database or storage hiccup)
is retried, and a retry after a committed import answers that import's counts instead of importing
again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.column_mappings import user_mappings
from activities.heartbeat import heartbeating
from activities.prefetch import prefetched
from activities.uploads import read_upload
from contracts.imports import FINISH_IMPORT, IMPORT_FILE, CsvImportInput, FinishImportInput, ImportCounts
from ingest.files.check import NO_DATA_ROWS, open_file, parse_columns
from ingest.files.model import (
    ColumnarFile,
    FileFormat,
    Ignored,
    IgnoredRows,
    ParsedTransaction,
    ParseItem,
    Sheet,
)
from ledger.infra.storage import Storage
from ledger.writes.bulk_import import (
    AccountImport,
    AccountUnavailable,
    EncodedBatch,
    ImportSource,
    encode_batch,
    encode_columns,
    previous_import,
)
from ledger.writes.jobs import finish_import_job, record_progress, start_job
from vocabulary.enums import IMPORT_TYPE_NAMES, ImportType
from vocabulary.errors import CSV_IMPORT_FAILED, AccountError, account_error_message, wrong_import_type
from vocabulary.fiat import FIAT_CODES

BATCH_SIZE = 20_000  # transactions per COPY and merge; the job's progress is written after each
RECOGNISED_PROGRESS = 5  # percent once the file is read and its format recognised
WRITTEN_PROGRESS = 95  # percent once every transaction is written; the counts take the rest
log = logging.getLogger(__name__)
INVALID_FILE = "InvalidFile"  # ApplicationError type of every problem the user must fix


def invalid_file(message: str) -> ApplicationError:
    return ApplicationError(message, type=INVALID_FILE, non_retryable=True)


def line_count(sheet: Sheet) -> int:
    """About how many rows the file has: line breaks after the header of a CSV, rows of a workbook."""
    if sheet.source is not None:
        return sheet.source.spool.count(b"\n", sheet.source.data_start)
    return sum(1 for _ in sheet.rows())


@dataclass
class _ParsedFile:
    """The file's transactions in encoded batches, with the rows it ignored; the first row error stops
    it. Parsing and encoding run in the prefetching thread."""

    items: Iterable[ParseItem]
    ignored: IgnoredRows = field(default_factory=IgnoredRows)
    last_row: int = 0

    def batches(self, size: int) -> Iterator[EncodedBatch]:
        batch: list[ParsedTransaction] = []
        try:
            for item in self.items:
                if isinstance(item, ParsedTransaction):
                    batch.append(item)
                    self.last_row = item.row
                    if len(batch) >= size:
                        yield encode_batch(batch)
                        batch = []
                elif isinstance(item, Ignored):
                    self.ignored.append(item)
                else:
                    raise invalid_file(str(item))
        except ValueError as exc:  # an unreadable row deep in the file: the user's to fix
            raise invalid_file(str(exc)) from None
        if batch:
            yield encode_batch(batch)


@dataclass
class _ColumnarFile:
    """The same for a file its format read a column at a time; encoding runs in the prefetching thread."""

    parsed: ColumnarFile
    last_row: int = 0

    @property
    def ignored(self) -> IgnoredRows:
        return self.parsed.ignored

    def batches(self, size: int) -> Iterator[EncodedBatch]:
        for batch in self.parsed.batches(size):
            try:
                encoded = encode_columns(batch.transactions, batch.flows)
            except ValueError as exc:
                raise invalid_file(str(exc)) from None
            self.last_row = int(batch.transactions["row"][-1])
            yield encoded


def encoded_file(sheet: Sheet, fmt: FileFormat) -> _ParsedFile | _ColumnarFile:
    """The file's transactions to import, a column at a time when its format and the file allow."""
    columnar = parse_columns(sheet, fmt)
    return _ParsedFile(fmt.parse(sheet)) if columnar is None else _ColumnarFile(columnar)


def _record_import(counts: ImportCounts, seconds: float) -> None:
    """Logs the import and adds it to the worker's metrics: rows/s is the rate of cairn_import_rows."""
    log.info("Imported %d rows in %.3f s", counts.number_total, seconds)
    meter = activity.metric_meter()
    meter.create_counter("cairn_import_rows", "Rows of imported files, read and written", "rows").add(
        counts.number_total
    )
    meter.create_histogram_float("cairn_import_seconds", "Time to import one file", "s").record(seconds)


class CsvImportActivities:
    def __init__(self, sessions: sessionmaker[Session], storage: Storage) -> None:
        self._sessions = sessions
        self._storage = storage

    def _progress(self, job_id: str, percent: int) -> None:
        with self._sessions.begin() as session:
            record_progress(session, job_id, percent)

    @activity.defn(name=IMPORT_FILE)
    def import_csv_file(self, params: CsvImportInput) -> ImportCounts:
        with heartbeating():
            return self._import(params)

    def _import(self, params: CsvImportInput) -> ImportCounts:
        started = time.monotonic()
        with self._sessions.begin() as session:
            done = previous_import(session, params.job_id)
            if done is not None:
                return done
            start_job(session, params.job_id, resuming=activity.info().attempt > 1)
        try:
            with read_upload(self._sessions, self._storage, params.user_id, params.file_url) as upload:
                sheet, fmt = open_file(
                    upload.path,
                    upload.filename,
                    max_bytes=upload.max_bytes,
                    max_workbook_bytes=upload.max_workbook_bytes,
                    mappings=user_mappings(self._sessions, params.user_id),
                )
        except (
            ValueError
        ) as exc:  # unavailable (UploadUnavailable), unreadable or unrecognised: the user's to fix
            raise invalid_file(str(exc)) from None
        import_type = fmt.import_type
        if params.import_type is not None and params.import_type != import_type:
            raise invalid_file(
                wrong_import_type(
                    fmt.name,
                    IMPORT_TYPE_NAMES[import_type],
                    IMPORT_TYPE_NAMES[ImportType(params.import_type)],
                )
            )
        rows = max(line_count(sheet), 1)
        self._progress(params.job_id, RECOGNISED_PROGRESS)
        parsed = encoded_file(sheet, fmt)
        source = ImportSource(params.job_id, upload.key, fmt.id, fmt.name, import_type)
        try:
            with self._sessions.begin() as session:
                writer = AccountImport(
                    session,
                    user_id=params.user_id,
                    account_id=params.account_id,
                    source=source,
                    fiat_symbols=FIAT_CODES,
                )
                for batch in prefetched(parsed.batches(BATCH_SIZE)):
                    writer.write(batch)
                    share = min(parsed.last_row / rows, 1)
                    self._progress(
                        params.job_id,
                        RECOGNISED_PROGRESS + int((WRITTEN_PROGRESS - RECOGNISED_PROGRESS) * share),
                    )
                if writer.staged == 0 and not parsed.ignored:  # every row ignored: a success of none
                    raise invalid_file(NO_DATA_ROWS)
                counts = writer.finish(number_ignored=len(parsed.ignored))
        except AccountUnavailable:
            raise invalid_file(account_error_message(AccountError.ACCOUNT_NOT_FOUND)) from None
        _record_import(counts, time.monotonic() - started)
        return counts

    @activity.defn(name=FINISH_IMPORT)
    def finish_import(self, params: FinishImportInput) -> None:
        error_message = None if params.counts is not None else params.error_message or CSV_IMPORT_FAILED
        with self._sessions.begin() as session:
            finish_import_job(
                session,
                params.job_id,
                params.account_id,
                params.counts,
                error_message,
                discard_empty_account=params.discard_empty_account,
            )
