"""Ending what integration tests leave running on the session's Temporal server."""

import contextlib

from temporalio.client import Client
from temporalio.service import RPCError


async def end_account_syncs(temporal_client: Client) -> None:
    """Ends the account syncs still running. A test module's syncs would go on retrying for minutes
    (OUTAGE_RETRY) against its fakes once they are gone, filling the session worker's activity slots."""
    query = 'WorkflowType = "AccountSyncWorkflow" AND ExecutionStatus = "Running"'
    async for execution in temporal_client.list_workflows(query):
        with contextlib.suppress(RPCError):  # it ended meanwhile
            await temporal_client.get_workflow_handle(execution.id, run_id=execution.run_id).terminate(
                "a test module's leftover"
            )
