"""The output tables, built from the events and the walk (vectorised)."""

from collections.abc import Iterable

import polars as pl

from analytics.lots.c_core import lineage, scaled_as_decimal
from analytics.lots.events import ACQUIRE
from analytics.lots.uk_matching import SpRule
from analytics.lots.walk import Walked
from vocabulary.enums import CalloutType
from vocabulary.lot_engine import DISPOSAL_COLUMNS, INCOME_COLUMNS, LOT_COLUMNS, SCALE

DECIMAL = pl.Decimal(38, SCALE)
TIMESTAMP = pl.Datetime("us", "UTC")
# the callouts the engine flags rows with
CALLOUTS = (CalloutType.INSUFFICIENT_QUANTITY, CalloutType.MISSING_PRICE_HISTORY)
_RULES = {1: SpRule.SAME_DAY.value, 2: SpRule.BED_AND_BREAKFAST.value, 3: SpRule.SECTION_104.value}


def as_decimals(frame: pl.DataFrame, names: Iterable[str]) -> pl.DataFrame:
    """Columns of integers in units of 10**-18 as exact decimals."""
    return frame.with_columns(scaled_as_decimal(frame.get_column(name), SCALE) for name in names)


def scaled(column: pl.Expr) -> pl.Expr:
    return column.cast(DECIMAL).to_physical()


def lots_table(
    events: pl.DataFrame,
    carried: pl.DataFrame,
    walked: Walked,
    first_row: int = 0,
    moved_row: int | None = None,
) -> pl.DataFrame:
    """Every lot row: carried from a snapshot, opened by an acquisition, or moved by a transfer.

    Returned with scaled integer columns `quantity`, `cost_basis` and a `row` index (the walk's
    lots-table rows: from `first_row` for the carried and acquired lots, from `moved_row`,
    by default right after them, for the moved pieces); see `finish_lots` for the final decimals.
    In output order: by asset, and within an asset the carried lots, the acquired ones in event
    order, then the pieces moved by transfers in walk order (so a run of whole assets is final).
    """
    acquired = events.filter(pl.col("kind") == ACQUIRE).select(
        lot_id=pl.col("flow_id"),
        origin_lot_id=pl.col("flow_id"),
        transfer_chain=pl.lit(""),
        tx_id=pl.col("tx_id"),
        asset=pl.col("asset"),
        account=pl.col("account"),
        acquired_at=pl.col("ts"),
        quantity=pl.col("quantity"),
        cost_basis=pl.col("amount"),
        callout=pl.when(pl.col("missing_price")).then(pl.lit(CalloutType.MISSING_PRICE_HISTORY.value)),
    )
    head = pl.concat(
        [
            carried.select(
                *acquired.columns[:6],
                pl.col("acquired_at").dt.epoch("us"),
                scaled(pl.col("quantity")).alias("quantity"),
                scaled(pl.col("cost_basis")).alias("cost_basis"),
                "callout",
            ),
            acquired,
        ]
    )
    moved_row = first_row + head.height if moved_row is None else moved_row
    moved = _moved(events, head, walked, first_row, moved_row)
    rows = pl.concat(
        [
            pl.int_range(first_row, first_row + head.height, dtype=pl.Int64, eager=True),
            pl.int_range(moved_row, moved_row + moved.height, dtype=pl.Int64, eager=True),
        ]
    )
    return (
        pl.concat([head, moved])
        .select(pl.lit(rows).alias("row"), pl.all())
        .sort("asset", maintain_order=True)
    )


def _moved(
    events: pl.DataFrame, head: pl.DataFrame, walked: Walked, first_row: int, moved_row: int
) -> pl.DataFrame:
    """Pieces created by transfers and carries: their id is the parent's id, '>', and the receiving
    flow; a carried piece is of the asset it was converted into."""
    moved = walked.moved
    asset = pl.coalesce("to_asset", "asset") if "to_asset" in events.columns else pl.col("asset")
    moves = events.select("flow_id", "tx_id", asset.alias("asset"), "to_account")[moved["event"]]
    # a parent is a head row, or a moved row listed before its child: as positions in head + moved
    parent = pl.col("parent")
    parents = moved.select(
        pl.when(parent < 0)
        .then(-1)
        .when(parent >= moved_row)
        .then(parent - moved_row + head.height)
        .otherwise(parent - first_row)
    ).to_series()
    built = lineage(head["lot_id"], head["transfer_chain"], moves["flow_id"], parents)
    if built is None:
        ids, chains, roots = _lineage(head, moves, parents)
    else:
        ids, chains, roots = built
    return pl.DataFrame(
        {
            "lot_id": ids,
            "origin_lot_id": pl.concat([head["origin_lot_id"], moves["flow_id"]]).gather(roots),
            "transfer_chain": chains,
            "tx_id": pl.concat([head["tx_id"], moves["tx_id"]]).gather(roots),
            "asset": moves["asset"],
            "account": moves["to_account"].fill_null(""),
            "acquired_at": moved["acquired"],
            "quantity": moved["quantity"],
            "cost_basis": moved["cost_basis"],
            "callout": parents.to_frame("parent")
            .select(pl.when(pl.col("parent") < 0).then(pl.lit(CalloutType.INSUFFICIENT_QUANTITY.value)))
            .to_series(),
        },
        schema=head.schema,
    )


def _lineage(
    head: pl.DataFrame, moves: pl.DataFrame, parents: pl.Series
) -> tuple[pl.Series, pl.Series, pl.Series]:
    """What the C core's `lineage` gives, in Python (without the C core)."""
    ids, chains = head["lot_id"].to_list(), head["transfer_chain"].to_list()
    roots: list[int] = []
    start = len(ids)
    for position, (parent, flow) in enumerate(zip(parents, moves["flow_id"], strict=True)):
        if parent < 0:
            ids.append(flow)
            chains.append("")
            roots.append(start + position)
        else:
            ids.append(f"{ids[parent]}>{flow}")
            chains.append(f"{chains[parent]}>{flow}" if chains[parent] else flow)
            roots.append(parent if parent < start else roots[parent - start])
    return (
        pl.Series(ids[start:], dtype=pl.String),
        pl.Series(chains[start:], dtype=pl.String),
        pl.Series(roots, dtype=pl.Int64),
    )


def finish_lots(lots: pl.DataFrame, walked: Walked) -> pl.DataFrame:
    remaining = walked.open.select("row", "remaining", "remaining_cost_basis")
    return lots.join(remaining, on="row", how="left", maintain_order="left").with_columns(
        pl.col("remaining", "remaining_cost_basis").fill_null(0)
    )


def decimal_lots(lots: pl.DataFrame) -> pl.DataFrame:
    return as_decimals(
        lots.select(*LOT_COLUMNS[:6], pl.col("acquired_at").cast(TIMESTAMP), *LOT_COLUMNS[7:]),
        LOT_COLUMNS[7:11],
    )


def open_pieces(lots: pl.DataFrame, walked: Walked) -> pl.DataFrame:
    """The open lots with the walk's internal order and rank (what a snapshot keeps)."""
    pieces = walked.open.select("row", "order").with_columns(rank=pl.Series(walked.ranks(), dtype=pl.String))
    joined = lots.join(pieces, on="row", how="inner").sort("order", "row")
    return pl.concat([decimal_lots(joined), joined.select("order", "rank")], how="horizontal")


def disposals_table(events: pl.DataFrame, lots: pl.DataFrame, walked: Walked) -> pl.DataFrame:
    slices = walked.slices
    event = events.select("flow_id", "tx_id", "type", "asset", "account", "ts", "missing_price")
    lot = lots.select("row", "lot_id", "origin_lot_id", "transfer_chain")
    acquired_day = pl.col("acquired_at").dt.date()
    disposed_day = pl.col("disposed_at").dt.date()
    table = (
        pl.concat([slices, event[slices["event"]]], how="horizontal")
        .join(lot, on="row", how="left", maintain_order="left")
        .with_columns(
            acquired_at=pl.col("acquired").cast(TIMESTAMP),
            disposed_at=pl.col("ts").cast(TIMESTAMP),
        )
        .with_columns(
            (disposed_day - acquired_day).dt.total_days().alias("holding_days"),
            (pl.col("proceeds") - pl.col("cost_basis") + pl.col("denied_loss")).alias("gain"),
            # IRS: long term when held more than one year, counted from the day after acquisition.
            pl.when(disposed_day > acquired_day.dt.offset_by("1y"))
            .then(pl.lit("LONG"))
            .otherwise(pl.lit("SHORT"))
            .alias("term"),
            pl.col("rule").replace_strict(_RULES, default=None, return_dtype=pl.String).alias("rule"),
            pl.concat_str(
                pl.when(pl.col("row") < 0).then(pl.lit(CalloutType.INSUFFICIENT_QUANTITY.value)),
                pl.when(pl.col("missing_price")).then(pl.lit(CalloutType.MISSING_PRICE_HISTORY.value)),
                separator=";",
                ignore_nulls=True,
            )
            .replace("", None)
            .alias("callout"),
        )
        .select(DISPOSAL_COLUMNS)
    )
    return as_decimals(table, ("quantity", "proceeds", "cost_basis", "gain", "denied_loss"))


def income_table(events: pl.DataFrame) -> pl.DataFrame:
    income = (
        events.filter(pl.col("income"))
        .with_columns(
            pl.col("ts").cast(TIMESTAMP).alias("received_at"),
            pl.col("amount").alias("value"),
            pl.when(pl.col("missing_price"))
            .then(pl.lit(CalloutType.MISSING_PRICE_HISTORY.value))
            .alias("callout"),
        )
        .select(INCOME_COLUMNS)
    )
    return as_decimals(income, ("quantity", "value"))
