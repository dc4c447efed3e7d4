"""The universal → per-wallet allocation of Rev. Proc. 2024-28: the open lots of a universal record at
the cut (2024-12-31 23:59:59) placed in the wallets that hold the units, by the user's chosen rule
(`vocabulary.lot_allocation`).

In the universal scope a sale in one wallet may consume a lot the record placed in another, so the
record's lots no longer sit where the units are. Each wallet's balance of an asset at the cut is what
its lots must cover. A lot may be split between wallets; the pieces keep the lot's id, acquisition
time, order and cost per unit, and its remaining basis is shared in proportion to quantity, the last
piece taking what the others leave, so every lot's quantity and basis are conserved to the last unit
(10**-18). Lots beyond every wallet's balance (a record short of history) stay in the wallet the
record placed them in; balances beyond the lots are reported as units without basis.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

import polars as pl

from analytics.lots.ledger_input import validate_ledger
from analytics.lots.snapshot import SNAPSHOT_SCHEMA, Snapshot
from analytics.lots.tables import as_decimals
from vocabulary.enums import AllocationScope
from vocabulary.lot_allocation import LotAllocationMethod
from vocabulary.lot_engine import SCALE

_DECIMAL = pl.Decimal(38, SCALE)
HOLDINGS_SCHEMA = pl.Schema({"account": pl.String(), "asset": pl.String(), "quantity": _DECIMAL})
MOVES_SCHEMA = pl.Schema(
    {
        "asset": pl.String(),
        "lot_id": pl.String(),
        "acquired_at": pl.Datetime("us", "UTC"),
        "from_account": pl.String(),  # where the universal record placed the lot
        "to_account": pl.String(),
        "quantity": _DECIMAL,
        "cost_basis": _DECIMAL,
    }
)
UNCOVERED_SCHEMA = pl.Schema(
    {"account": pl.String(), "asset": pl.String(), "balance": _DECIMAL, "without_basis": _DECIMAL}
)


@dataclass(frozen=True)
class Allocation:
    """snapshot: the per-wallet opening lots (scope WALLET, as of the cut).
    moves: one row per piece of a lot placed in a wallet.
    uncovered: each wallet and asset whose balance the lots do not cover, and by how much."""

    snapshot: Snapshot
    moves: pl.DataFrame
    uncovered: pl.DataFrame


@dataclass
class _Lot:
    row: dict[str, object]
    remaining: int  # scaled, what is still to place
    basis: int  # scaled, the basis of what is still to place


def allocate(universal: Snapshot, holdings: pl.DataFrame, method: LotAllocationMethod) -> Allocation:
    """The lots of `universal` placed in wallets. `holdings`: each wallet's balance of each asset at
    the snapshot's instant (HOLDINGS_SCHEMA), its rows in the order the wallets were added (the
    global rule's order; a wallet's rows of one asset are summed); balances of assets without lots and
    non-positive balances are ignored."""
    if universal.scope is not AllocationScope.UNIVERSAL:
        raise ValueError("the allocation starts from a universal record")
    lots = universal.lots.with_columns(
        pl.col("remaining").cast(_DECIMAL).to_physical().alias("_remaining"),
        pl.col("remaining_cost_basis").cast(_DECIMAL).to_physical().alias("_basis"),
    ).filter(pl.col("_remaining") > 0)
    wallet_order = {
        account: index
        for index, account in enumerate(holdings.get_column("account").unique(maintain_order=True))
    }
    totals: dict[str, dict[str, int]] = defaultdict(dict)
    for account, asset, quantity in holdings.with_columns(
        pl.col("quantity").cast(_DECIMAL).to_physical()
    ).iter_rows():
        totals[asset][account] = totals[asset].get(account, 0) + quantity
    balances = {asset: {a: q for a, q in held.items() if q > 0} for asset, held in totals.items()}

    pieces: list[dict[str, object]] = []
    moves: list[tuple[object, ...]] = []
    uncovered: list[tuple[object, ...]] = []
    for (asset,), frame in sorted(
        lots.sort("order").partition_by("asset", as_dict=True, maintain_order=True).items()
    ):
        held = balances.get(str(asset), {})
        room = dict(sorted(held.items(), key=lambda item: wallet_order[item[0]]))
        asset_lots = [_Lot(row, row["_remaining"], row["_basis"]) for row in frame.iter_rows(named=True)]
        placed: dict[tuple[int, str], list[int]] = {}
        if method is LotAllocationMethod.SPECIFIC_UNIT:
            for index, lot in enumerate(asset_lots):
                _place(lot, index, str(lot.row["account"]), room, placed)
        for index, lot in enumerate(asset_lots):
            for account in room:
                if lot.remaining == 0:
                    break
                _place(lot, index, account, room, placed)
        for index, lot in enumerate(asset_lots):  # beyond every balance: where the record has it
            if lot.remaining:
                _place(lot, index, str(lot.row["account"]), None, placed)
        for (index, account), (quantity, basis) in sorted(placed.items()):
            row = asset_lots[index].row
            pieces.append(_piece(row, account, quantity, basis))
            moves.append((asset, row["lot_id"], row["acquired_at"], row["account"], account, quantity, basis))
        for account, left in room.items():
            if left:
                uncovered.append((account, asset, held[account], left))
    return Allocation(
        snapshot=Snapshot(universal.as_of, AllocationScope.WALLET, _frame(pieces).sort("order", "account")),
        moves=_moves(moves),
        uncovered=_uncovered(uncovered),
    )


def holdings_at(ledger: pl.DataFrame, cut: datetime) -> pl.DataFrame:
    """Each wallet's balance of each asset after every flow before `cut`, from a ledger (see
    ledger_input), in HOLDINGS_SCHEMA, by account and asset (money included: it has no lots)."""
    flows = validate_ledger(ledger).filter(pl.col("timestamp") < cut)
    signed = pl.when(pl.col("direction") == "IN").then(pl.col("quantity")).otherwise(-pl.col("quantity"))
    return (
        flows.group_by("account", "asset")
        .agg(signed.sum().cast(_DECIMAL).alias("quantity"))
        .sort("account", "asset")
        .select(HOLDINGS_SCHEMA.names())
    )


def _place(
    lot: _Lot, index: int, account: str, room: dict[str, int] | None, placed: dict[tuple[int, str], list[int]]
) -> None:
    """As much of what is left of `lot` as `account` has room for (all of it when room is None)."""
    space = lot.remaining if room is None else min(lot.remaining, room.get(account, 0))
    if space == 0:
        return
    basis = lot.basis if space == lot.remaining else lot.basis * space // lot.remaining
    lot.remaining -= space
    lot.basis -= basis
    if room is not None:
        room[account] -= space
    piece = placed.setdefault((index, account), [0, 0])
    piece[0] += space
    piece[1] += basis


def _piece(row: dict[str, object], account: str, quantity: int, basis: int) -> dict[str, object]:
    """The piece opens with what it holds; the rest of the lot's row is kept."""
    return {
        **{name: row[name] for name in SNAPSHOT_SCHEMA.names()},
        "account": account,
        "quantity": quantity,
        "remaining": quantity,
        "cost_basis": basis,
        "remaining_cost_basis": basis,
    }


_AMOUNTS = ("quantity", "remaining", "cost_basis", "remaining_cost_basis")


def _frame(pieces: list[dict[str, object]]) -> pl.DataFrame:
    schema = {name: (pl.Int128() if name in _AMOUNTS else dtype) for name, dtype in SNAPSHOT_SCHEMA.items()}
    return as_decimals(pl.DataFrame(pieces, schema=schema, orient="row"), _AMOUNTS)


def _moves(rows: list[tuple[object, ...]]) -> pl.DataFrame:
    schema = {**MOVES_SCHEMA, "quantity": pl.Int128(), "cost_basis": pl.Int128()}
    return as_decimals(pl.DataFrame(rows, schema=schema, orient="row"), ("quantity", "cost_basis"))


def _uncovered(rows: list[tuple[object, ...]]) -> pl.DataFrame:
    schema = {**UNCOVERED_SCHEMA, "balance": pl.Int128(), "without_basis": pl.Int128()}
    return as_decimals(pl.DataFrame(rows, schema=schema, orient="row"), ("balance", "without_basis"))
