"""The Temporal worker: every workflow and activity of Cairn, on the configured task queue.

`cairn worker` runs it as a process (`cairn run` starts one); the tests call `run_worker(client)`,
which runs until cancelled, then shuts down cleanly.
"""

from __future__ import annotations

import asyncio
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
from activities.freezing import FreezingActivities
from activities.heartbeat import start_heartbeats
from activities.migration import MigrationActivities
from activities.prices import PriceActivities
from activities.tax_report import TaxReportActivities
from activities.transfers import TransferActivities
from activities.user_deletion import UserDeletionActivities
from contracts.cost_basis import PASS_SLOTS, pass_queue
from contracts.data_export import ensure_export_schedule
from contracts.prices import ensure_price_schedule
from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.logs import configure_logging
from ledger.infra.settings import Settings, get_settings
from ledger.infra.storage import Storage
from ledger.infra.tracing import configure_tracing, temporal_interceptors
from stack.worker_telemetry import LogIds, worker_runtime
from workflows.account_sync import AccountSyncWorkflow, ScheduledSyncWorkflow, VerifyCredentialsWorkflow
from workflows.cost_basis import CostBasisWorkflow
from workflows.csv_import import AccountImportWorkflow, CsvImportWorkflow
from workflows.csv_validation import ValidateCsvWorkflow
from workflows.data_export import DataExportWorkflow, UserDataExportWorkflow
from workflows.delete_account import DeleteAccountWorkflow
from workflows.delete_user import DeleteUserWorkflow
from workflows.freezing import FreezeTaxYearWorkflow
from workflows.migration import MigrationWorkflow
from workflows.price_fetch import PriceFetchWorkflow
from workflows.reset_demo_user import ResetDemoUserWorkflow
from workflows.tax_report import TaxReportWorkflow

WORKFLOWS = [
    CsvImportWorkflow,
    DeleteAccountWorkflow,
    DeleteUserWorkflow,
    CostBasisWorkflow,
    AccountImportWorkflow,
    ValidateCsvWorkflow,
    AccountSyncWorkflow,
    ScheduledSyncWorkflow,
    VerifyCredentialsWorkflow,
    TaxReportWorkflow,
    MigrationWorkflow,
    DataExportWorkflow,
    UserDataExportWorkflow,
    PriceFetchWorkflow,
    FreezeTaxYearWorkflow,
    ResetDemoUserWorkflow,
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
    user_deletion = UserDeletionActivities(sessions, storage, client)
    account_sync = AccountSyncActivities(sessions, settings, client)
    cost_basis = CostBasisActivities(sessions, client, settings.task_queue, storage)
    tax_reports = TaxReportActivities(sessions, storage)
    migration = MigrationActivities(sessions, storage)
    data_export = DataExportActivities(engine, sessions, storage)
    prices = PriceActivities(sessions, settings)
    freezing = FreezingActivities(sessions)
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
                user_deletion.stop_user_work,
                user_deletion.delete_user_rows,
                user_deletion.user_export_state,
                user_deletion.delete_user_objects,
                account_sync.verify_credentials,
                account_sync.sync_account,
                account_sync.start_scheduled_sync,
                account_sync.finish_account_sync,
                cost_basis.enqueue_cost_basis,
                cost_basis.claim_cost_basis_run,
                cost_basis.compute_cost_basis,
                cost_basis.record_cost_basis_failure,
                tax_reports.tax_report_cost_basis_readiness,
                tax_reports.make_tax_report,
                tax_reports.record_tax_report_failure,
                migration.migrate_to_per_wallet,
                migration.record_migration_failure,
                data_export.export_data,
                prices.fetch_prices,
                data_export.make_user_export,
                data_export.record_user_export_failure,
                freezing.freeze_tax_years,
                freezing.unfreeze_tax_years,
                freezing.record_freezing_failure,
            ],
            executor=executor,
        )
    finally:
        executor.shutdown(wait=True)
        engine.dispose()


async def run_worker(client: Client, task_queue: str | None = None) -> None:
    """Polls `task_queue` (default: settings.task_queue) and the cost-basis passes' queues beside it,
    each priority with slots of its own (contracts.cost_basis), until cancelled."""
    with (
        bound_activities(client) as activities,
        ThreadPoolExecutor(max_workers=sum(PASS_SLOTS.values()), thread_name_prefix="pass") as passes,
    ):
        queue = task_queue or activities.task_queue
        worker = Worker(
            client,
            task_queue=queue,
            workflows=WORKFLOWS,
            activities=activities.functions,
            activity_executor=activities.executor,
            max_concurrent_activities=MAX_CONCURRENT_ACTIVITIES,
            interceptors=[LogIds()],
        )
        pass_workers = [
            Worker(
                client,
                task_queue=pass_queue(queue, priority),
                activities=activities.functions,
                activity_executor=passes,
                max_concurrent_activities=slots,
                interceptors=[LogIds()],
            )
            for priority, slots in PASS_SLOTS.items()
        ]
        await asyncio.gather(worker.run(), *(each.run() for each in pass_workers))


async def main() -> None:
    settings = get_settings()
    configure_logging(settings.log_format)
    configure_tracing(settings.otlp_endpoint, "cairn-worker")
    client = await Client.connect(
        settings.temporal, interceptors=temporal_interceptors(), runtime=worker_runtime(settings)
    )
    await ensure_export_schedule(client, settings.task_queue)
    await ensure_price_schedule(client, settings.task_queue)
    await run_worker(client)
