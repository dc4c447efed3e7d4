"""The allocation report: the CSV is every piece, exact, with the wallets and assets by name and the
balances no lot covers; the PDF draws the pieces up to its limit and says where the rest are."""

from __future__ import annotations

import csv
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from pypdf import PdfReader

from analytics.lots import Snapshot
from analytics.lots.allocation import MOVES_SCHEMA, UNCOVERED_SCHEMA, Allocation
from analytics.reports import wallet_allocation
from analytics.reports.wallet_allocation import allocation_csv, allocation_pdf, named
from vocabulary.enums import AllocationScope
from vocabulary.lot_allocation import LotAllocationMethod

ACQUIRED = datetime(2024, 1, 10, 10, tzinfo=UTC)


def _allocation(pieces: int) -> Allocation:
    moves = pl.DataFrame(
        [
            (
                "crypto_BTC",
                f"{n}:0",
                ACQUIRED,
                "1",
                "2",
                Decimal("0.333333333333333333"),
                Decimal("33.333333333333333333"),
            )
            for n in range(pieces)
        ],
        schema=MOVES_SCHEMA,
        orient="row",
    )
    uncovered = pl.DataFrame(
        [("2", "crypto_BTC", Decimal("5"), Decimal("0.25"))], schema=UNCOVERED_SCHEMA, orient="row"
    )
    return named(
        Allocation(Snapshot.empty(AllocationScope.WALLET), moves, uncovered),
        {"1": "Wallet A", "2": "=Wallet B"},
        {"crypto_BTC": "BTC"},
    )


def test_the_csv_holds_every_piece_exactly_and_the_units_without_basis(tmp_path: Path) -> None:
    path = tmp_path / "allocation.csv"
    allocation_csv(_allocation(2), path)
    rows = list(csv.DictReader(path.open()))
    assert rows[0] == {
        "Asset": "BTC",
        "Lot ID": "0:0",
        "Date Acquired": "2024-01-10T10:00:00Z",
        "Universal Record Wallet": "Wallet A",
        "Allocated To Wallet": "'=Wallet B",  # a spreadsheet would run it as a formula
        "Quantity": "0.333333333333333333",
        "Cost Basis (USD)": "33.333333333333333333",
        "Note": "",
    }
    assert rows[2]["Note"] == "units without basis" and rows[2]["Quantity"] == "0.25"
    assert len(rows) == 3


def test_the_pdf_draws_pieces_up_to_its_limit_and_points_to_the_csv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(wallet_allocation, "PDF_PIECES", 3)
    path = tmp_path / "allocation.pdf"
    allocation_pdf(_allocation(5), LotAllocationMethod.GLOBAL, "me@example.com", ACQUIRED, path)
    text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
    assert "Global allocation" in text and "Rev. Proc. 2024-28" in text
    assert "the first 3 of 5 (every one is in the CSV)" in text
    assert text.count("33.33") == 3 and "166.67" in text  # three pieces drawn; the wallet's total of five
