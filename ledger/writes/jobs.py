"""What activities record on job rows and accounts as a workflow runs. Each function is one short
write the caller commits at once, so the API sees progress while the work itself is still open."""

from __future__ import annotations

from sqlalchemy import func, update
from sqlalchemy.orm import Session

from ledger.models import Account, Job
from ledger.models.jobs import FINAL_STATUSES
from ledger.writes.bulk_import import ImportCounts
from vocabulary.enums import JobStatus


def start_job(session: Session, job_id: str) -> None:
    session.execute(
        update(Job)
        .where(Job.id == job_id, Job.status.not_in(FINAL_STATUSES))
        .values(status=JobStatus.STARTED)
    )


def record_progress(session: Session, job_id: str, progress: int) -> None:
    session.execute(
        update(Job)
        .where(Job.id == job_id, Job.status.not_in(FINAL_STATUSES))
        .values(progress=max(0, min(progress, 100)))
    )


def finish_import_job(
    session: Session, job_id: str, account_id: int, counts: ImportCounts | None, error_message: str | None
) -> None:
    """The job's final state: FINISHED with the import's counts, or FAILED with the reason; the account
    stops syncing either way."""
    values: dict[str, object] = {
        "status": JobStatus.FAILED if counts is None else JobStatus.FINISHED,
        "progress": 100,
        "error_message": error_message,
        "finished_at": func.now(),
    }
    if counts is not None:
        values.update(
            number_total=counts.number_total,
            number_imported=counts.number_imported,
            number_ignored=counts.number_ignored,
            number_skipped=counts.number_skipped,
            number_user_defined_tokens=counts.number_user_defined_tokens,
        )
    session.execute(update(Job).where(Job.id == job_id).values(**values))
    session.execute(
        update(Account).where(Account.id == account_id).values(is_syncing=False, last_synced_at=func.now())
    )
