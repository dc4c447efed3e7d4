"""An import whose first attempt dies part way (as when its worker restarts) runs again at once, and its
job never shows less progress than it had reached: it says it is resuming until it passes that point."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session
from temporalio import activity
from temporalio.client import Client
from temporalio.exceptions import ApplicationError
from temporalio.worker import Worker

from activities.csv_import import CsvImportActivities
from contracts.imports import IMPORT_FILE, CsvImportInput, CsvImportOutcome, ImportCounts
from ledger.infra.db import sync_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import Job
from ledger.writes.jobs import record_progress, start_job
from stack.worker import WORKFLOWS, bound_activities
from tests.api.graphql import generic_csv
from tests.workflows.ledger_rows import new_job, new_wallet, put_upload
from vocabulary.enums import JobStatus
from workflows.csv_import import CsvImportWorkflow

pytestmark = pytest.mark.servers

FIRST_ATTEMPT_REACHED = 60
ROWS = [f"2023-05-01 09:{minute:02d}:00,1,ETH,,,,," for minute in range(40)]


def job_state(session: Session, job_id: str) -> tuple[int, bool]:
    session.expire_all()
    job = session.get(Job, job_id)
    assert job is not None
    return job.progress, job.resuming


def test_progress_never_goes_back_and_a_retry_says_it_resumes(db_session: Session) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    start_job(db_session, job_id)
    record_progress(db_session, job_id, 60)
    db_session.commit()

    start_job(db_session, job_id, resuming=True)
    record_progress(db_session, job_id, 5)
    record_progress(db_session, job_id, 40)
    db_session.commit()
    assert job_state(db_session, job_id) == (60, True)

    record_progress(db_session, job_id, 61)
    db_session.commit()
    assert job_state(db_session, job_id) == (61, False)


class FirstAttemptDies:
    """The import activity, whose first attempt records progress and then dies; later attempts run the
    real import, and each progress they write is read back from the job."""

    def __init__(self, real: CsvImportActivities, db_engine: Engine) -> None:
        self._real = real
        self._sessions = sync_sessions(db_engine)
        self.seen: list[tuple[int, bool]] = []

    @activity.defn(name=IMPORT_FILE)
    def import_csv_file(self, params: CsvImportInput) -> ImportCounts:
        if activity.info().attempt == 1:
            with self._sessions.begin() as session:
                start_job(session, params.job_id)
                record_progress(session, params.job_id, FIRST_ATTEMPT_REACHED)
            raise ApplicationError("the worker went away")  # retryable
        real_progress: Callable[[str, int], None] = self._real._progress

        def progress(job_id: str, percent: int) -> None:
            real_progress(job_id, percent)
            with self._sessions() as session:
                self.seen.append(job_state(session, job_id))

        self._real._progress = progress  # type: ignore[method-assign]
        return self._real.import_csv_file(params)


async def test_a_retried_import_resumes_without_going_back(
    temporal_client: Client, servers: Settings, db_session: Session, db_engine: Engine
) -> None:
    user, account = new_wallet(db_session)
    job_id = new_job(db_session, user, account)
    file_url = put_upload(servers, user, "a.csv", generic_csv(*ROWS))
    queue = f"resume-{uuid.uuid4()}"

    flaky = FirstAttemptDies(CsvImportActivities(sync_sessions(db_engine), Storage(servers)), db_engine)
    with bound_activities(temporal_client, servers) as bound:
        others = [function for function in bound.functions if function.__name__ != "import_csv_file"]
        async with Worker(
            temporal_client,
            task_queue=queue,
            workflows=WORKFLOWS,
            activities=[*others, flaky.import_csv_file],
            activity_executor=bound.executor,
        ):
            outcome: CsvImportOutcome = await temporal_client.execute_workflow(
                CsvImportWorkflow.run,
                CsvImportInput(job_id, account.id, user.id, file_url),
                id=job_id,
                task_queue=queue,
            )

    assert outcome.success and outcome.result is not None and outcome.result.number_imported == 40
    progress = [percent for percent, _ in flaky.seen]
    assert progress and progress[0] >= FIRST_ATTEMPT_REACHED
    assert progress == sorted(progress)
    assert flaky.seen[0][1] is True  # the retry reads "Resuming…" until it passes the first attempt
    job = db_session.get(Job, job_id)
    assert (
        job is not None and job.status == JobStatus.FINISHED and (job.progress, job.resuming) == (100, False)
    )
