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

import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.heartbeat import heartbeating
from activities.prefetch import prefetched
from activities.uploads import read_upload
from ingest.files.check import nothing_to_import, open_file, parse_columns
from ingest.files.model import ColumnarFile, Ignored, ParsedTransaction, ParseItem
from ingest.files.reader import GZIP_MAGIC
from ingest.files.values import FIAT_CODES
from ledger.import_types import IMPORT_TYPE_NAMES, import_type_of
from ledger.infra.storage import Storage
from ledger.writes.bulk_import import (
    AccountImport,
    AccountUnavailable,
    EncodedBatch,
    ImportCounts,
    ImportSource,
    encode_batch,
    encode_columns,
    previous_import,
)
from ledger.writes.jobs import finish_import_job, record_progress, start_job
from vocabulary.enums import ImportType
from vocabulary.errors import CSV_IMPORT_FAILED, AccountError, account_error_message, wrong_import_type

BATCH_SIZE = 20_000  # transactions per COPY and merge; the job's progress is written after each
RECOGNISED_PROGRESS = 5  # percent once the file is read and its format recognised
WRITTEN_PROGRESS = 95  # percent once every transaction is written; the counts take the rest
INVALID_FILE = "InvalidFile"  # ApplicationError type of every problem the user must fix
_COUNT_CHUNK = 1 << 22


@dataclass(frozen=True)
class ImportCsvInput:
    job_id: str
    user_id: int
    account_id: int
    file_url: str
    import_type: int | None = None  # into an existing account: the import type the file must be


@dataclass(frozen=True)
class ImportCsvResult:
    number_total: int
    number_imported: int
    number_ignored: int
    number_skipped: int
    number_user_defined_tokens: int


@dataclass(frozen=True)
class FinishImportInput:
    job_id: str
    account_id: int
    result: ImportCsvResult | None  # None: the import failed
    error_message: str | None = None


def invalid_file(message: str) -> ApplicationError:
    return ApplicationError(message, type=INVALID_FILE, non_retryable=True)


def _result(counts: ImportCounts) -> ImportCsvResult:
    return ImportCsvResult(
        counts.number_total,
        counts.number_imported,
        counts.number_ignored,
        counts.number_skipped,
        counts.number_user_defined_tokens,
    )


def line_count(data: bytes) -> int:
    """Line breaks in the (possibly gzip-compressed) text: about how many rows the file has."""
    if not data.startswith(GZIP_MAGIC):
        return data.count(b"\n")
    inflater = zlib.decompressobj(wbits=zlib.MAX_WBITS | 16)
    count = 0
    for start in range(0, len(data), _COUNT_CHUNK):
        count += inflater.decompress(data[start : start + _COUNT_CHUNK]).count(b"\n")
    return count


@dataclass
class _ParsedFile:
    """The file's transactions in encoded batches, with the rows it ignored; the first row error stops
    it. Parsing and encoding run in the prefetching thread."""

    items: Iterable[ParseItem]
    ignored: list[Ignored] = field(default_factory=list)
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
    def ignored(self) -> list[Ignored]:
        return self.parsed.ignored

    def batches(self, size: int) -> Iterator[EncodedBatch]:
        for batch in self.parsed.batches(size):
            try:
                encoded = encode_columns(batch.transactions, batch.flows)
            except ValueError as exc:
                raise invalid_file(str(exc)) from None
            self.last_row = int(batch.transactions["row"][-1])
            yield encoded


class CsvImportActivities:
    def __init__(self, sessions: sessionmaker[Session], storage: Storage) -> None:
        self._sessions = sessions
        self._storage = storage

    def _progress(self, job_id: str, percent: int) -> None:
        with self._sessions.begin() as session:
            record_progress(session, job_id, percent)

    @activity.defn
    def validate_and_import_csv(self, params: ImportCsvInput) -> ImportCsvResult:
        with heartbeating():
            return self._import(params)

    def _import(self, params: ImportCsvInput) -> ImportCsvResult:
        with self._sessions.begin() as session:
            done = previous_import(session, params.job_id)
            if done is not None:
                return _result(done)
            start_job(session, params.job_id)
        try:
            upload = read_upload(self._sessions, self._storage, params.user_id, params.file_url)
            sheet, fmt = open_file(upload.data, upload.filename)
        except (
            ValueError
        ) as exc:  # unavailable (UploadUnavailable), unreadable or unrecognised: the user's to fix
            raise invalid_file(str(exc)) from None
        import_type = import_type_of(fmt.id)
        if params.import_type is not None and params.import_type != import_type:
            raise invalid_file(
                wrong_import_type(
                    fmt.name,
                    IMPORT_TYPE_NAMES[import_type],
                    IMPORT_TYPE_NAMES[ImportType(params.import_type)],
                )
            )
        rows = max(line_count(upload.data), 1)
        self._progress(params.job_id, RECOGNISED_PROGRESS)
        columnar = parse_columns(sheet, fmt)
        parsed = _ParsedFile(fmt.parse(sheet)) if columnar is None else _ColumnarFile(columnar)
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
                if writer.staged == 0:
                    raise invalid_file(nothing_to_import(parsed.ignored))
                counts = writer.finish(number_ignored=len(parsed.ignored))
        except AccountUnavailable:
            raise invalid_file(account_error_message(AccountError.ACCOUNT_NOT_FOUND)) from None
        return _result(counts)

    @activity.defn
    def finish_import(self, params: FinishImportInput) -> None:
        counts = None
        if params.result is not None:
            counts = ImportCounts(
                params.result.number_total,
                params.result.number_imported,
                params.result.number_ignored,
                params.result.number_skipped,
                params.result.number_user_defined_tokens,
            )
        error_message = None if counts is not None else params.error_message or CSV_IMPORT_FAILED
        with self._sessions.begin() as session:
            finish_import_job(session, params.job_id, params.account_id, counts, error_message)
