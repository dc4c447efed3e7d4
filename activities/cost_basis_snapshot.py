"""A Parquet snapshot of each cost-basis run's results in S3, under the user and the run:
`cost-basis/{user public id}/{run id}/{lots,disposals,income}.parquet`.

The engine's parts go both to the database (ledger.writes.cost_basis.StoredResults) and, in a thread
of their own, to Parquet files (the same files `cairn lots compute` writes). The snapshot is uploaded
before the results commit: the status row names the run whose results are visible, so a snapshot is
only ever reached through a committed run, and one of a run that then failed is never named.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Sequence
from pathlib import Path

from analytics.lots.writers import ParquetTables, Part, ResultWriter, Written
from ledger.infra.storage import Storage

PARQUET = "application/vnd.apache.parquet"


def snapshot_key(user_public_id: uuid.UUID, run_id: uuid.UUID, table: str) -> str:
    return f"cost-basis/{user_public_id}/{run_id}/{table}.parquet"


class ParquetSnapshot:
    """A `TableSink`: the parts as Parquet files in a directory of its own, uploaded on close."""

    def __init__(self, storage: Storage, user_public_id: uuid.UUID, run_id: uuid.UUID) -> None:
        self._storage = storage
        self._user_public_id, self._run_id = user_public_id, run_id
        self._dir = Path(tempfile.mkdtemp(prefix="cairn-cost-basis-"))
        self._tables = ParquetTables(self._dir)

    def write(self, parts: Sequence[Part]) -> None:
        self._tables.write(parts)

    def close(self) -> None:
        try:
            self._tables.close()
            for path in sorted(self._dir.glob("*.parquet")):
                self._storage.put(snapshot_key(self._user_public_id, self._run_id, path.stem), path, PARQUET)
        finally:
            shutil.rmtree(self._dir, ignore_errors=True)

    def discard(self) -> None:
        self._tables.discard()
        shutil.rmtree(self._dir, ignore_errors=True)


class Writers:
    """Writers given the same parts, finished in order (on an error the engine abandons them all)."""

    def __init__(self, *writers: ResultWriter) -> None:
        self._writers = writers

    def start(self) -> None:
        for writer in self._writers:
            writer.start()

    def submit(self, parts: Sequence[Part]) -> None:
        for writer in self._writers:
            writer.submit(parts)

    def finish(self, written: Written) -> None:
        for writer in self._writers:
            writer.finish(written)

    def abandon(self) -> None:
        for writer in self._writers:
            writer.abandon()
