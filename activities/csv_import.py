"""Activities of a CSV import: read the uploaded file, validate it with ingest, write its transactions
in one database transaction, and record the job's outcome.

A bad file raises a non-retryable ApplicationError whose message is what the user reads; anything else
(a database or storage hiccup) is retried, and a retry after a committed import answers that import's
counts instead of importing again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.heartbeat import heartbeating
from ingest.files.check import inspect_file, iter_transactions
from ingest.files.model import ParsedTransaction
from ingest.files.values import FIAT_CODES
from ledger.bulk_import import (
    AccountImport,
    AccountUnavailable,
    ImportCounts,
    ImportSource,
    StagedFlow,
    StagedTransaction,
    previous_import,
)
from ledger.enums import FlowDirection, TransactionType
from ledger.errors import CSV_IMPORT_FAILED, AccountError, account_error_message
from ledger.jobs import finish_import_job, record_progress, start_job
from ledger.models import User
from ledger.storage import Storage, StoredFileMissing, StoredFileTooLarge

BATCH_SIZE = 5_000  # transactions staged per COPY; the job's progress is written after each
VALIDATED_PROGRESS = 10  # percent once the file is read and validated
STAGED_PROGRESS = 90  # percent once every transaction is staged; the merge takes the rest
INVALID_FILE = "InvalidFile"  # ApplicationError type of every problem the user must fix


@dataclass(frozen=True)
class ImportCsvInput:
    job_id: str
    user_id: int
    account_id: int
    file_url: str


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


def _staged(tx: ParsedTransaction) -> StagedTransaction:
    return StagedTransaction(
        natural_key=tx.key,
        timestamp=tx.timestamp,
        type=TransactionType(tx.type),
        flows=tuple(
            StagedFlow(
                direction=FlowDirection.INFLOW if flow.direction == "IN" else FlowDirection.OUTFLOW,
                symbol=flow.asset,
                quantity=flow.quantity,
                is_fee=flow.is_fee,
                value=flow.value,
                value_currency=flow.value_currency,
            )
            for flow in tx.flows
        ),
        description=tx.description,
        tx_hash=tx.tx_hash,
        label=tx.label,
    )


def _batches(items: Iterable[StagedTransaction], size: int) -> Iterator[list[StagedTransaction]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def _result(counts: ImportCounts) -> ImportCsvResult:
    return ImportCsvResult(
        counts.number_total,
        counts.number_imported,
        counts.number_ignored,
        counts.number_skipped,
        counts.number_user_defined_tokens,
    )


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
            public_id = session.scalar(select(User.public_id).where(User.id == params.user_id))
        key = None if public_id is None else self._storage.key_of(params.file_url, public_id)
        if key is None:
            raise invalid_file(account_error_message(AccountError.INVALID_FILE_URL))
        try:
            data = self._storage.read(key)
        except StoredFileMissing:
            raise invalid_file(account_error_message(AccountError.INVALID_FILE_URL)) from None
        except StoredFileTooLarge as exc:
            raise invalid_file(str(exc)) from None
        filename = key.rsplit("/", 1)[-1]
        report = inspect_file(data, filename)
        if not report.importable or report.format_id is None or report.format_name is None:
            raise invalid_file("\n".join(report.errors))
        self._progress(params.job_id, VALIDATED_PROGRESS)
        try:
            with self._sessions.begin() as session:
                writer = AccountImport(session, user_id=params.user_id, account_id=params.account_id)
                for batch in _batches(self._transactions(data, filename), BATCH_SIZE):
                    writer.stage(batch)
                    share = writer.staged / max(report.transactions, 1)
                    self._progress(
                        params.job_id,
                        VALIDATED_PROGRESS + int((STAGED_PROGRESS - VALIDATED_PROGRESS) * share),
                    )
                counts = writer.merge(
                    ImportSource(params.job_id, key, report.format_id, report.format_name),
                    number_ignored=len(report.ignored),
                    fiat_symbols=FIAT_CODES,
                )
        except AccountUnavailable:
            raise invalid_file(account_error_message(AccountError.ACCOUNT_NOT_FOUND)) from None
        return _result(counts)

    @staticmethod
    def _transactions(data: bytes, filename: str) -> Iterator[StagedTransaction]:
        try:
            for tx in iter_transactions(data, filename):
                yield _staged(tx)
        except ValueError as exc:  # UnreadableFile, UnrecognisedFile, InvalidFile: all the user's to fix
            raise invalid_file(str(exc)) from None

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
