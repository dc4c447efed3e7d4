"""The Temporal worker: every workflow and activity of Cairn, on the configured task queue.

`cairn run` and the tests call `run_worker(client)`; it runs until cancelled, then shuts down cleanly.
"""

from __future__ import annotations

from temporalio.client import Client
from temporalio.worker import Worker

from activities.registry import bound_activities
from workflows.cost_basis import CostBasisWorkflow
from workflows.csv_import import AccountImportWorkflow, CsvImportWorkflow
from workflows.csv_validation import ValidateCsvWorkflow
from workflows.delete_account import DeleteAccountWorkflow

WORKFLOWS = [
    CsvImportWorkflow,
    DeleteAccountWorkflow,
    CostBasisWorkflow,
    AccountImportWorkflow,
    ValidateCsvWorkflow,
]


async def run_worker(client: Client, task_queue: str | None = None) -> None:
    """Polls `task_queue` (default: settings.task_queue) until cancelled."""
    with bound_activities(client) as activities:
        worker = Worker(
            client,
            task_queue=task_queue or activities.task_queue,
            workflows=WORKFLOWS,
            activities=activities.functions,
            activity_executor=activities.executor,
            max_concurrent_activities=activities.max_concurrent,
        )
        await worker.run()
