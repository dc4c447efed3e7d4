"""Which opening lots a run from a checkpoint rewrites (ledger.writes.cost_basis.Continuation) and which
a full run's checkpoint records as changed since (ledger.writes.cost_basis_checkpoints.touched_lots)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import polars as pl

from ledger.writes.cost_basis import Continuation
from ledger.writes.cost_basis_checkpoints import touched_lots
from vocabulary.lot_engine import LOT_COLUMNS

THROUGH = datetime(2024, 5, 1, tzinfo=UTC)
MONEY = pl.Decimal(38, 18)


def lots(*rows: tuple[str, str, str | None]) -> pl.DataFrame:
    """Lots of one BTC bought for 100 (lot id, what remains, callout), in the engine's columns."""
    return pl.DataFrame(
        {
            "lot_id": [row[0] for row in rows],
            "origin_lot_id": [row[0] for row in rows],
            "transfer_chain": [""] * len(rows),
            "tx_id": [row[0].split(":")[0] for row in rows],
            "asset": ["BTC"] * len(rows),
            "account": ["1"] * len(rows),
            "acquired_at": [datetime(2024, 1, 5, tzinfo=UTC)] * len(rows),
            "quantity": [Decimal(1)] * len(rows),
            "remaining": [Decimal(row[1]) for row in rows],
            "cost_basis": [Decimal(100)] * len(rows),
            "remaining_cost_basis": [100 * Decimal(row[1]) for row in rows],
            "callout": [row[2] for row in rows],
        },
        schema_overrides={
            "quantity": MONEY,
            "remaining": MONEY,
            "cost_basis": MONEY,
            "remaining_cost_basis": MONEY,
        },
    ).select(LOT_COLUMNS)


OPENING = lots(("1:0", "1", None), ("2:0", "1", "MISSING_PRICE_HISTORY"), ("3:0", "0.5", None))


def continuing(touched: list[str] | None) -> Continuation:
    lots = None if touched is None else pl.Series("lot_id", touched)
    return Continuation(THROUGH, OPENING, lots, ledger_since=THROUGH)


def test_a_lot_left_as_it_was_and_as_stored_is_not_rewritten() -> None:
    run = lots(
        ("1:0", "0.25", None), ("2:0", "1", "MISSING_PRICE_HISTORY"), ("3:0", "0.5", None), ("9:0", "1", None)
    )

    written, touched = continuing(["1:0"]).rewritten(run)

    assert touched.to_list() == ["1:0"]  # consumed since the checkpoint
    assert written.get_column("lot_id").to_list() == ["1:0", "9:0"]  # the new lot too; a null callout matches


def test_a_lot_the_stored_results_changed_is_rewritten_as_it_was() -> None:
    run = lots(("1:0", "1", None), ("2:0", "1", "MISSING_PRICE_HISTORY"), ("3:0", "0.5", None))

    written, touched = continuing(["3:0"]).rewritten(run)

    assert touched.to_list() == []
    assert written.get_column("lot_id").to_list() == ["3:0"]
    assert continuing(["3:0"]).rewritten_opening_lots(touched).to_list() == ["3:0"]


def test_without_a_record_of_the_stored_results_every_lot_is_rewritten() -> None:
    run = lots(("1:0", "1", None), ("2:0", "0", "MISSING_PRICE_HISTORY"), ("3:0", "0.5", None))

    written, touched = continuing(None).rewritten(run)

    assert touched.to_list() == ["2:0"]
    assert written.equals(run)
    assert continuing(None).rewritten_opening_lots(touched).to_list() == ["1:0", "2:0", "3:0"]


def test_a_full_run_records_the_opening_lots_its_rows_changed_or_left_out() -> None:
    run = lots(("1:0", "1", None), ("2:0", "0.75", "MISSING_PRICE_HISTORY"), ("9:0", "1", None))

    touched = touched_lots(OPENING, run.select("lot_id", "remaining", "remaining_cost_basis"))

    assert sorted(touched.to_list()) == ["2:0", "3:0"]
