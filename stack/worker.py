"""The Temporal worker: every workflow and activity of Cairn, on the configured task queue.

`cairn worker` runs it as a process (`cairn run` starts one); the tests call `run_worker(client)`,
which runs until cancelled, then shuts down cleanly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from temporalio.client import Client
from temporalio.worker import Worker

from activities.account_deletion import AccountDeletionActivities
from activities.account_sync import AccountSyncActivities
from activities.cost_basis import CostBasisActivities
from activities.csv_import import CsvImportActivities
from activities.csv_validation import CsvValidationActivities
from activities.data_export import DataExportActivities
from activities.heartbeat import start_heartbeats
from activities.tax_report import TaxReportActivities
from activities.transfers import TransferActivities
from contracts.data_export import ensure_export_schedule
from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings, get_settings
from ledger.infra.storage import Storage
from workflows.account_sync import AccountSyncWorkflow, VerifyCredentialsWorkflow
from workflows.cost_basis import CostBasisWorkflow
from workflows.csv_import import AccountImportWorkflow, CsvImportWorkflow
from workflows.csv_validation import ValidateCsvWorkflow
from workflows.data_export import DataExportWorkflow, UserDataExportWorkflow
from workflows.delete_account import DeleteAccountWorkflow
from workflows.tax_report import TaxReportWorkflow

WORKFLOWS = [
    CsvImportWorkflow,
    DeleteAccountWorkflow,
    CostBasisWorkflow,
    AccountImportWorkflow,
    ValidateCsvWorkflow,
    AccountSyncWorkflow,
    VerifyCredentialsWorkflow,
    TaxReportWorkflow,
    DataExportWorkflow,
    UserDataExportWorkflow,
]
MAX_CONCURRENT_ACTIVITIES = 8


@dataclass(frozen=True)
class BoundActivities:
    task_queue: str
    functions: list[Callable[..., Any]]
    executor: ThreadPoolExecutor  # the activities are synchronous (database and S3 clients block)


@contextmanager
def bound_activities(client: Client, settings: Settings | None = None) -> Iterator[BoundActivities]:
    """Every activity, bound to the database and storage of this process, and the executor that runs
    them; closes the database pool on exit. `client` is the worker's Temporal client, which activities
    that start workflows use."""
    settings = settings or get_settings()
    engine = sync_engine(settings.db_url)
    sessions = sync_sessions(engine)
    storage = Storage(settings)
    csv_import = CsvImportActivities(sessions, storage)
    csv_validation = CsvValidationActivities(sessions, storage)
    transfers = TransferActivities(sessions)
    deletion = AccountDeletionActivities(sessions)
    account_sync = AccountSyncActivities(sessions, settings)
    cost_basis = CostBasisActivities(sessions, client, settings.task_queue)
    tax_reports = TaxReportActivities(sessions, storage)
    data_export = DataExportActivities(engine, sessions, storage)
    start_heartbeats()
    executor = ThreadPoolExecutor(max_workers=MAX_CONCURRENT_ACTIVITIES, thread_name_prefix="activity")
    try:
        yield BoundActivities(
            task_queue=settings.task_queue,
            functions=[
                csv_import.import_csv_file,
                csv_import.finish_import,
                csv_validation.validate_csv_file,
                csv_validation.record_csv_validation,
                transfers.match_transfers_for_user,
                deletion.delete_account,
                account_sync.verify_credentials,
                account_sync.sync_account,
                account_sync.finish_account_sync,
                cost_basis.enqueue_cost_basis,
                cost_basis.compute_cost_basis,
                cost_basis.record_cost_basis_failure,
                tax_reports.tax_report_cost_basis_readiness,
                tax_reports.make_tax_report,
                tax_reports.record_tax_report_failure,
                data_export.export_data,
                data_export.make_user_export,
                data_export.record_user_export_failure,
            ],
            executor=executor,
        )
    finally:
        executor.shutdown(wait=True)
        engine.dispose()


async def run_worker(client: Client, task_queue: str | None = None) -> None:
    """Polls `task_queue` (default: settings.task_queue) until cancelled."""
    with bound_activities(client) as activities:
        worker = Worker(
            client,
            task_queue=task_queue or activities.task_queue,
            workflows=WORKFLOWS,
            activities=activities.functions,
            activity_executor=activities.executor,
            max_concurrent_activities=MAX_CONCURRENT_ACTIVITIES,
        )
        await worker.run()


async def main() -> None:
    settings = get_settings()
    client = await Client.connect(settings.temporal)
    await ensure_export_schedule(client, settings.task_queue)
    await run_worker(client)
