"""What activities record on job rows and accounts as a workflow runs. Each function is one short
write the caller commits at once, so the API sees progress while the work itself is still open."""

from __future__ import annotations

import dataclasses

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.orm import Session

from contracts.imports import ImportCounts
from contracts.validation import CsvFileReport
from ledger.models import Account, Job, Transaction
from ledger.models.jobs import FINAL_STATUSES
from vocabulary.enums import JobStatus


def start_job(session: Session, job_id: str, *, resuming: bool = False) -> None:
    """STARTED; `resuming` when the work runs again after a failed attempt, until it passes the progress
    that attempt had reached."""
    session.execute(
        update(Job)
        .where(Job.id == job_id, Job.status.not_in(FINAL_STATUSES))
        .values(status=JobStatus.STARTED, resuming=resuming)
    )


def record_progress(session: Session, job_id: str, progress: int) -> None:
    """Progress never goes back: a retried attempt starting over leaves the furthest one reached."""
    percent = max(0, min(progress, 100))
    session.execute(
        update(Job)
        .where(Job.id == job_id, Job.status.not_in(FINAL_STATUSES))
        .values(
            progress=func.greatest(Job.progress, percent),
            resuming=and_(Job.resuming, Job.progress >= percent),
        )
    )


def finish_import_job(
    session: Session,
    job_id: str,
    account_id: int,
    counts: ImportCounts | None,
    error_message: str | None,
    *,
    discard_empty_account: bool = False,
) -> None:
    """The job's final state: FINISHED with the import's counts, or FAILED with the reason; the account
    stops syncing either way, and a failed import's account created for it goes when it holds nothing."""
    values: dict[str, object] = {
        "status": JobStatus.FAILED if counts is None else JobStatus.FINISHED,
        "progress": 100,
        "resuming": False,
        "error_message": error_message,
        "finished_at": func.now(),
    }
    if counts is not None:
        values.update(dataclasses.asdict(counts))
    session.execute(update(Job).where(Job.id == job_id).values(**values))
    if counts is None and discard_empty_account:
        holds_transactions = select(Transaction.id).where(Transaction.account_id == account_id).exists()
        session.execute(delete(Account).where(Account.id == account_id, ~holds_transactions))
    session.execute(
        update(Account).where(Account.id == account_id).values(is_syncing=False, last_synced_at=func.now())
    )


def record_validation(session: Session, job_id: str, report: CsvFileReport, *, failed: bool) -> None:
    """The check's report on its job: FINISHED whatever the file holds, FAILED when the check itself failed
    (asking again runs it again)."""
    session.execute(
        update(Job)
        .where(Job.id == job_id)
        .values(
            status=JobStatus.FAILED if failed else JobStatus.FINISHED,
            progress=100,
            resuming=False,
            result=dataclasses.asdict(report),
            error_message="\n".join(report.errors) if failed else None,
            finished_at=func.now(),
        )
    )


def finish_job(
    session: Session, job_id: str, result: dict[str, object] | None, error_message: str | None
) -> None:
    """The job's final state: FINISHED with its result, or FAILED (no result) with the reason."""
    session.execute(
        update(Job)
        .where(Job.id == job_id)
        .values(
            status=JobStatus.FAILED if result is None else JobStatus.FINISHED,
            progress=100,
            resuming=False,
            result=result,
            error_message=error_message,
            finished_at=func.now(),
        )
    )
