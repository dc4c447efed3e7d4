"""What remains of each lot a run writes, kept beside its other writers: a full run's checkpoint keeps
which of its lots the run's rows show changed since (ledger.writes.cost_basis_checkpoints.touched_lots)."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from analytics.lots.writers import Part, Written
from ledger.writes.cost_basis_checkpoints import REMAINDER_COLUMNS


class LotRemainders:
    """A `ResultWriter` keeping three columns of the lots it is given: each lot's id and what remains
    of it (quantity and cost basis)."""

    def __init__(self) -> None:
        self._kept: list[pl.DataFrame] = []

    def start(self) -> None:
        pass

    def submit(self, parts: Sequence[Part]) -> None:
        self._kept.extend(frame.select(REMAINDER_COLUMNS) for name, frame in parts if name == "lots")

    def finish(self, written: Written) -> None:
        pass

    def abandon(self) -> None:
        self._kept.clear()

    @property
    def lots(self) -> pl.DataFrame:
        return pl.concat(self._kept) if self._kept else pl.DataFrame(schema=dict.fromkeys(REMAINDER_COLUMNS))
