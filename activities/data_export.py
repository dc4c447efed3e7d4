"""Activities of the exports: everyone's results as Parquet on S3 for data teams, and one user's own
tables as a zip.

`export_data` reads the previous export's manifest, then, in one REPEATABLE READ snapshot
(ledger.writes.export_tables, two tables at a time), every user's latest finished cost-basis run and the
tables of the users in the buckets holding a user whose run changed since (analytics.exports.partitions);
writes one Parquet file per table and bucket, uploads the new files, the manifest and the DuckDB
catalog, and last `latest.json`, so a reader of the latest export never sees one half written. Files are
named by the export that wrote them and never change: the previous export's files stay valid.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
import zipfile
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pyarrow.csv as csv
import pyarrow.parquet as pq
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.heartbeat import heartbeating
from analytics.exports.catalog import CATALOG_NAME, EXPORT_PREFIX, LATEST_MANIFEST, write_catalog
from analytics.exports.manifest import Manifest, UserEntry, carried_files, stale_buckets
from analytics.exports.partitions import ExportFile, bucket_of, write_buckets, write_schema_file
from contracts.data_export import (
    EXPORT_DATA,
    MAKE_USER_EXPORT,
    RECORD_USER_EXPORT_FAILURE,
    DataExportInput,
    DataExportSummary,
    UserExportFailure,
    UserExportInput,
)
from ledger.infra.storage import Storage, StoredFileMissing, report_key
from ledger.models import User
from ledger.writes.export_tables import EXPORT_SCHEMA_VERSION, TABLES, export_snapshot
from ledger.writes.jobs import finish_job, start_job

UPLOAD_THREADS = 8  # within the S3 client's pool of 10 connections
NO_RESULTS = "There is nothing to export yet: your cost basis has not been calculated."


class DataExportActivities:
    def __init__(self, engine: Engine, sessions: sessionmaker[Session], storage: Storage) -> None:
        self._engine = engine
        self._sessions = sessions
        self._storage = storage

    @activity.defn(name=EXPORT_DATA)
    def export_data(self, given: DataExportInput) -> DataExportSummary:
        # to the microsecond, so export ids sort as the exports started (user deletion relies on it)
        export_id = f"{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}-{uuid.uuid4().hex[:8]}"
        with heartbeating(), tempfile.TemporaryDirectory(prefix="cairn-export-") as directory:
            root = Path(directory)
            previous = None if given.full else self._previous(root)
            schema_files: dict[str, str] = {}
            with export_snapshot(self._engine) as snapshot:
                users = snapshot.users()
                runs = {user.public_id: user.run_id for user in users}
                rewritten = stale_buckets(runs, previous)
                changed = {user.public_id for user in users if bucket_of(user.public_id) in rewritten}
                chosen = [user for user in users if user.public_id in changed]
                # a table's files are written while the next tables are read
                with ThreadPoolExecutor(1, thread_name_prefix="export-write") as writer:
                    writing = []
                    for table, read in snapshot.tables(TABLES, chosen):
                        schema_files[table] = write_schema_file(
                            root, table, read.schema, EXPORT_SCHEMA_VERSION
                        )
                        writing.append(writer.submit(write_buckets, root, table, read, export_id))
                    written = [file for done in writing for file in done.result()]
            kept_users, kept_files = carried_files(previous, rewritten)
            manifest = Manifest(
                version=EXPORT_SCHEMA_VERSION,
                export_id=export_id,
                created_at=datetime.now(UTC).isoformat(),
                previous=None if previous is None else previous.export_id,
                users={
                    **kept_users,
                    **{user: UserEntry(runs[user], export_id) for user in sorted(changed)},
                },
                schema_files=schema_files,
                files=sorted([*kept_files, *written], key=lambda file: file.path),
            )
            self._publish(
                root, manifest, [*schema_files.values(), *(file.path for file in written)], kept_files
            )
            rows = dict.fromkeys(TABLES, 0)
            for file in written:
                rows[file.table] += file.rows
            return DataExportSummary(export_id, len(runs), len(changed), rows)

    def _previous(self, root: Path) -> Manifest | None:
        path = root / "previous.json"
        try:
            self._storage.download(f"{EXPORT_PREFIX}/{LATEST_MANIFEST}", path)
        except StoredFileMissing:
            return None
        text = path.read_text()
        path.unlink()
        # a manifest of another version may list its files otherwise: it is not read further
        return Manifest.from_json(text) if json.loads(text)["version"] == EXPORT_SCHEMA_VERSION else None

    def _publish(self, root: Path, manifest: Manifest, new_files: list[str], kept: list[ExportFile]) -> None:
        # DuckDB checks that a view's files exist when it is created: the kept files, already on S3, are
        # stood in for by empty links to a schema file while the catalog is written.
        for file in kept:
            (root / file.path).parent.mkdir(parents=True, exist_ok=True)
            os.link(root / manifest.schema_files[file.table], root / file.path)
        write_catalog(root, manifest)
        (root / "manifest.json").write_text(manifest.to_json())
        with ThreadPoolExecutor(UPLOAD_THREADS, thread_name_prefix="export-upload") as pool:
            list(
                pool.map(
                    lambda path: self._storage.put(
                        f"{EXPORT_PREFIX}/{path}", root / path, "application/vnd.apache.parquet"
                    ),
                    new_files,
                )
            )
        self._storage.put(
            f"{EXPORT_PREFIX}/manifests/{manifest.export_id}.json", root / "manifest.json", "application/json"
        )
        self._storage.put(f"{EXPORT_PREFIX}/{CATALOG_NAME}", root / CATALOG_NAME, "application/octet-stream")
        self._storage.put(f"{EXPORT_PREFIX}/{LATEST_MANIFEST}", root / "manifest.json", "application/json")

    @activity.defn(name=MAKE_USER_EXPORT)
    def make_user_export(self, given: UserExportInput) -> None:
        with heartbeating(), tempfile.TemporaryDirectory(prefix="cairn-user-export-") as directory:
            with self._sessions.begin() as session:
                start_job(session, given.job_id)
            with self._sessions() as session:
                public_id = session.get_one(User, given.user_id).public_id
            root = Path(directory)
            archive = root / f"cairn-data-{given.format.lower()}.zip"
            with (
                export_snapshot(self._engine) as snapshot,
                zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped,
            ):
                exported = snapshot.users([given.user_id])
                if not exported:
                    raise ApplicationError(NO_RESULTS, non_retryable=True)
                for table, read in snapshot.tables(TABLES, exported):
                    path = root / f"{table}.{given.format.lower()}"
                    if given.format == "CSV":
                        csv.write_csv(read, path)
                    else:
                        pq.write_table(read, path, compression="zstd")
                    zipped.write(path, path.name)
            key = report_key(public_id, archive.name)
            self._storage.put(key, archive, "application/zip")
            with self._sessions.begin() as session:
                finish_job(session, given.job_id, {"key": key}, None)

    @activity.defn(name=RECORD_USER_EXPORT_FAILURE)
    def record_user_export_failure(self, failure: UserExportFailure) -> None:
        with self._sessions.begin() as session:
            finish_job(session, failure.job_id, None, failure.error)
