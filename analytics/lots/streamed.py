"""Computing and writing a result run by run of assets: what `write_outputs(compute(...))` writes.

The matching walk is per asset (a pool never spans assets), so the C core walks one run of
assets at a time and hands its tables to writer threads (the Parquet files; the CSV files; one
per table of the database, each streaming its runs into a single `INSERT … SELECT`) while it
walks the next: memory holds the events (as they were made; each run is sorted when it is taken)
and a few runs' tables, not the whole result, and the writing overlaps the computing. The files
hold what `write_outputs` writes, row for row (lots by asset, each asset's acquired lots before
the pieces its transfers moved; disposals in walk order; income in event order), and the CSV
files are the same bytes.

A Parquet ledger in transaction order is also read, validated and made into events batch by
batch (`compute_and_write_file`: Polars reads ahead, and two threads make events of the batches
read and validated before), so the ledger itself is never whole in memory either. What the
C core does not walk (pool methods, method timelines) is computed whole and written by
`write_outputs`. This is the path of `cairn lots compute`; `compute` stays the API.
"""

import gc
import queue
import threading
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

import polars as pl

from analytics.lots.engine import checked_timeline, label, result_from_events
from analytics.lots.events import Events, assemble, build_events, event_parts
from analytics.lots.ledger_input import (
    LEDGER_COLUMNS,
    LedgerError,
    read_ledger,
    validate_ledger,
    validate_rows,
)
from analytics.lots.native import write_csv
from analytics.lots.outputs import REPEATED, create_table, staged, summary_text, write_outputs
from analytics.lots.snapshot import Snapshot
from analytics.lots.summary import Totals
from analytics.lots.tables import decimal_lots, disposals_table, finish_lots, income_table, lots_table
from analytics.lots.timeline import MethodTimeline
from analytics.lots.vocabulary import Method, Scope
from analytics.lots.walked import n_acquisitions, native_method, native_walk

BATCH_ROWS = 250_000  # ledger rows read at a time (see compute_and_write_file)
RUN_EVENTS = 100_000  # assets are walked in runs of at least this many events (or one asset); smaller
# runs leave the writers less to finish after the last one is walked
_PENDING = 2  # runs handed to a writer and not yet written, at most (bounds memory)


Part = tuple[str, pl.DataFrame]


@dataclass(frozen=True)
class Written:
    """What was written: the method label and the rows of each table."""

    method: str
    lots: int
    disposals: int
    income: int


def compute_and_write(
    ledger: pl.DataFrame,
    method: Method | MethodTimeline,
    scope: Scope,
    out_dir: Path,
    *,
    base_currency: str = "USD",
    run_events: int = RUN_EVENTS,
) -> Written:
    """`write_outputs(compute(ledger, method, scope, base_currency=...), out_dir)`, streamed.

    Raises what `compute` raises (LedgerError, ValueError) before anything is written.
    """
    with _no_collections():
        timeline = checked_timeline(method, scope, None)
        flows = validate_ledger(ledger)
        del ledger  # the caller may have handed over its only reference: free it early
        events = build_events(flows, base_currency)
        del flows
        return _write(events, timeline, scope, out_dir, run_events)


def compute_and_write_file(
    path: Path,
    method: Method | MethodTimeline,
    scope: Scope,
    out_dir: Path,
    *,
    base_currency: str = "USD",
    run_events: int = RUN_EVENTS,
    batch_rows: int = BATCH_ROWS,
) -> Written:
    """`compute_and_write(read_ledger(path, validate=False), ...)`, reading less at a time.

    A Parquet ledger in transaction order (as exported) is read, validated and made into events
    batch by batch of whole transactions: memory holds the events and one batch, not the ledger.
    Any other ledger, or one with a problem (to report the same first problem), is read whole.
    """
    # the writers' libraries are imported meanwhile (slow imports, mostly without the GIL's use
    # by this thread, which is in Polars)
    threading.Thread(target=_import_writers, daemon=True).start()
    with _no_collections():
        timeline = checked_timeline(method, scope, None)
        events = _batched_events(path, base_currency, batch_rows)
        if events is not None:
            return _write(events, timeline, scope, out_dir, run_events)
    return compute_and_write(
        read_ledger(path, validate=False),
        method,
        scope,
        out_dir,
        base_currency=base_currency,
        run_events=run_events,
    )


def _import_writers() -> None:
    import duckdb  # noqa: F401
    import pyarrow.parquet  # noqa: F401


@contextmanager
def _no_collections() -> Iterator[None]:
    """Many Python objects are made (ids, lists), none of them cyclic: no collections meanwhile."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _batched_events(path: Path, base_currency: str, batch_rows: int) -> Events | None:
    """The events (as `build_events` makes them), or None: not a Parquet ledger in transaction
    order, or not a valid one."""
    if path.suffix.lower() != ".parquet" or not path.is_file():
        return None
    if any(name not in pl.read_parquet_schema(path) for name in LEDGER_COLUMNS):
        return None
    # Polars' streaming engine reads ahead in its own threads (and needs no Arrow import first)
    batches = pl.scan_parquet(path).select(LEDGER_COLUMNS).collect_batches(chunk_size=batch_rows)
    made: list[Future[tuple[pl.DataFrame, pl.DataFrame]]] = []
    carried: pl.DataFrame | None = None  # the last transaction read, perhaps not whole yet
    first_row, transactions = 1, 0
    pool = ThreadPoolExecutor(max_workers=2)
    try:
        for raw in batches:
            flows = validate_rows(raw, first_row)
            first_row += raw.height
            del raw
            if carried is not None:
                flows = pl.concat([carried, flows], how="vertical")
            tx_ids = flows.get_column("tx_id")
            if not bool((tx_ids >= tx_ids.shift()).all()):
                return None  # not in transaction order: read whole (and sorted there)
            last = int((tx_ids == tx_ids[-1]).sum())
            carried = flows.slice(flows.height - last)
            transactions = _add_parts(
                flows.head(flows.height - last), base_currency, transactions, pool, made
            )
        if carried is not None:
            _add_parts(carried, base_currency, transactions, pool, made)
        results = [future.result() for future in made]
    except LedgerError:
        return None  # read whole, which reports the ledger's first problem
    finally:
        pool.shutdown(cancel_futures=True)
    if not results:
        return None
    parts = [part for part, _ in results]
    legs = [leg for _, leg in results]
    del results
    return assemble(parts, legs)


def _add_parts(
    flows: pl.DataFrame,
    base_currency: str,
    transactions: int,
    pool: ThreadPoolExecutor,
    made: list[Future[tuple[pl.DataFrame, pl.DataFrame]]],
) -> int:
    """Make the events and transfer legs of whole transactions in `pool` (the next batch is read and
    validated meanwhile); the transactions so far."""
    if flows.is_empty():
        return transactions
    if len(made) >= 2:
        made[-2].result()  # at most two batches in the making: memory holds a few batches, not the ledger
    made.append(pool.submit(event_parts, flows, base_currency, transactions))
    tx_ids = flows.get_column("tx_id")
    return transactions + int((tx_ids != tx_ids.shift()).fill_null(True).sum())


def _write(events: Events, timeline: MethodTimeline, scope: Scope, out_dir: Path, run_events: int) -> Written:
    code = native_method(events.frame, timeline, [])
    if code is None or events.frame.is_empty():
        result = result_from_events(events.sorted(), timeline, scope)
        write_outputs(result, out_dir)
        return Written(result.method, result.lots.height, result.disposals.height, result.income.height)
    with staged(out_dir) as staging:
        return _stream(events, code, timeline, scope, staging, run_events)


def runs(lengths: list[int], run_events: int) -> list[tuple[int, int]]:
    """(offset, length) of runs of whole assets (of these numbers of events, in order), each of at
    least `run_events` events but the last."""
    found: list[tuple[int, int]] = []
    offset = length = 0
    for size in lengths:
        length += size
        if length >= run_events:
            found.append((offset, length))
            offset, length = offset + length, 0
    if length:
        found.append((offset, length))
    return found


def _stream(
    events: Events, code: int, timeline: MethodTimeline, scope: Scope, staging: Path, run_events: int
) -> Written:
    # Parquet, CSV and each table of the database are written by threads of their own
    files = (_Writer(_Parquet(staging)), _Writer(_Csv(staging)))
    database = _Database(staging / "cairn.duckdb")
    try:
        totals = Totals()
        carried = Snapshot.empty(scope).lots
        next_row = n_acquisitions(events.frame)  # moved pieces are numbered after every acquisition
        counts = [0, 0, 0]
        for offset, length in runs(events.asset_lengths(), run_events):
            part = events.take(offset, length)
            walked = native_walk(part, code, scope is Scope.WALLET, next_row)
            first_row = int(part["acquisition"][0])
            scaled = finish_lots(lots_table(part, carried, walked, first_row, next_row), walked)
            next_row += walked.moved.height
            lots, income = decimal_lots(scaled), income_table(part)
            _hand_over([("lots", lots), ("income", income)], files, database)
            # the largest table, made while those are written
            disposals = disposals_table(part, scaled, walked)
            _hand_over([("disposals", disposals)], files, database)
            del scaled, walked
            totals.add(lots, disposals, income)
            counts = [counts[0] + lots.height, counts[1] + disposals.height, counts[2] + income.height]
        method = label(timeline)
        summary = summary_text(totals.summary(method, scope))
        database.finish()
        for writer in files:
            writer.finish()
    except BaseException:
        database.abandon()
        for writer in files:
            writer.abandon()
        raise
    (staging / "summary.json").write_text(summary)
    return Written(method, *counts)


def _hand_over(parts: list[Part], files: tuple["_Writer", ...], database: "_Database") -> None:
    for writer in files:
        writer.submit(parts)
    database.submit(parts)


class _Sink(Protocol):
    def write(self, parts: list[Part]) -> None: ...
    def close(self) -> None: ...


class _Writer:
    """One thread writing run after run into a sink, at most `_PENDING` runs (two parts each) behind."""

    def __init__(self, sink: _Sink) -> None:
        self._sink = sink
        self._thread = ThreadPoolExecutor(max_workers=1)
        self._pending: deque[Future[None]] = deque()

    def submit(self, parts: list[Part]) -> None:
        self._pending.append(self._thread.submit(self._sink.write, parts))
        while len(self._pending) > 2 * _PENDING:
            self._pending.popleft().result()

    def finish(self) -> None:
        while self._pending:
            self._pending.popleft().result()
        self._thread.submit(self._sink.close).result()
        self._thread.shutdown()

    def abandon(self) -> None:
        self._thread.shutdown(wait=True, cancel_futures=True)
        with suppress(Exception):  # the first error is the one raised
            self._sink.close()


class _Parquet:
    """Parquet (LZ4, as write_outputs) per table, appended to run after run."""

    def __init__(self, staging: Path) -> None:
        self._staging = staging
        self._writers: dict[str, Any] = {}

    def write(self, parts: list[Part]) -> None:
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


class _Csv:
    """CSV per table (the C core's writer), appended to run after run."""

    def __init__(self, staging: Path) -> None:
        self._staging = staging
        self._files: dict[str, IO[bytes]] = {}

    def write(self, parts: list[Part]) -> None:
        for name, frame in parts:
            header = name not in self._files
            if header:
                self._files[name] = open(self._staging / f"{name}.csv", "wb")  # noqa: SIM115 - closed in close()
            write_csv(frame, self._files[name], include_header=header)

    def close(self) -> None:
        for file in self._files.values():
            file.close()


class _Database:
    """The DuckDB file: each table filled by one `INSERT … SELECT` that reads its runs as they come.

    One thread (and cursor, with one DuckDB thread) per table streams that table's runs from a
    queue into its `INSERT … SELECT` (an Arrow stream): DuckDB writes row groups as they fill,
    so memory holds a few runs, and a single insert costs about a third less than an insert per
    run (and makes a smaller file). The rows keep their order.
    """

    def __init__(self, path: Path) -> None:
        self._tables: dict[str, tuple[queue.Queue[Any], threading.Thread]] = {}
        self._errors: list[BaseException] = []
        self._connection: Any = None
        # the file is made (slow: DuckDB's import, then its catalog) while the first run is walked
        connecting = ThreadPoolExecutor(max_workers=1)
        self._connecting: Future[Any] | None = connecting.submit(_connect, path)
        connecting.shutdown(wait=False)  # its thread ends once connected

    def submit(self, parts: list[Part]) -> None:
        for name, frame in parts:
            if name not in self._tables:
                self._start(name, _arrow(frame.head(0)).schema)
            self._put(name, frame)

    def finish(self) -> None:
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

    def _start(self, name: str, schema: Any) -> None:
        self._connected()
        runs: queue.Queue[Any] = queue.Queue(maxsize=_PENDING)
        thread = threading.Thread(target=self._create, args=(name, schema, runs), daemon=True)
        self._tables[name] = (runs, thread)
        thread.start()

    def _put(self, name: str, item: Any) -> None:
        """Queue a run (waiting while `_PENDING` are queued), unless its table's thread failed."""
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


def _connect(path: Path) -> Any:
    import duckdb  # imported when needed: it is slow to import

    return duckdb.connect(str(path), config={"threads": 1})  # one DuckDB thread per table


def _arrow(frame: pl.DataFrame) -> Any:
    return frame.to_arrow(compat_level=pl.CompatLevel.newest())  # string views: no copy


__all__ = ["BATCH_ROWS", "RUN_EVENTS", "Written", "compute_and_write", "compute_and_write_file", "runs"]
