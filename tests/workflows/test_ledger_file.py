"""The flows a cost-basis run reads, kept as they pass on to the engine (activities.cost_basis_snapshot
.LedgerFile): every batch, in order; a file of no rows for a ledger without flows; none, without failing
the run, when the file cannot be written."""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl
import pytest

from activities import cost_basis_snapshot
from activities.cost_basis_snapshot import LedgerFile
from ledger.writes.tax_reports import FLOW_TYPES
from vocabulary.lot_engine import LEDGER_COLUMNS


def batch(*tx_ids: str) -> pl.DataFrame:
    return pl.DataFrame(
        {
            name: [datetime(2024, 1, int(tx_id), tzinfo=UTC) for tx_id in tx_ids]
            if name == "timestamp"
            else [False] * len(tx_ids)
            if name == "is_fee"
            else list(tx_ids)
            for name in LEDGER_COLUMNS
        },
        schema={name: FLOW_TYPES.get(name, pl.String) for name in LEDGER_COLUMNS},
    )


def test_every_batch_passes_on_and_is_kept_in_order() -> None:
    kept = LedgerFile()
    batches = [batch("1", "2"), batch("3")]
    assert list(kept.passed(batches)) == batches
    path = kept.finished()
    assert path is not None
    assert pl.read_parquet(path).equals(pl.concat(batches))
    kept.discard()
    assert not path.exists()


def test_a_ledger_without_flows_is_kept_as_a_file_of_no_rows_with_the_flows_columns() -> None:
    kept = LedgerFile()
    assert list(kept.passed([])) == []
    path = kept.finished()
    assert path is not None
    assert pl.read_parquet(path).schema == batch().schema
    kept.discard()


def test_a_file_that_cannot_be_written_is_not_kept_and_the_flows_still_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cost_basis_snapshot.pq, "ParquetWriter", full_disk)
    kept = LedgerFile()
    batches = [batch("1"), batch("2")]
    assert list(kept.passed(batches)) == batches
    assert kept.finished() is None
    kept.discard()
