"""A Parquet snapshot of each cost-basis run's results in S3, under the user and the run:
`cost-basis/{user public id}/{run id}/{lots,disposals,income}.parquet`, and the flows it read, valued
(`ledger.parquet`).

The engine's parts go both to the database (ledger.writes.cost_basis.StoredResults) and, in a thread
of their own, to Parquet files (the same files `cairn lots compute` writes). The snapshot is uploaded
before the results commit: the status row names the run whose results are visible, so a snapshot is
only ever reached through a committed run, and one of a run that then failed is never named.

A run's ledger file holds the flows query's rows as the engine read them (its values in dollars, from
the user's overrides, the stated values, implied trade prices and the price table; a run that continued
from a checkpoint read those from it on): a transactions report reads them there
(ledger.writes.tax_reports.listed_flows) instead of valuing the year's flows in PostgreSQL again, which
costs what a run's load does.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
from temporalio import activity

from analytics.lots.writers import ParquetTables, Part, ResultWriter, Written
from ledger.infra.storage import Storage
from ledger.writes.tax_reports import FLOW_TYPES
from vocabulary.lot_engine import LEDGER_COLUMNS

PARQUET = "application/vnd.apache.parquet"
LEDGER = "ledger"  # the snapshot's table of the flows the run read


def snapshot_key(user_public_id: uuid.UUID, run_id: uuid.UUID, table: str) -> str:
    return f"cost-basis/{user_public_id}/{run_id}/{table}.parquet"


class LedgerFile:
    """The flows a run reads (ledger.writes.cost_basis.LedgerRead.batches), written to a Parquet
    file as they pass on to the engine, for the run's snapshot (`ledger.parquet`). A file that cannot be
    written is not kept (the run goes on: a transactions report then values the flows in SQL)."""

    def __init__(self) -> None:
        handle, name = tempfile.mkstemp(prefix="cairn-ledger-", suffix=".parquet")
        os.close(handle)
        self._path = Path(name)
        self._writer: pq.ParquetWriter | None = None
        self._failed = False

    def passed(self, batches: Iterable[pl.DataFrame]) -> Iterator[pl.DataFrame]:
        for batch in batches:
            if not self._failed:
                self._write(batch)
            yield batch

    def finished(self) -> Path | None:
        """The file, once every batch read has passed (of no rows, with the flows' columns, when none
        did); None when it could not be written."""
        if self._failed:
            return None
        if self._writer is None:
            pl.DataFrame(
                schema={name: FLOW_TYPES.get(name, pl.String) for name in LEDGER_COLUMNS}
            ).write_parquet(self._path)
        else:
            self._writer.close()
        return self._path

    def discard(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._path.unlink(missing_ok=True)

    def _write(self, batch: pl.DataFrame) -> None:
        try:
            table = batch.to_arrow()
            if self._writer is None:
                self._writer = pq.ParquetWriter(self._path, table.schema)
            self._writer.write_table(table)
        except (OSError, pa.ArrowException) as error:
            activity.logger.warning("the flows read are not kept: %s", error)
            self._failed = True
            self.discard()


class ParquetSnapshot:
    """A `TableSink`: the parts as Parquet files in a directory of its own, uploaded on close with the
    run's `ledger` file (which the run discards after)."""

    def __init__(
        self, storage: Storage, user_public_id: uuid.UUID, run_id: uuid.UUID, ledger: LedgerFile | None
    ) -> None:
        self._storage = storage
        self._user_public_id, self._run_id = user_public_id, run_id
        self._dir = Path(tempfile.mkdtemp(prefix="cairn-cost-basis-"))
        self._tables = ParquetTables(self._dir)
        self._ledger = ledger

    def write(self, parts: Sequence[Part]) -> None:
        self._tables.write(parts)

    def close(self) -> None:
        try:
            self._tables.close()
            for path in sorted(self._dir.glob("*.parquet")):
                self._storage.put(snapshot_key(self._user_public_id, self._run_id, path.stem), path, PARQUET)
            read = None if self._ledger is None else self._ledger.finished()
            if read is not None:
                self._storage.put(snapshot_key(self._user_public_id, self._run_id, LEDGER), read, PARQUET)
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
