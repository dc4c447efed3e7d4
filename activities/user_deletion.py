"""The activities of DeleteUserWorkflow: stop the user's work, delete their rows batch by batch, tell where
the data export stands for them, and delete their objects in S3. Each touches only a user marked for
deletion (contracts.user_deletion.marked_email) or, once the row is gone, only that user's prefixes, and
each may run again: what was deleted stays deleted."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.service import RPCError, RPCStatusCode

from activities.heartbeat import heartbeating
from analytics.exports.catalog import EXPORT_PREFIX, LATEST_MANIFEST
from analytics.exports.manifest import Manifest
from analytics.exports.partitions import bucket_folder, bucket_of
from contracts import search
from contracts.account_sync import delete_sync_schedule
from contracts.data_export import DATA_EXPORT_ID
from contracts.ids import account_sync_id, delete_user_id
from contracts.user_deletion import (
    DELETE_USER_OBJECTS,
    DELETE_USER_ROWS,
    STOP_USER_WORK,
    USER_EXPORT_STATE,
    DeleteUserInput,
    ExportState,
)
from ledger.infra.storage import Storage, StoredFileMissing, user_report_prefix, user_upload_prefix
from ledger.writes.export_tables import TABLES
from ledger.writes.user_deletion import (
    account_ids,
    delete_rows_batch,
    delete_sole_firms,
    delete_transactions_batch,
    delete_user,
    is_marked,
    objects_may_go,
    owned_columns,
    strip_audit,
)

DELETE_BATCH = 10_000


def user_prefixes(public_id: str) -> list[str]:
    """Every place in the bucket that holds a user's objects: uploads, reports and their own exports, and
    the snapshots of their cost-basis runs (activities.cost_basis_snapshot). The data teams' export holds
    the user's rows in files shared with other users (`superseded_export_files`)."""
    snapshots = f"cost-basis/{public_id}/"
    return [user_upload_prefix(public_id), user_report_prefix(public_id), snapshots]


def superseded_export_files(keys: list[str], latest: Manifest) -> list[str]:
    """Of the export files `keys` (of the user's bucket), those that may hold a deleted user's rows: every
    one the latest export (which no longer names the user) does not list, written by an export that
    started before it; a later export's files, written after the user's rows went, are left alone."""
    listed = {f"{EXPORT_PREFIX}/{file.path}" for file in latest.files}
    return [key for key in keys if key not in listed and Path(key).stem < latest.export_id]


class UserDeletionActivities:
    def __init__(self, sessions: sessionmaker[Session], storage: Storage, client: Client) -> None:
        self._sessions = sessions
        self._storage = storage
        self._client = client

    @activity.defn(name=STOP_USER_WORK)
    async def stop_user_work(self, params: DeleteUserInput) -> int:
        """Remove the periodic syncs of the user's accounts and end every run of theirs still going (an
        import or a report would otherwise write after the deletion); answers how many runs were ended."""
        marked, accounts = await asyncio.to_thread(self._marked_accounts, params)
        if not marked:
            return 0
        for account_id in accounts:
            await delete_sync_schedule(self._client, account_id)
        # runs started by a schedule carry no search attributes: the syncs are found by their ids
        running: list[tuple[str, str | None]] = [(account_sync_id(account), None) for account in accounts]
        query = f"{search.USER_ID.name} = {params.user_id} AND ExecutionStatus = 'Running'"
        async for run in self._client.list_workflows(query):
            if run.id != delete_user_id(params.public_id):
                running.append((run.id, run.run_id))
        ended = 0
        for workflow_id, run_id in running:
            try:
                handle = self._client.get_workflow_handle(workflow_id, run_id=run_id)
                await handle.terminate(reason="the user was deleted")
                ended += 1
            except RPCError as error:
                if error.status != RPCStatusCode.NOT_FOUND:  # not running (any more)
                    raise
        return ended

    def _marked_accounts(self, params: DeleteUserInput) -> tuple[bool, list[int]]:
        with self._sessions() as session:
            if not is_marked(session, params.user_id, params.public_id):
                return False, []
            return True, account_ids(session, params.user_id)

    @activity.defn(name=DELETE_USER_ROWS)
    def delete_user_rows(self, params: DeleteUserInput) -> int:
        """Delete the user's transactions, then the rows of every table that holds the user's, then the
        user; answers how many rows went (cascaded ones not counted)."""
        with self._sessions.begin() as session:
            if not is_marked(session, params.user_id, params.public_id):
                return 0
            strip_audit(session, params.user_id)
            delete_sole_firms(session, params.user_id)
        deleted = 0
        with heartbeating():
            deleted += self._drain(partial(delete_transactions_batch, user_id=params.user_id))
            for table, column in owned_columns():
                deleted += self._drain(
                    partial(delete_rows_batch, table=table, column=column, user_id=params.user_id)
                )
            with self._sessions.begin() as session:
                deleted += delete_user(session, params.user_id)
        return deleted

    def _drain(self, batch: Callable[..., int]) -> int:
        """Runs `batch(session, size=DELETE_BATCH)`, a database transaction each, until none is left."""
        total = 0
        while True:
            with self._sessions.begin() as session:
                count = batch(session, size=DELETE_BATCH)
            if count == 0:
                return total
            total += count

    @activity.defn(name=USER_EXPORT_STATE)
    async def user_export_state(self, params: DeleteUserInput) -> ExportState:
        try:
            description = await self._client.get_workflow_handle(DATA_EXPORT_ID).describe()
            if description.status == WorkflowExecutionStatus.RUNNING:
                return ExportState.RUNNING
        except RPCError as error:
            if error.status != RPCStatusCode.NOT_FOUND:  # no export has ever run
                raise
        manifest = await asyncio.to_thread(self._latest_manifest)
        if manifest is not None and params.public_id in manifest.users:
            return ExportState.NAMES_USER
        return ExportState.CLEAN

    def _latest_manifest(self) -> Manifest | None:
        with tempfile.TemporaryDirectory(prefix="cairn-user-deletion-") as directory:
            path = Path(directory) / LATEST_MANIFEST
            try:
                self._storage.download(f"{EXPORT_PREFIX}/{LATEST_MANIFEST}", path)
            except StoredFileMissing:
                return None
            return Manifest.from_json(path.read_text())

    @activity.defn(name=DELETE_USER_OBJECTS)
    def delete_user_objects(self, params: DeleteUserInput) -> int:
        """Delete every object under the user's prefixes; answers how many."""
        with self._sessions() as session:
            if not objects_may_go(session, params.public_id):
                return 0
        with heartbeating():
            removed = sum(self._storage.remove_prefix(prefix) for prefix in user_prefixes(params.public_id))
            latest = self._latest_manifest()
            if latest is None:
                return removed
            bucket = bucket_of(params.public_id)
            keys = [
                key
                for table in TABLES
                for key in self._storage.keys(f"{EXPORT_PREFIX}/{bucket_folder(table, bucket)}/")
            ]
            return removed + sum(
                self._storage.remove_prefix(key) for key in superseded_export_files(keys, latest)
            )
