"""Where a computation's tables go: the writer interface, and the files `cairn lots compute` writes.

The engine (run.py) hands a writer the tables of each run of assets as it is walked. A writer is
started once the ledger is read (nothing is refused from then on but by writing), given parts
in order, then finished (everything handed over is written) or abandoned (nothing is kept).
`SinkThread` runs one `TableSink` in a thread of its own, so that writing overlaps the walk;
the product's PostgreSQL results (ledger/writes/cost_basis.py) are such a sink.

`OutputFiles` writes a directory: Parquet (LZ4) and CSV per table, one DuckDB file and
summary.json, made in a fresh directory next to it and swapped in whole when finished.
"""

import queue
import shutil
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

import polars as pl

from analytics.lots.c_core import write_csv
from analytics.lots.engine import LotResult
from analytics.lots.snapshot import Snapshot
from analytics.lots.summary import Totals, summary_text
from vocabulary.enums import AllocationScope
from vocabulary.lot_engine import RESULT_COLUMNS

TABLES = tuple(RESULT_COLUMNS)
# columns whose few values repeat (the rest are ids, unique or nearly): dictionary-encoded in the
# Parquet files and the database, where encoding the ids would cost time and save nothing
REPEATED = frozenset({"type", "asset", "account", "term", "rule", "callout"})
PENDING = 2  # runs handed to a writer's thread and not yet written, at most (bounds memory)

Part = tuple[str, pl.DataFrame]  # a table's name (TABLES) and rows of it


@dataclass(frozen=True)
class Written:
    """What was written: the method label, the scope and the rows of each table; and, when asked for,
    the open lots at an earlier instant (`compute_and_write`'s `checkpoint_at`)."""

    method: str
    scope: AllocationScope
    lots: int
    disposals: int
    income: int
    checkpoint: Snapshot | None = None


class ResultWriter(Protocol):
    """Given the engine's parts between `start` and `finish` (or `abandon`). `compute_and_write` starts
    it; a caller may start it before, so that it prepares while the ledger is read (starting it again
    then does nothing), and then abandons it itself on an error `compute_and_write` raises."""

    def start(self) -> None: ...
    def submit(self, parts: Sequence[Part]) -> None: ...
    def finish(self, written: Written) -> None: ...
    def abandon(self) -> None: ...


class TableSink(Protocol):
    """Appends parts of tables, called from one thread: `close` keeps them, `discard` does not."""

    def write(self, parts: Sequence[Part]) -> None: ...
    def close(self) -> None: ...
    def discard(self) -> None: ...


class SinkThread:
    """A `ResultWriter` of one sink, made and written in a thread of its own, at most `PENDING`
    runs (two submissions each) behind."""

    def __init__(self, make: Callable[[], TableSink]) -> None:
        self._make = make
        self._sink: Future[TableSink] | None = None
        self._thread = ThreadPoolExecutor(max_workers=1)
        self._pending: deque[Future[None]] = deque()

    def start(self) -> None:
        if self._sink is None:
            self._sink = self._thread.submit(self._make)

    def submit(self, parts: Sequence[Part]) -> None:
        self._pending.append(self._thread.submit(self._write, parts))
        while len(self._pending) > 2 * PENDING:
            self._pending.popleft().result()

    def finish(self, written: Written) -> None:
        while self._pending:
            self._pending.popleft().result()
        self._thread.submit(lambda: self._made().close()).result()
        self._thread.shutdown()

    def abandon(self) -> None:
        self._thread.shutdown(wait=True, cancel_futures=True)
        with suppress(Exception):  # the first error is the one raised
            self._made().discard()

    def _write(self, parts: Sequence[Part]) -> None:
        self._made().write(parts)

    def _made(self) -> TableSink:
        assert self._sink is not None, "the writer was not started"
        return self._sink.result()


class OutputFiles:
    """The directory `cairn lots compute` writes (see the module's docstring)."""

    def __init__(self, out_dir: Path) -> None:
        self._out_dir = out_dir
        self._staging: Path | None = None
        self._writers: tuple[ResultWriter, ...] = ()
        self._totals = Totals()

    def start(self) -> None:
        self._out_dir.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{self._out_dir.name}-", dir=self._out_dir.parent))
        self._staging = staging
        # Parquet, CSV and each table of the database are written by threads of their own
        self._writers = (
            SinkThread(lambda: ParquetTables(staging)),
            SinkThread(lambda: _Csv(staging)),
            _Database(staging / "cairn.duckdb"),
        )
        for writer in self._writers:
            writer.start()

    def submit(self, parts: Sequence[Part]) -> None:
        for writer in self._writers:
            writer.submit(parts)
        for name, frame in parts:
            self._totals.add(name, frame)

    def finish(self, written: Written) -> None:
        assert self._staging is not None, "the writer was not started"
        try:
            for writer in self._writers:
                writer.finish(written)
            summary = self._totals.summary(written.method, written.scope)
            (self._staging / "summary.json").write_text(summary_text(summary))
            _swap_in(self._staging, self._out_dir)
        finally:
            shutil.rmtree(self._staging, ignore_errors=True)

    def abandon(self) -> None:
        for writer in self._writers:
            writer.abandon()
        if self._staging is not None:
            shutil.rmtree(self._staging, ignore_errors=True)


def write_outputs(result: LotResult, out_dir: Path) -> None:
    """A whole result's files (what `cairn lots compute` writes, there run by run)."""
    files = OutputFiles(out_dir)
    files.start()
    try:
        files.submit([("lots", result.lots), ("income", result.income)])
        files.submit([("disposals", result.disposals)])
        counts = (result.lots.height, result.disposals.height, result.income.height)
        files.finish(Written(result.method, result.scope, *counts))
    except BaseException:
        files.abandon()
        raise


def _swap_in(staging: Path, out_dir: Path) -> None:
    if not out_dir.exists():
        staging.rename(out_dir)
        return
    for name in (
        *(f"{t}.{ext}" for t in TABLES for ext in ("parquet", "csv")),
        "cairn.duckdb",
        "summary.json",
    ):
        (out_dir / name).unlink(missing_ok=True)
    for produced in staging.iterdir():
        produced.rename(out_dir / produced.name)
    staging.rmdir()


class ParquetTables:
    """Parquet (LZ4: a third cheaper to write than zstd, for files a little larger) per table."""

    def __init__(self, staging: Path) -> None:
        self._staging = staging
        self._writers: dict[str, Any] = {}

    def write(self, parts: Sequence[Part]) -> None:
        import pyarrow.parquet as pq

        for name, frame in parts:
            table = _arrow(frame)
            if name not in self._writers:
                self._writers[name] = pq.ParquetWriter(
                    self._staging / f"{name}.parquet",
                    table.schema,
                    compression="lz4",
                    write_statistics=False,
                    use_dictionary=[column for column in table.column_names if column in REPEATED],
                )
            self._writers[name].write_table(table)

    def close(self) -> None:
        for writer in self._writers.values():
            writer.close()

    discard = close  # the staging directory is removed


class _Csv:
    """CSV per table (the C core's writer: the bytes of Polars' with exact decimals, see c_core)."""

    def __init__(self, staging: Path) -> None:
        self._staging = staging
        self._files: dict[str, IO[bytes]] = {}

    def write(self, parts: Sequence[Part]) -> None:
        for name, frame in parts:
            header = name not in self._files
            if header:
                self._files[name] = open(self._staging / f"{name}.csv", "wb")  # noqa: SIM115 - closed in close()
            write_csv(frame, self._files[name], include_header=header)

    def close(self) -> None:
        for file in self._files.values():
            file.close()

    discard = close  # the staging directory is removed


class _Database:
    """The DuckDB file: each table filled by one `INSERT … SELECT` that reads its runs as they come.

    One thread (and cursor, with one DuckDB thread) per table streams that table's runs from a
    queue into its `INSERT … SELECT` (an Arrow stream): DuckDB writes row groups as they fill,
    so memory holds a few runs, and a single insert costs about a third less than an insert per
    run (and makes a smaller file). The rows keep their order.
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._tables: dict[str, tuple[queue.Queue[Any], threading.Thread]] = {}
        self._errors: list[BaseException] = []
        self._connection: Any = None
        self._connecting: Future[Any] | None = None

    def start(self) -> None:
        # the file is made (slow: DuckDB's import, then its catalog) while the first run is walked
        connecting = ThreadPoolExecutor(max_workers=1)
        self._connecting = connecting.submit(_connect, self._path)
        connecting.shutdown(wait=False)  # its thread ends once connected

    def submit(self, parts: Sequence[Part]) -> None:
        for name, frame in parts:
            if name not in self._tables:
                self._start_table(name, _arrow(frame.head(0)).schema)
            self._put(name, frame)

    def finish(self, written: Written) -> None:
        for name in self._tables:
            self._put(name, None)
        self._join()
        if self._errors:
            raise self._errors[0]
        self._close()

    def abandon(self) -> None:
        for name in self._tables:
            self._put(name, _ABANDONED)
        self._join()
        with suppress(Exception):  # the first error is the one raised
            self._close()

    def _start_table(self, name: str, schema: Any) -> None:
        self._connected()
        runs: queue.Queue[Any] = queue.Queue(maxsize=PENDING)
        thread = threading.Thread(target=self._create, args=(name, schema, runs), daemon=True)
        self._tables[name] = (runs, thread)
        thread.start()

    def _put(self, name: str, item: Any) -> None:
        """Queue a run (waiting while `PENDING` are queued), unless its table's thread failed."""
        runs, thread = self._tables[name]
        while thread.is_alive():
            try:
                runs.put(item, timeout=0.1)
                return
            except queue.Full:
                continue
        if self._errors and item is not _ABANDONED:
            raise self._errors[0]

    def _create(self, name: str, schema: Any, runs: queue.Queue[Any]) -> None:
        import pyarrow as pa

        def batches() -> Iterator[Any]:
            while (frame := runs.get()) is not None:
                if frame is _ABANDONED:
                    raise RuntimeError("abandoned")
                table = _arrow(frame)
                del frame
                if table.schema != schema:
                    table = table.cast(schema)
                yield from table.to_batches()

        try:
            cursor = self._connection.cursor()
            try:
                cursor.begin()  # one commit (and one sync of the log) for the table and its rows
                create_table(cursor, name, schema)
                cursor.register("runs", pa.RecordBatchReader.from_batches(schema, batches()))
                cursor.execute(f"INSERT INTO {name} SELECT * FROM runs")
                cursor.unregister("runs")
                cursor.commit()
            finally:
                cursor.close()
        except BaseException as error:
            self._errors.append(error)
            with suppress(queue.Empty):  # unblock a waiting submit
                while True:
                    runs.get_nowait()

    def _join(self) -> None:
        for _, thread in self._tables.values():
            thread.join()

    def _connected(self) -> None:
        if self._connecting is not None:
            connecting, self._connecting = self._connecting, None
            self._connection = connecting.result()

    def _close(self) -> None:
        self._connected()
        if self._connection is not None:
            self._connection.close()
            self._connection = None


_ABANDONED = object()


def create_table(database: Any, name: str, schema: Any) -> None:
    """An empty table for rows of an Arrow schema, its strings compressed only where they repeat.

    DuckDB names the column types (as it would for `CREATE TABLE … AS`); ids are stored as they
    are (compressing unique strings costs a third of their writing and gains little), repeated
    names as a dictionary.
    """
    import pyarrow as pa

    database.register("shape", pa.table({field.name: pa.array([], field.type) for field in schema}))
    columns = database.execute("DESCRIBE SELECT * FROM shape").fetchall()
    database.unregister("shape")
    declared = []
    for column, kind, *_ in columns:
        compression = ""
        if kind == "VARCHAR":
            compression = " USING COMPRESSION " + ("dict_fsst" if column in REPEATED else "uncompressed")
        declared.append(f'"{column}" {kind}{compression}')
    database.execute(f"CREATE TABLE {name} ({', '.join(declared)})")


def _connect(path: Path) -> Any:
    import duckdb  # imported when needed: it is slow to import

    return duckdb.connect(str(path), config={"threads": 1})  # one DuckDB thread per table


def _arrow(frame: pl.DataFrame) -> Any:
    return frame.to_arrow(compat_level=pl.CompatLevel.newest())  # string views: no copy
