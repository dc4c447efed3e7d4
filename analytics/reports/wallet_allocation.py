"""The allocation report of the universal → per-wallet migration (Rev. Proc. 2024-28): which piece of
which lot went to which wallet at 2024-12-31 23:59:59, with its basis, and the balances no lot covers.

The CSV is the record a taxpayer keeps (the revenue procedure asks for the allocation in the books by
the first sale of 2025 or the 2025 return, whichever comes first): quantities and basis exact, to the
engine's 18 decimals, without trailing zeros. The PDF is the same allocation summed per asset and
wallet, then line by line, basis in dollars and cents.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import polars as pl

from analytics.lots.allocation import Allocation
from analytics.reports.files import write_csv
from analytics.reports.form8949 import plain_quantity
from analytics.reports.money import shown
from analytics.reports.pdf import Column, FormPdf
from vocabulary.lot_allocation import ALLOCATION_RULES, LotAllocationMethod

WITHOUT_BASIS = "units without basis"
# The PDF lists this many pieces lot by lot (a page holds about 60); the CSV lists every one. A PDF of
# every piece of a large history would run to thousands of pages and take minutes to draw.
PDF_PIECES = 2_000


def named(allocation: Allocation, accounts: Mapping[str, str], symbols: Mapping[str, str]) -> Allocation:
    """The allocation with wallets and assets by their names (ids the user does not know otherwise)."""
    moves = allocation.moves.with_columns(
        pl.col("asset").replace(dict(symbols)),
        pl.col("from_account").replace(dict(accounts)),
        pl.col("to_account").replace(dict(accounts)),
    )
    uncovered = allocation.uncovered.with_columns(
        pl.col("asset").replace(dict(symbols)), pl.col("account").replace(dict(accounts))
    )
    return Allocation(allocation.snapshot, moves, uncovered)


def allocation_csv(allocation: Allocation, path: Path) -> None:
    moves = allocation.moves.sort("asset", "acquired_at", "lot_id", "to_account").select(
        pl.col("asset").alias("Asset"),
        pl.col("lot_id").alias("Lot ID"),
        pl.col("acquired_at").dt.strftime("%Y-%m-%dT%H:%M:%S%.fZ").alias("Date Acquired"),
        pl.col("from_account").alias("Universal Record Wallet"),
        pl.col("to_account").alias("Allocated To Wallet"),
        plain_quantity(pl.col("quantity")).alias("Quantity"),
        plain_quantity(pl.col("cost_basis")).alias("Cost Basis (USD)"),
        pl.lit("").alias("Note"),
    )
    uncovered = allocation.uncovered.sort("asset", "account").select(
        pl.col("asset").alias("Asset"),
        pl.lit("").alias("Lot ID"),
        pl.lit("").alias("Date Acquired"),
        pl.lit("").alias("Universal Record Wallet"),
        pl.col("account").alias("Allocated To Wallet"),
        plain_quantity(pl.col("without_basis")).alias("Quantity"),
        pl.lit("0").alias("Cost Basis (USD)"),
        pl.lit(WITHOUT_BASIS).alias("Note"),
    )
    write_csv(pl.concat([moves, uncovered]), path)


def allocation_pdf(
    allocation: Allocation, method: LotAllocationMethod, name: str, made_at: datetime, path: Path
) -> None:
    title = "Universal to per-wallet allocation"
    pdf = FormPdf(path, "Rev. Proc. 2024-28", title, "2024-12-31", f"Rev. Proc. 2024-28: {title}")
    head = [
        f"Name: {name}",
        "Unused basis of the units held at 2024-12-31 23:59:59, allocated to the wallets holding them.",
        *textwrap.wrap(": ".join(ALLOCATION_RULES[method]), 130),
        f"Made {made_at:%Y-%m-%d %H:%M} UTC. Every year through 2024 is frozen; from 2025-01-01 each wallet",
        "keeps its own lots. The allocation is irreversible.",
    ]
    pdf.new_page(head)
    summary = (
        allocation.moves.group_by("asset", "to_account")
        .agg(pl.col("quantity").sum(), pl.col("cost_basis").sum(), pl.len().alias("pieces"))
        .sort("asset", "to_account")
    )
    columns = (
        Column(("Asset",), 70),
        Column(("Wallet",), 190),
        Column(("Lots",), 50, right=True),
        Column(("Quantity",), 130, right=True),
        Column(("Cost basis",), 110, right=True),
    )
    pdf.text("Per asset and wallet", bold=True)
    pdf.table(
        columns,
        (
            [asset, wallet, f"{pieces:,}", _units(quantity), shown(basis)]
            for asset, wallet, quantity, basis, pieces in summary.iter_rows()
        ),
        lambda: pdf.new_page([*head, "(continued)"]),
    )
    if not allocation.uncovered.is_empty():
        pdf.y -= 6
        pdf.text("Balances no lot covers (units without basis)", bold=True)
        pdf.table(
            (
                *columns[:2],
                Column(("Balance",), 130, right=True),
                Column(("Without basis",), 150, right=True),
            ),
            (
                [asset, wallet, _units(balance), _units(left)]
                for wallet, asset, balance, left in allocation.uncovered.sort("asset", "account").iter_rows()
            ),
            lambda: pdf.new_page([*head, "(continued)"]),
        )
    pdf.y -= 6
    pieces = allocation.moves.sort("asset", "acquired_at", "lot_id", "to_account")
    more = pieces.height - PDF_PIECES
    pdf.text(
        "Lot by lot"
        if more <= 0
        else f"Lot by lot: the first {PDF_PIECES:,} of {pieces.height:,} (every one is in the CSV)",
        bold=True,
    )
    lines = (
        Column(("Asset",), 50),
        Column(("Lot",), 110),
        Column(("Acquired",), 60),
        Column(("Universal record", "wallet"), 100),
        Column(("Allocated to", "wallet"), 100),
        Column(("Quantity",), 70, right=True),
        Column(("Cost basis",), 66, right=True),
    )
    pdf.table(
        lines,
        (
            [
                row["asset"],
                row["lot_id"],
                row["acquired_at"].strftime("%m/%d/%Y"),
                row["from_account"],
                row["to_account"],
                _units(row["quantity"]),
                shown(row["cost_basis"]),
            ]
            for row in pieces.head(PDF_PIECES).iter_rows(named=True)
        ),
        lambda: pdf.new_page([*head, "(continued)"]),
    )
    pdf.save()


def _units(quantity: Decimal) -> str:
    return f"{quantity.normalize():f}"
