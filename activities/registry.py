"""Every activity, bound to the database and storage a worker process uses."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from temporalio.client import Client

from activities.account_deletion import AccountDeletionActivities
from activities.cost_basis import CostBasisActivities
from activities.csv_import import CsvImportActivities
from activities.csv_validation import CsvValidationActivities
from activities.transfers import TransferActivities
from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings, get_settings
from ledger.infra.storage import Storage

MAX_CONCURRENT_ACTIVITIES = 8


@dataclass(frozen=True)
class BoundActivities:
    task_queue: str
    functions: list[Callable[..., Any]]
    executor: ThreadPoolExecutor  # the activities are synchronous (database and S3 clients block)
    max_concurrent: int


@contextmanager
def bound_activities(client: Client, settings: Settings | None = None) -> Iterator[BoundActivities]:
    """The activities and the executor that runs them; closes the database pool on exit. `client` is the
    worker's Temporal client, which activities that start workflows use."""
    settings = settings or get_settings()
    engine = sync_engine(settings.db_url)
    sessions = sync_sessions(engine)
    storage = Storage(settings)
    csv_import = CsvImportActivities(sessions, storage)
    csv_validation = CsvValidationActivities(sessions, storage)
    transfers = TransferActivities(sessions)
    deletion = AccountDeletionActivities(sessions)
    cost_basis = CostBasisActivities(sessions, client, settings.task_queue)
    executor = ThreadPoolExecutor(max_workers=MAX_CONCURRENT_ACTIVITIES, thread_name_prefix="activity")
    try:
        yield BoundActivities(
            task_queue=settings.task_queue,
            functions=[
                csv_import.validate_and_import_csv,
                csv_import.finish_import,
                csv_validation.validate_csv_file,
                transfers.match_transfers_for_user,
                deletion.delete_account,
                cost_basis.enqueue_cost_basis,
                cost_basis.compute_cost_basis,
                cost_basis.record_cost_basis_failure,
            ],
            executor=executor,
            max_concurrent=MAX_CONCURRENT_ACTIVITIES,
        )
    finally:
        executor.shutdown(wait=True)
        engine.dispose()
