"""The matching walk as columns: the C core (`_c_core`) when it applies, else matching.py.

Both give the same `Walked` frames, value for value: the C core is the same walk on the same
scaled integers with the same rounding (tests/analytics/test_c_core.py compares them).
"""

from collections.abc import Callable
from dataclasses import dataclass

import polars as pl

from analytics.lots.c_core import _c_core, from_bytes
from analytics.lots.c_core import buffer as _buffer
from analytics.lots.events import ACQUIRE, CARRY
from analytics.lots.matching import ORDER, RANK, ROW, ROW_BITS, UNRANKED, EventColumns, Matching, StartLot
from analytics.lots.matching import match as python_match
from analytics.lots.timeline import MethodTimeline
from vocabulary.enums import AllocationScope, CostBasisMethod

C_CORE_METHODS = {
    CostBasisMethod.FIFO: 0,
    CostBasisMethod.LIFO: 1,
    CostBasisMethod.HIFO: 2,
    CostBasisMethod.LOFO: 3,
}
RANK_SCALE = 10**80
_I128 = pl.Int128
SLICE_SCHEMA = {
    "event": pl.Int64,
    "row": pl.Int64,
    "quantity": _I128,
    "cost_basis": _I128,
    "acquired": pl.Int64,
    "rule": pl.Int8,
    "proceeds": _I128,
    "denied_loss": _I128,
}
MOVED_SCHEMA = {
    "parent": pl.Int64,
    "event": pl.Int64,
    "quantity": _I128,
    "cost_basis": _I128,
    "acquired": pl.Int64,
}
OPEN_SCHEMA = {"row": pl.Int64, "order": pl.Int64, "remaining": _I128, "remaining_cost_basis": _I128}


@dataclass
class Walked:
    """What the walk produced.

    slices: one row per disposal slice (event index, lots-table row or -1 beyond holdings,
    quantity, cost, acquired_at µs, SP rule code or 0, proceeds, denied loss), in walk order.
    moved: lots-table rows created by transfers, in row order (parent row or -1, event, ...).
    open: the open pieces (row, acquisition order, what remains of them).
    ranks: the open pieces' exact costs per unit (as the snapshot keeps them), on demand.
    """

    slices: pl.DataFrame
    moved: pl.DataFrame
    open: pl.DataFrame
    ranks: Callable[[], list[str]]


def walk(
    events: pl.DataFrame, timeline: MethodTimeline, scope: AllocationScope, start: list[StartLot]
) -> Walked:
    """Walk the events (sorted by asset, time, kind, tx, flow; with an `acquisition` column)."""
    method = c_core_method(events, timeline, start)
    if method is not None:
        return c_core_walk(events, method, scope is AllocationScope.WALLET)
    return _python_walk(events, timeline, scope, start)


def c_core_method(events: pl.DataFrame, timeline: MethodTimeline, start: list[StartLot]) -> int | None:
    """The C core's method code when it can walk these events, else None."""
    single = timeline.periods[0].method if len(timeline.periods) == 1 else None
    if (
        _c_core is not None
        and single in C_CORE_METHODS
        and not start
        and not events.filter((pl.col("kind") == ACQUIRE) & (pl.col("amount") < 0)).height
        and not (events["kind"] == CARRY).any()  # a carry crosses assets: the walk per asset cannot
    ):
        return C_CORE_METHODS[single]
    return None


def _python_walk(
    events: pl.DataFrame, timeline: MethodTimeline, scope: AllocationScope, start: list[StartLot]
) -> Walked:
    columns = EventColumns(
        asset=events["asset"].to_list(),
        ts=events["ts"].to_list(),
        kind=events["kind"].to_list(),
        account=events["account"].to_list(),
        to_account=events["to_account"].to_list(),
        quantity=events["quantity"].to_list(),
        amount=events["amount"].to_list(),
        acquisition=events["acquisition"].to_list(),
        to_asset=events["to_asset"].to_list() if "to_asset" in events.columns else None,
    )
    matching = python_match(columns, timeline, scope, start)
    return _from_matching(matching)


def _from_matching(matching: Matching) -> Walked:
    denied = [0] * len(matching.slices)
    for index, amount in matching.denied_loss.items():
        denied[index] = amount
    columns = list(zip(*matching.slices, strict=True)) or [()] * 7
    slices = pl.DataFrame(
        {
            "event": columns[0],
            "row": columns[1],
            "quantity": columns[2],
            "cost_basis": columns[3],
            "acquired": columns[4],
            "rule": columns[5],
            "proceeds": columns[6],
            "denied_loss": denied,
        },
        schema=SLICE_SCHEMA,
    )
    moved = pl.DataFrame(
        {
            "parent": matching.moved_parent,
            "event": matching.moved_event,
            "quantity": matching.moved_quantity,
            "cost_basis": matching.moved_cost,
            "acquired": matching.moved_acquired,
        },
        schema=MOVED_SCHEMA,
    )
    pieces = matching.open_pieces
    open_ = pl.DataFrame(
        {
            "row": [piece[ROW] for piece in pieces],
            "order": [piece[ORDER] >> ROW_BITS for piece in pieces],
            "remaining": [piece[0] for piece in pieces],
            "remaining_cost_basis": [piece[1] for piece in pieces],
        },
        schema=OPEN_SCHEMA,
    )
    ranks = [str(piece[RANK]) for piece in pieces]
    return Walked(slices, moved, open_, lambda: ranks)


def c_core_walk(events: pl.DataFrame, method: int, wallet: bool, next_row: int | None = None) -> Walked:
    """The C core's walk. Lots-table rows are the events' `acquisition` numbers, then from
    `next_row` (default: the number of acquisitions) for the pieces moved by transfers; the
    events may be a run of whole assets cut from a larger frame (rows then stay global)."""
    assert _c_core is not None
    n = events.height
    lengths = events["asset"].rle()  # sorted by asset: one run per asset
    starts = pl.concat([pl.Series([0], dtype=pl.Int64), lengths.struct.field("len").cast(pl.Int64).cum_sum()])
    if wallet:
        names = pl.concat([events["account"], events["to_account"]])
        known = names.drop_nulls().unique()
        codes = names.cast(pl.Enum(known)).to_physical().cast(pl.Int32).fill_null(-1)
        accounts = known.len()
        account, to_account = codes.head(n), codes.tail(n)
    else:
        accounts = 1
        account = to_account = pl.zeros(n, pl.Int32, eager=True)
    parts = _c_core.match(
        method,
        wallet,
        n,
        _buffer(starts),
        _buffer(events["ts"]),
        _buffer(events["kind"]),
        _buffer(account),
        _buffer(to_account),
        _buffer(events["quantity"]),
        _buffer(events["amount"]),
        _buffer(events["acquisition"]),
        accounts,
        0,
        n_acquisitions(events) if next_row is None else next_row,
    )
    (event, row, quantity, cost, acquired, proceeds) = parts[:6]
    count = len(event) // 8
    slices = pl.DataFrame(
        {
            "event": from_bytes(event, pl.Int64),
            "row": from_bytes(row, pl.Int64),
            "quantity": from_bytes(quantity, _I128),
            "cost_basis": from_bytes(cost, _I128),
            "acquired": from_bytes(acquired, pl.Int64),
            "rule": pl.zeros(count, pl.Int8, eager=True),
            "proceeds": from_bytes(proceeds, _I128),
            "denied_loss": pl.zeros(count, _I128, eager=True),
        }
    )
    moved = pl.DataFrame(
        {
            name: from_bytes(data, dtype)
            for (name, dtype), data in zip(MOVED_SCHEMA.items(), parts[6:11], strict=True)
        }
    )
    row, order, remaining, remaining_cost, rank_cost, rank_quantity, ranked = parts[11:]
    open_ = pl.DataFrame(
        {
            "row": from_bytes(row, pl.Int64),
            "order": from_bytes(order, pl.Int64),
            "remaining": from_bytes(remaining, _I128),
            "remaining_cost_basis": from_bytes(remaining_cost, _I128),
        }
    )

    def ranks() -> list[str]:
        costs = from_bytes(rank_cost, _I128).to_list()
        quantities = from_bytes(rank_quantity, _I128).to_list()
        return [
            str(cost * RANK_SCALE // quantity if flag else UNRANKED)
            for cost, quantity, flag in zip(costs, quantities, ranked, strict=True)
        ]

    return Walked(slices, moved, open_, ranks)


def n_acquisitions(events: pl.DataFrame) -> int:
    return int((events["kind"] == ACQUIRE).sum())
