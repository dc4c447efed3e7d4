"""Snapshots: the open lots at an instant, to freeze a tax year or continue incrementally."""

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import polars as pl

from vocabulary.enums import AllocationScope
from vocabulary.lot_engine import SCALE

_DECIMAL = pl.Decimal(38, SCALE)
_COLUMNS: dict[str, pl.DataType] = {
    "lot_id": pl.String(),
    "origin_lot_id": pl.String(),
    "transfer_chain": pl.String(),
    "tx_id": pl.String(),
    "asset": pl.String(),
    "account": pl.String(),
    "acquired_at": pl.Datetime("us", "UTC"),
    "quantity": _DECIMAL,
    "remaining": _DECIMAL,
    "cost_basis": _DECIMAL,
    "remaining_cost_basis": _DECIMAL,
    "callout": pl.String(),
    "order": pl.Int64(),
    "rank": pl.String(),
}
SNAPSHOT_SCHEMA = pl.Schema(_COLUMNS)


@dataclass(frozen=True)
class Snapshot:
    """Open lots after every flow before `as_of` (None: after every flow given).

    `lots` has the lots-table columns plus `order` (acquisition order, for the method's
    tie-breaks) and `rank` (exact cost per unit, for HIFO/LOFO), in acquisition order.
    Computing from a snapshot plus the later flows gives what computing from scratch gives.
    The 30-day look-ahead rules (ACB superficial losses, SP bed-and-breakfast) cannot see
    across `as_of`: for those methods take snapshots 30 days after the last disposal.
    """

    as_of: datetime | None
    scope: AllocationScope
    lots: pl.DataFrame

    @classmethod
    def empty(cls, scope: AllocationScope) -> "Snapshot":
        return cls(as_of=None, scope=scope, lots=pl.DataFrame(schema=SNAPSHOT_SCHEMA))

    def save(self, path: Path) -> None:
        """Write as Parquet, with as_of and scope in the file's metadata."""
        metadata = {"scope": self.scope.value, "as_of": self.as_of.isoformat() if self.as_of else ""}
        self.lots.write_parquet(path, metadata=metadata)

    @classmethod
    def load(cls, path: Path) -> "Snapshot":
        metadata = pl.read_parquet_metadata(path)
        as_of = metadata.get("as_of", "")
        return cls(
            as_of=datetime.fromisoformat(as_of) if as_of else None,
            scope=AllocationScope(metadata["scope"]),
            lots=pl.read_parquet(path).cast(dict(SNAPSHOT_SCHEMA)),  # type: ignore[arg-type]
        )
