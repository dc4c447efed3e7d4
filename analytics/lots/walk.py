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
from analytics.lots.snapshot import Snapshot
from analytics.lots.timeline import MethodTimeline
from vocabulary.enums import AllocationScope, CostBasisMethod
from vocabulary.lot_engine import SCALE

C_CORE_METHODS = {
    CostBasisMethod.FIFO: 0,
    CostBasisMethod.LIFO: 1,
    CostBasisMethod.HIFO: 2,
    CostBasisMethod.LOFO: 3,
}
# the methods the C core walks from carried lots: they never rank a piece, so a carried piece's rank
# (the snapshot's, exact to 10**-80) is only handed back
C_CORE_CARRYING = frozenset({CostBasisMethod.FIFO, CostBasisMethod.LIFO})
CARRIED_RANK = 2  # the C core's `ranked` flag of a piece whose rank is a carried lot's
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
    events: pl.DataFrame, timeline: MethodTimeline, scope: AllocationScope, carried: pl.DataFrame
) -> Walked:
    """Walk the events (sorted by asset, time, kind, tx, flow; with an `acquisition` column) from the
    `carried` lots (a snapshot's, perhaps none)."""
    method = c_core_method(events, timeline, carrying=not carried.is_empty())
    if method is not None:
        return c_core_walk(events, method, scope is AllocationScope.WALLET, carried=carried)
    return _python_walk(events, timeline, scope, start_lots(carried))


def c_core_method(events: pl.DataFrame, timeline: MethodTimeline, *, carrying: bool) -> int | None:
    """The C core's method code when it can walk these events (from carried lots, when `carrying`:
    FIFO and LIFO, which never rank a piece), else None."""
    single = timeline.periods[0].method if len(timeline.periods) == 1 else None
    if (
        _c_core is not None
        and single in C_CORE_METHODS
        and not (carrying and single not in C_CORE_CARRYING)
        and not events.filter((pl.col("kind") == ACQUIRE) & (pl.col("amount") < 0)).height
        and not (events["kind"] == CARRY).any()  # a carry crosses assets: the walk per asset cannot
    ):
        return C_CORE_METHODS[single]
    return None


def start_lots(carried: pl.DataFrame) -> list[StartLot]:
    """The carried lots as the Python walk takes them."""
    columns = (
        carried["asset"],
        carried["account"],
        _scaled(carried["remaining"]),
        _scaled(carried["remaining_cost_basis"]),
        carried["order"],
        carried["acquired_at"].dt.epoch("us"),
        carried["rank"],
    )
    return [
        StartLot(asset, account, quantity, cost, order, acquired, int(rank))
        for asset, account, quantity, cost, order, acquired, rank in zip(*columns, strict=True)
    ]


def _scaled(column: pl.Series) -> pl.Series:
    """Decimals as integers in units of 10**-SCALE."""
    return column.cast(pl.Decimal(38, SCALE)).to_physical()


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


def c_core_walk(
    events: pl.DataFrame,
    method: int,
    wallet: bool,
    next_row: int | None = None,
    carried: pl.DataFrame | None = None,
) -> Walked:
    """The C core's walk. Lots-table rows are the `carried` lots' (a snapshot's, in its order), then the
    events' `acquisition` numbers after them, then from `next_row` (default: right after those) the
    pieces moved by transfers; the events may be a run of whole assets cut from a larger frame (rows
    then stay global)."""
    assert _c_core is not None
    carried = Snapshot.empty(AllocationScope.UNIVERSAL).lots if carried is None else carried
    n = events.height
    lengths = events["asset"].rle()  # sorted by asset: one run per asset
    assets = lengths.struct.field("value")
    # after them, the assets only carried lots hold (their pieces stay open as they came)
    carried_assets = carried["asset"].unique(maintain_order=True)
    only_carried = carried_assets.filter(~carried_assets.is_in(assets.implode()))
    sizes = pl.concat(
        [lengths.struct.field("len").cast(pl.Int64), pl.zeros(only_carried.len(), pl.Int64, eager=True)]
    )
    starts = pl.concat([pl.Series([0], dtype=pl.Int64), sizes.cum_sum()])
    asset_code = pl.col("asset").cast(pl.Enum(pl.concat([assets, only_carried]))).to_physical()
    # by asset, then in the snapshot's order: a carried lot's row is its place there
    held = carried.with_columns(
        code=asset_code.cast(pl.Int64), row=pl.int_range(pl.len(), dtype=pl.Int64)
    ).sort("code", "row")
    boundaries = pl.Series(range(starts.len()), dtype=pl.Int64)
    carried_starts = held.select(pl.col("code").search_sorted(boundaries).cast(pl.Int64)).to_series()
    if wallet:
        names = pl.concat([events["account"], events["to_account"], held["account"]])
        known = names.drop_nulls().unique()
        codes = names.cast(pl.Enum(known)).to_physical().cast(pl.Int32).fill_null(-1)
        accounts = known.len()
        account, to_account, carried_account = codes.head(n), codes.slice(n, n), codes.slice(2 * n)
    else:
        accounts = 1
        account = to_account = pl.zeros(n, pl.Int32, eager=True)
        carried_account = pl.zeros(held.height, pl.Int32, eager=True)
    first_row = carried.height
    first_order = 0 if carried.is_empty() else int(carried["order"].max()) + 1  # type: ignore[arg-type]
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
        first_row,
        first_order,
        first_row + n_acquisitions(events) if next_row is None else next_row,
        _buffer(carried_starts),
        _buffer(carried_account),
        _buffer(_scaled(held["remaining"])),
        _buffer(_scaled(held["remaining_cost_basis"])),
        _buffer(held["order"]),
        _buffer(held["row"]),
        _buffer(held["acquired_at"].dt.epoch("us")),
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
        carried_ranks = carried["rank"].to_list()
        return [
            str(
                int(carried_ranks[cost])
                if flag == CARRIED_RANK
                else cost * RANK_SCALE // quantity
                if flag
                else UNRANKED
            )
            for cost, quantity, flag in zip(costs, quantities, ranked, strict=True)
        ]

    return Walked(slices, moved, open_, ranks)


def n_acquisitions(events: pl.DataFrame) -> int:
    return int((events["kind"] == ACQUIRE).sum())
