"""From validated flows to lot events: valuation, fees, transfer pairing.

Each crypto flow becomes one event of one asset: ACQUIRE (opens a lot), MOVE (a transfer
between own accounts) or DISPOSE (closes lots); the legs of a carry (a conversion into another
asset that is not a disposal) become CARRY events. Fiat flows are money: they value the other
side of their transaction and pay fees, and never become events. The rules are those of
analytics/TREATMENTS.md; everything here is vectorised and exact (scaled Int128 integers).
"""

from dataclasses import dataclass
from typing import Any

import polars as pl

from analytics.lots.c_core import _c_core, buffer, from_bytes, scaled_as_decimal
from analytics.lots.ledger_input import LedgerError
from vocabulary.enums import TransactionType
from vocabulary.fiat import FIAT_CODES
from vocabulary.lot_engine import (
    CARRY_TYPE,
    EXCHANGE_TYPES,
    FEE_TYPE,
    INCOME_TYPES,
    SCALE,
    ZERO_PROCEEDS_TYPES,
)

ACQUIRE, MOVE, DISPOSE, CARRY = 0, 1, 2, 3
_INT = pl.Int128
_FIAT = sorted(FIAT_CODES)


@dataclass(frozen=True)
class Events:
    """Lot events as they were made, and their order by (asset, time, kind, tx, flow ordinal).

    Columns of `frame`: asset, ts (µs since the epoch, UTC), kind, account, to_account (MOVE
    only), quantity and amount (integers in units of 10**-18; amount is the cost of an
    acquisition or the proceeds of a disposal), flow_id, tx_id, type, missing_price, income.
    A CARRY event takes `quantity` of its asset's lots into `amount` of `to_asset` (a column only
    ledgers with carries have) in `to_account`; its flow_id is the receiving leg's.
    `positions` are its rows in order; `acquisition` numbers, in that order, the acquisitions
    before each event. The events are sorted a run at a time (`take`), so that they are never
    whole in memory twice.
    """

    frame: pl.DataFrame
    positions: pl.Series
    acquisition: pl.Series

    def take(self, offset: int, length: int) -> pl.DataFrame:
        """Events `offset` to `offset + length` in order, with their `acquisition` column."""
        rows = self.frame[self.positions.slice(offset, length)]
        return rows.with_columns(self.acquisition.slice(offset, length))

    def sorted(self) -> pl.DataFrame:
        return self.take(0, self.frame.height)

    def sorted_before(self, ts: int) -> pl.DataFrame:
        """The events before `ts` (µs since the epoch) in order, their acquisitions numbered among them
        (what `sorted` gives for a ledger of only the flows before it)."""
        positions = self.positions.filter(self.frame.get_column("ts").gather(self.positions) < ts)
        rows = self.frame[positions]
        acquired = (rows.get_column("kind") == ACQUIRE).cast(pl.Int64)
        return rows.with_columns((acquired.cum_sum() - acquired).alias("acquisition"))

    def asset_lengths(self) -> list[int]:
        """How many events each asset has, in order (the assets' order is their names')."""
        return self.frame.group_by("asset").len().sort("asset").get_column("len").to_list()


def build_events(flows: pl.DataFrame, base_currency: str) -> Events:
    parts, legs = event_parts(flows, base_currency)
    del flows
    return assemble([parts], [legs])


def valued_flows(flows: pl.DataFrame, base_currency: str) -> pl.DataFrame:
    """Validated flows, in (tx_id, row) order, with `resolved`: each flow's value in the base
    currency as the engine takes it (TREATMENTS.md: its own value, else the other side's), null
    when it has none. For reports that show the ledger as the engine values it."""
    valued = _valued(flows, base_currency)
    resolved = scaled_as_decimal(valued.get_column("resolved"), SCALE)
    return valued.select(*flows.columns).with_columns(resolved)


def event_parts(
    flows: pl.DataFrame, base_currency: str, first_tx: int = 0
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The events of validated flows of whole transactions, but the transfers', unsorted; and
    the transfer legs (for `assemble`). Transactions are numbered from `first_tx` + 1."""
    flows = _valued(flows, base_currency, first_tx)
    # one lazy query: each part reads only the columns it needs, and nothing wide is copied
    crypto = flows.lazy().filter(~pl.col("fiat"))
    unlinked = crypto.filter(~pl.col("is_fee") & pl.col("link_id").is_null())
    trading = unlinked.filter(pl.col("type") != CARRY_TYPE)
    acquisitions = trading.filter(pl.col("direction") == "IN").select(
        *_common(ACQUIRE),
        (pl.col("resolved").fill_null(0) + pl.col("fee_share")).alias("amount"),
        pl.col("resolved").is_null().alias("missing_price"),
    )
    zero_proceeds = pl.col("type").is_in(sorted(ZERO_PROCEEDS_TYPES))
    disposals = trading.filter(pl.col("direction") == "OUT").select(
        *_common(DISPOSE),
        pl.when(zero_proceeds)
        .then(pl.lit(0, _INT))
        .otherwise(pl.col("resolved").fill_null(0) - pl.col("fee_share"))
        .alias("amount"),
        (pl.col("resolved").is_null() & ~zero_proceeds).alias("missing_price"),
    )
    fees = crypto.filter(pl.col("is_fee")).select(
        *_common(DISPOSE, type_=FEE_TYPE),
        pl.col("own").fill_null(0).alias("amount"),
        pl.col("own").is_null().alias("missing_price"),
    )
    legs = crypto.filter(~pl.col("is_fee") & pl.col("link_id").is_not_null()).with_columns(_FLOW_ID).collect()
    parts = pl.concat([acquisitions, disposals, fees], how="vertical").collect()
    carried = unlinked.filter(pl.col("type") == CARRY_TYPE).with_columns(_FLOW_ID).collect()
    if carried.height:
        parts = pl.concat([parts, _carries(carried)], how="diagonal")
    return parts, legs


def assemble(parts: list[pl.DataFrame], legs: list[pl.DataFrame]) -> Events:
    """The events of every part and of the transfers (paired across all the legs), and their order."""
    moves, transfer_fees = _transfers(pl.concat(legs, how="vertical"))
    legs.clear()
    carrying = any("to_asset" in part.columns for part in parts)
    frame = pl.concat([*parts, moves, transfer_fees], how="diagonal" if carrying else "vertical")
    parts.clear()
    frame = frame.with_columns(
        income=pl.col("type").is_in(sorted(INCOME_TYPES)) & (pl.col("kind") == ACQUIRE)
    )
    positions = order(frame)
    acquired = (frame.get_column("kind").gather(positions) == ACQUIRE).cast(pl.Int64)
    acquisition = (acquired.cum_sum() - acquired).alias("acquisition")
    return Events(frame.drop("tx", "ordinal"), positions, acquisition)


_ORDER = ("asset", "ts", "kind", "tx", "ordinal")


def order(frame: pl.DataFrame) -> pl.Series:
    """The rows of events in (asset, time, kind, tx, flow ordinal) order, a key unique to each event.

    The C core merges the runs the events already come in (each batch's acquisitions, disposals
    and fees are in time order when the ledger is), within each asset; Polars sorts otherwise.
    """
    if _c_core is None:
        return _sorted_rows(frame)
    assets = frame.get_column("asset").unique().sort()
    codes = frame.get_column("asset").cast(pl.Enum(assets)).to_physical().cast(pl.Int32)
    positions = _c_core.order(
        frame.height,
        assets.len(),
        buffer(codes),
        buffer(frame.get_column("ts")),
        buffer(frame.get_column("kind")),
        buffer(frame.get_column("tx").cast(pl.UInt32)),
        buffer(frame.get_column("ordinal")),
    )
    if positions is None:  # beyond the C core's key (2**24 flows in a transaction)
        return _sorted_rows(frame)
    return from_bytes(positions, pl.UInt32)


def _sorted_rows(frame: pl.DataFrame) -> pl.Series:
    return frame.select(pl.arg_sort_by(_ORDER)).to_series().cast(pl.UInt32)


# a flow's id: its transaction's and its place in it (made only for the flows that become events)
_FLOW_ID = (pl.col("tx_id") + ":" + pl.col("ordinal").cast(pl.String)).alias("flow_id")


def _common(kind: int, *, type_: str | None = None, quantity: pl.Expr | None = None) -> list[pl.Expr]:
    return [
        pl.col("asset"),
        pl.col("ts"),
        pl.lit(kind, pl.Int8).alias("kind"),
        pl.col("account"),
        pl.lit(None, pl.String).alias("to_account"),
        (pl.col("q") if quantity is None else quantity).alias("quantity"),
        _FLOW_ID,
        pl.col("tx_id"),
        pl.lit(type_).alias("type") if type_ else pl.col("type"),
        pl.col("tx"),
        pl.col("ordinal"),
    ]


def _valued(flows: pl.DataFrame, base_currency: str, first_tx: int = 0) -> pl.DataFrame:
    """Add own value, resolved value and fee share to every flow (see TREATMENTS.md)."""
    if not _sorted_by_tx(flows):
        flows = flows.sort("tx_id", "row")
    flows = flows.with_columns(_flow_columns(first_tx))
    if _c_core is None:
        return _valued_polars(flows, base_currency)
    into, fee, link = pl.col("direction") == "IN", pl.col("is_fee"), pl.col("link_id").is_not_null()
    flags = flows.select(
        (
            into.cast(pl.Int8)
            | (fee.cast(pl.Int8) * 2)
            | (link.cast(pl.Int8) * 4)
            | (pl.col("fiat").cast(pl.Int8) * 8)
            | ((pl.col("asset") == base_currency).cast(pl.Int8) * 16)
            | (pl.col("type").is_in([TransactionType.BUY, TransactionType.SELL]).cast(pl.Int8) * 32)
            | (pl.col("type").is_in(sorted(EXCHANGE_TYPES)).cast(pl.Int8) * 64)
        ).alias("flags"),
        pl.col("value").fill_null(0).alias("value"),
        pl.col("value").is_not_null().cast(pl.Int8).alias("has_value"),
    )
    starts = pl.concat(
        [flows.get_column("first_of_tx").arg_true().cast(pl.Int64), pl.Series([flows.height], dtype=pl.Int64)]
    )
    own, has_own, resolved, has_resolved, fee_share = _c_core.value(
        buffer(starts),
        buffer(flags.get_column("flags")),
        buffer(flows.get_column("quantity")),
        buffer(flags.get_column("value")),
        buffer(flags.get_column("has_value")),
    )
    return flows.with_columns(
        own=pl.when(from_bytes(has_own, pl.Int8) == 1).then(from_bytes(own, _INT)),
        resolved=pl.when(from_bytes(has_resolved, pl.Int8) == 1).then(from_bytes(resolved, _INT)),
        fee_share=from_bytes(fee_share, _INT),
    ).drop("first_of_tx")


def _sorted_by_tx(flows: pl.DataFrame) -> bool:
    """Already in (tx_id, row) order? (rows are increasing: then tx_id non-decreasing is enough)"""
    return bool(flows.select((pl.col("tx_id") >= pl.col("tx_id").shift()).all()).item())


def _flow_columns(first_tx: int) -> list[pl.Expr]:
    index = pl.int_range(pl.len())
    first_of_tx = pl.col("tx_id") != pl.col("tx_id").shift(fill_value="")
    return [
        first_of_tx.alias("first_of_tx"),
        (first_of_tx.cum_sum() + first_tx).alias("tx"),
        (index - pl.when(first_of_tx).then(index).forward_fill()).alias("ordinal"),
        pl.col("timestamp").dt.epoch("us").alias("ts"),
        pl.col("quantity").to_physical().alias("q"),
        pl.col("asset").is_in(_FIAT).alias("fiat"),
    ]


def _valued_polars(flows: pl.DataFrame, base_currency: str) -> pl.DataFrame:
    """The same as the C core's `value`, in Polars: the reference, and the fallback without it."""
    flows = flows.drop("first_of_tx").with_columns(
        own=pl.when(pl.col("value").is_null() & (pl.col("asset") == base_currency))
        .then(pl.col("quantity").to_physical())
        .otherwise(pl.col("value").to_physical()),
    )
    trading = ~pl.col("is_fee") & pl.col("link_id").is_null()
    into, out = pl.col("direction") == "IN", pl.col("direction") == "OUT"
    sides = flows.group_by("tx").agg(
        in_n=(trading & into).sum(),
        in_missing=(trading & into & pl.col("own").is_null()).sum(),
        in_sum=pl.when(trading & into).then(pl.col("own")).sum(),
        out_n=(trading & out).sum(),
        out_missing=(trading & out & pl.col("own").is_null()).sum(),
        out_sum=pl.when(trading & out).then(pl.col("own")).sum(),
        crypto_in=(trading & into & ~pl.col("fiat")).sum(),
        fee_total=pl.when(pl.col("is_fee")).then(pl.col("own")).sum().cast(_INT),
    )
    flows = flows.join(sides, on="tx", how="left", maintain_order="left")
    counter = (
        pl.when(into & (pl.col("out_n") > 0) & (pl.col("out_missing") == 0) & (pl.col("in_n") == 1))
        .then(pl.col("out_sum"))
        .when(out & (pl.col("in_n") > 0) & (pl.col("in_missing") == 0) & (pl.col("out_n") == 1))
        .then(pl.col("in_sum"))
        .cast(_INT)
    )
    given_or_received = pl.col("type").is_in([TransactionType.BUY, TransactionType.SELL])
    target = (
        trading
        & ~pl.col("fiat")
        & pl.col("type").is_in(sorted(EXCHANGE_TYPES))
        & pl.when(pl.col("crypto_in") > 0).then(into).otherwise(out)
    )
    flows = flows.with_columns(
        resolved=pl.when(~trading)
        .then(pl.col("own"))
        .when(given_or_received)
        .then(pl.coalesce(counter, pl.col("own")))
        .otherwise(pl.coalesce(pl.col("own"), counter)),
        target=target,
        targets=target.sum().over("tx"),
    )
    return _share_fees(flows)


def _share_fees(flows: pl.DataFrame) -> pl.DataFrame:
    """A transaction's fees go to its acquisitions, or else reduce its disposals' proceeds.

    With several targets the fee is split by value (cumulative floors, so the parts add up to
    the fee exactly); that case is rare enough to be done in Python.
    """
    single = pl.when(pl.col("target") & (pl.col("targets") == 1)).then(pl.col("fee_total"))
    flows = flows.with_columns(fee_share=single.otherwise(0).cast(_INT))
    shared = flows.filter(pl.col("target") & (pl.col("targets") > 1) & (pl.col("fee_total") != 0))
    if shared.is_empty():
        return flows
    shares: dict[int, int] = {}
    for group in shared.sort("tx_id", "ordinal").partition_by("tx_id", maintain_order=True):
        fee = group["fee_total"][0]
        weights = [value or 0 for value in group["resolved"].to_list()]
        if not any(weights):
            weights = [1] * len(weights)
        for row, part in zip(group["row"].to_list(), split_exactly(fee, weights), strict=True):
            shares[row] = part
    split = pl.DataFrame(
        {"row": list(shares), "split": list(shares.values())},
        schema_overrides={"row": pl.Int64, "split": _INT},
    )
    return (
        flows.join(split, on="row", how="left", maintain_order="left")
        .with_columns(fee_share=pl.coalesce("split", "fee_share"))
        .drop("split")
    )


def split_exactly(total: int, weights: list[int]) -> list[int]:
    """Split `total` in proportion to `weights`; the parts add up to `total` exactly."""
    whole = sum(weights)
    parts, cumulative, allotted = [], 0, 0
    for weight in weights:
        cumulative += weight
        share = total * cumulative // whole
        parts.append(share - allotted)
        allotted = share
    return parts


def _transfers(legs: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Pair the two legs of each own-account transfer into one MOVE event.

    What the sending leg carries beyond what the receiving leg gets is a fee paid in crypto: a
    disposal at market value (the sending leg's value, pro rata).
    """
    counts = legs.group_by("link_id").agg(
        outs=(pl.col("direction") == "OUT").sum(),
        ins=(pl.col("direction") == "IN").sum(),
        assets=pl.col("asset").n_unique(),
        row=pl.col("row").min(),
    )
    bad = counts.filter((pl.col("outs") != 1) | (pl.col("ins") != 1) | (pl.col("assets") != 1))
    if bad.height:
        row, link = bad.sort("row").select("row", "link_id").row(0)
        raise LedgerError(
            f"transfer {link!r} needs exactly one OUT and one IN leg of the same asset",
            row=row,
            column="link_id",
        )
    sent = legs.filter(pl.col("direction") == "OUT")
    received = legs.filter(pl.col("direction") == "IN").select(
        "link_id",
        pl.col("account").alias("to_account"),
        pl.col("q").alias("q_in"),
        pl.col("flow_id").alias("flow_in"),
        pl.col("row").alias("row_in"),
    )
    pairs = sent.join(received, on="link_id", how="inner")
    over = pairs.filter(pl.col("q_in") > pl.col("q"))
    if over.height:
        raise LedgerError(
            "a transfer receives more than was sent",
            row=int(over["row_in"].min()),  # type: ignore[arg-type]
            column="quantity",
        )
    moves = pairs.select(
        pl.col("asset"),
        pl.col("ts"),
        pl.lit(MOVE, pl.Int8).alias("kind"),
        pl.col("account"),
        pl.col("to_account"),
        pl.col("q_in").alias("quantity"),
        pl.col("flow_in").alias("flow_id"),
        pl.col("tx_id"),
        pl.col("type"),
        pl.col("tx"),
        pl.col("ordinal"),
        pl.lit(0, _INT).alias("amount"),
        pl.lit(False).alias("missing_price"),
    )
    excess = pairs.filter(pl.col("q") > pl.col("q_in"))
    values = [
        None if own is None else own * (sent_q - got) // sent_q
        for own, sent_q, got in excess.select("own", "q", "q_in").iter_rows()
    ]
    fees = excess.select(
        *_common(DISPOSE, type_=FEE_TYPE, quantity=pl.col("q") - pl.col("q_in"))
    ).with_columns(
        amount=pl.Series(values, dtype=_INT).fill_null(0),
        missing_price=pl.Series(values, dtype=_INT).is_null(),
    )
    return moves, fees


def _carries(legs: pl.DataFrame) -> pl.DataFrame:
    """The CARRY events of the carry legs of whole transactions (TREATMENTS.md, "Carries").

    Each OUT leg's quantity is shared among the transaction's IN legs, and each IN leg's among the
    OUT legs, in proportion to the legs' values (equally when one has none): one event per pair.
    """
    events: list[dict[str, object]] = []
    columns = ("asset", "account", "q", "resolved", "flow_id", "ts", "tx_id", "tx", "ordinal", "row")
    for group in legs.sort("tx", "ordinal").partition_by("tx", maintain_order=True):
        sides = {
            direction: group.filter(pl.col("direction") == direction).select(columns).rows(named=True)
            for direction in ("OUT", "IN")
        }
        if not sides["OUT"] or not sides["IN"]:
            raise LedgerError(
                "a carry needs an OUT leg and an IN leg in its transaction",
                row=int(group["row"][0]),
                column="direction",
            )
        weights = {direction: _weights(legs) for direction, legs in sides.items()}
        for out_index, sent in enumerate(sides["OUT"]):
            given = split_exactly(sent["q"], weights["IN"])
            for in_index, received in enumerate(sides["IN"]):
                got = split_exactly(received["q"], weights["OUT"])[out_index]
                events.append(
                    {
                        "asset": sent["asset"],
                        "ts": sent["ts"],
                        "kind": CARRY,
                        "account": sent["account"],
                        "to_account": received["account"],
                        "quantity": given[in_index],
                        "flow_id": received["flow_id"],
                        "tx_id": sent["tx_id"],
                        "type": CARRY_TYPE,
                        "tx": sent["tx"],
                        "ordinal": received["ordinal"],
                        "amount": got,
                        "missing_price": False,
                        "to_asset": received["asset"],
                    }
                )
    schema: dict[str, Any] = {
        "asset": pl.String,
        "ts": pl.Int64,
        "kind": pl.Int8,
        "account": pl.String,
        "to_account": pl.String,
        "quantity": _INT,
        "flow_id": pl.String,
        "tx_id": pl.String,
        "type": pl.String,
        "tx": legs.schema["tx"],
        "ordinal": legs.schema["ordinal"],
        "amount": _INT,
        "missing_price": pl.Boolean,
        "to_asset": pl.String,
    }
    return pl.DataFrame(events, schema=schema)


def _weights(legs: list[dict[str, object]]) -> list[int]:
    values = [leg["resolved"] for leg in legs]
    if all(isinstance(value, int) and value > 0 for value in values):
        return [int(value) for value in values]  # type: ignore[call-overload]
    return [1] * len(legs)
