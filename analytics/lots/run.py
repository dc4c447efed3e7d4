"""A run of the lot engine: a ledger in, its lots, disposals and income handed to a writer.

This is the one path of the product's cost-basis run (the ledger from PostgreSQL, the results
into it), of `cairn lots compute` (a ledger file, the result files) and of the benchmarks;
`compute` (engine.py) stays the API that answers a whole result in memory.

A ledger given as batches of whole transactions in transaction order is validated and made into
events batch by batch (two threads make the events of the batches read and validated before),
so the ledger itself is never whole in memory. The matching walk is per asset (a pool never
spans assets), so the C core walks one run of assets at a time and hands its tables to the
writer while it walks the next: memory holds the events (as they were made; each run is sorted
when it is taken) and a few runs' tables, not the whole result. What the C core does not walk
(pool methods, method timelines) is computed whole and handed over at once. Either way the
writer gets what `compute` answers, row for row (lots by asset, each asset's acquired lots
before the pieces its transfers moved; disposals in walk order; income in event order).
"""

import gc
import threading
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import polars as pl

from analytics.lots.engine import LotResult, checked_timeline, label, result_from_events
from analytics.lots.events import Events, assemble, build_events, event_parts
from analytics.lots.ledger_input import LedgerError, read_ledger, validate_ledger, validate_rows
from analytics.lots.snapshot import Snapshot
from analytics.lots.tables import decimal_lots, disposals_table, finish_lots, income_table, lots_table
from analytics.lots.timeline import MethodTimeline
from analytics.lots.walk import c_core_method, c_core_walk, n_acquisitions
from analytics.lots.writers import Part, ResultWriter, Written
from vocabulary.enums import AllocationScope, CostBasisMethod
from vocabulary.lot_engine import LEDGER_COLUMNS

BATCH_ROWS = 250_000  # ledger rows read at a time (see compute_and_write_file)
RUN_EVENTS = 100_000  # assets are walked in runs of at least this many events (or one asset); smaller
# runs leave the writers less to finish after the last one is walked


class NotInTransactionOrder(LedgerError):
    """Batches of a ledger whose transactions are not in order (by tx_id) and whole."""


def compute_and_write(
    ledger: pl.DataFrame | Iterable[pl.DataFrame],
    method: CostBasisMethod | MethodTimeline,
    scope: AllocationScope,
    writer: ResultWriter,
    *,
    base_currency: str = "USD",
    run_events: int = RUN_EVENTS,
    start: Snapshot | None = None,
    checkpoint_at: datetime | None = None,
) -> Written:
    """The engine on a ledger (see ledger_input for its columns), its tables handed to `writer`.

    `ledger`: a whole ledger frame, in any order; or raw batches of it (as read: they are
    validated here) of whole transactions in transaction order, as PostgreSQL gives it.
    `start`: continue from a snapshot (a frozen year's or a checkpoint's open lots); the ledger then
    holds only the flows from its `as_of` on, and the result is computed whole (once the writer has
    started: it prepares meanwhile).
    `checkpoint_at`: also answer the snapshot at this instant (`Written.checkpoint`, what
    `compute(..., until=checkpoint_at)` keeps), made from the same events while the writer finishes.
    Raises what `compute` raises (LedgerError, ValueError; NotInTransactionOrder for batches out
    of order) before the writer is started: a writer that was not started can be given again.
    """
    with _no_collections():
        timeline = checked_timeline(method, scope, start)
        if isinstance(ledger, pl.DataFrame):
            flows = validate_ledger(ledger)
            del ledger  # the caller may have handed over its only reference: free it early
            events = build_events(flows, base_currency)
            del flows
        else:
            events = ledger_events(ledger, base_currency)
        opening = None
        if checkpoint_at is not None:
            opening = partial(_opening, events, timeline, scope, start, checkpoint_at)
        if start is not None:
            return _handed_over(writer, _continued(events, timeline, scope, start), opening)
        return _write(events, timeline, scope, writer, run_events, opening)


def compute_and_write_file(
    path: Path,
    method: CostBasisMethod | MethodTimeline,
    scope: AllocationScope,
    writer: ResultWriter,
    *,
    base_currency: str = "USD",
    run_events: int = RUN_EVENTS,
    batch_rows: int = BATCH_ROWS,
) -> Written:
    """`compute_and_write` on a ledger file (`cairn lots compute`).

    A Parquet ledger in transaction order (as exported) is read batch by batch; any other
    ledger, or one with a problem (to report the first problem of a whole reading), whole.
    """
    # the file writers' libraries are imported meanwhile (slow imports, mostly without the GIL's
    # use by this thread, which is in Polars)
    threading.Thread(target=_import_writers, daemon=True).start()
    if _parquet_ledger(path):
        # Polars' streaming engine reads ahead in its own threads (and needs no Arrow import first)
        batches = pl.scan_parquet(path).select(LEDGER_COLUMNS).collect_batches(chunk_size=batch_rows)
        try:
            return compute_and_write(
                batches, method, scope, writer, base_currency=base_currency, run_events=run_events
            )
        except LedgerError:
            pass  # read whole: out of order, or the first problem as a whole reading finds it
    whole = read_ledger(path, validate=False)
    return compute_and_write(whole, method, scope, writer, base_currency=base_currency, run_events=run_events)


def _opening(
    events: Events, timeline: MethodTimeline, scope: AllocationScope, start: Snapshot | None, at: datetime
) -> Snapshot:
    before = events.sorted_before(_epoch_us(at))
    return result_from_events(before, timeline, scope, start, until=at).snapshot


def _epoch_us(at: datetime) -> int:
    return (at - _EPOCH) // timedelta(microseconds=1)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _parquet_ledger(path: Path) -> bool:
    if path.suffix.lower() != ".parquet" or not path.is_file():
        return False
    return all(name in pl.read_parquet_schema(path) for name in LEDGER_COLUMNS)


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


def ledger_events(batches: Iterable[pl.DataFrame], base_currency: str) -> Events:
    """The events (as `build_events` makes them) of a ledger given as raw batches of whole
    transactions in transaction order (a transaction may continue into the next batch)."""
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
            if flows.is_empty():
                continue
            tx_ids = flows.get_column("tx_id")
            if not bool((tx_ids >= tx_ids.shift()).all()):
                raise NotInTransactionOrder("the ledger's batches are not in transaction order")
            last = int((tx_ids == tx_ids[-1]).sum())
            carried = flows.slice(flows.height - last)
            transactions = _add_parts(
                flows.head(flows.height - last), base_currency, transactions, pool, made
            )
        if carried is not None:
            _add_parts(carried, base_currency, transactions, pool, made)
        results = [future.result() for future in made]
    finally:
        pool.shutdown(cancel_futures=True)
    if not results:
        empty = pl.DataFrame(schema=dict.fromkeys(LEDGER_COLUMNS, pl.String))
        return build_events(validate_ledger(empty), base_currency)
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


def _write(
    events: Events,
    timeline: MethodTimeline,
    scope: AllocationScope,
    writer: ResultWriter,
    run_events: int,
    opening: Callable[[], Snapshot] | None,
) -> Written:
    code = c_core_method(events.frame, timeline, carrying=False)
    if code is None or events.frame.is_empty():
        return _handed_over(writer, _whole(result_from_events(events.sorted(), timeline, scope)), opening)
    return _handed_over(writer, _walked_runs(events, code, timeline, scope, run_events), opening)


def _handed_over(
    writer: ResultWriter,
    parts: Generator[list[Part], None, Written],
    opening: Callable[[], Snapshot] | None = None,
) -> Written:
    """Every part handed to the writer as it is made, then `opening` made (while the writer's threads
    write what they were given), then the writer finished (or, on any error, abandoned)."""
    writer.start()
    try:
        while True:
            try:
                writer.submit(next(parts))
            except StopIteration as made:
                written: Written = made.value
                break
        if opening is not None:
            written = replace(written, checkpoint=opening())
        writer.finish(written)
    except BaseException:
        writer.abandon()
        raise
    return written


def _continued(
    events: Events, timeline: MethodTimeline, scope: AllocationScope, start: Snapshot
) -> Generator[list[Part], None, Written]:
    """The result from `start` on, computed once the writer has started (it prepares meanwhile)."""
    return (yield from _whole(result_from_events(events.sorted(), timeline, scope, start)))


def _whole(result: LotResult) -> Generator[list[Part], None, Written]:
    yield [("lots", result.lots), ("income", result.income)]
    yield [("disposals", result.disposals)]
    return Written(
        result.method, result.scope, result.lots.height, result.disposals.height, result.income.height
    )


def asset_runs(lengths: list[int], run_events: int) -> list[tuple[int, int]]:
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


def _walked_runs(
    events: Events, code: int, timeline: MethodTimeline, scope: AllocationScope, run_events: int
) -> Generator[list[Part], None, Written]:
    """The tables of each run of assets as the C core walks it; what was made, at the end."""
    carried = Snapshot.empty(scope).lots
    next_row = n_acquisitions(events.frame)  # moved pieces are numbered after every acquisition
    lots_written = disposals_written = income_written = 0
    for offset, length in asset_runs(events.asset_lengths(), run_events):
        part = events.take(offset, length)
        walked = c_core_walk(part, code, scope is AllocationScope.WALLET, next_row)
        first_row = int(part["acquisition"][0])
        scaled = finish_lots(lots_table(part, carried, walked, first_row, next_row), walked)
        next_row += walked.moved.height
        lots, income = decimal_lots(scaled), income_table(part)
        yield [("lots", lots), ("income", income)]
        disposals = disposals_table(part, scaled, walked)  # the largest table, made while those are written
        yield [("disposals", disposals)]
        del scaled, walked
        lots_written += lots.height
        disposals_written += disposals.height
        income_written += income.height
    return Written(label(timeline), scope, lots_written, disposals_written, income_written)


__all__ = [
    "BATCH_ROWS",
    "RUN_EVENTS",
    "NotInTransactionOrder",
    "asset_runs",
    "compute_and_write",
    "compute_and_write_file",
    "ledger_events",
]
