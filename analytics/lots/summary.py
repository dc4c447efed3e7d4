"""Totals per year and per asset and year, with callout counts (decimals as exact strings)."""

import json
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import polars as pl

from analytics.lots.engine import LotResult
from analytics.lots.tables import CALLOUTS
from vocabulary.enums import AllocationScope, CalloutType

TOTAL_KEYS = ("proceeds", "cost_basis", "short_term_gain", "long_term_gain", "income")


def summarize(result: LotResult) -> dict[str, Any]:
    totals = Totals()
    for table, frame in (("lots", result.lots), ("disposals", result.disposals), ("income", result.income)):
        totals.add(table, frame)
    return totals.summary(result.method, result.scope)


def summary_text(summary: dict[str, Any]) -> str:
    """summary.json's text."""
    return json.dumps(summary, indent=2, sort_keys=True) + "\n"


@dataclass
class Totals:
    """The summary's sums and flagged flows, gathered over parts of a result (runs of assets)."""

    sums: list[pl.DataFrame] = field(default_factory=list)
    flagged: dict[CalloutType, list[pl.Series]] = field(default_factory=lambda: {c: [] for c in CALLOUTS})

    def add(self, table: str, frame: pl.DataFrame) -> None:
        """Rows of one of the result's tables (by its name: lots, disposals or income)."""
        if table == "disposals":
            self.sums.append(
                _by_asset_and_year(
                    frame.select(
                        "asset",
                        pl.col("disposed_at").dt.year().alias("year"),
                        "proceeds",
                        "cost_basis",
                        _gain_of("SHORT").alias("short_term_gain"),
                        _gain_of("LONG").alias("long_term_gain"),
                    )
                )
            )
        elif table == "income":
            received = frame.select("asset", pl.col("received_at").dt.year().alias("year"), income="value")
            self.sums.append(_by_asset_and_year(received))
        ids = frame["lot_id"] if table == "lots" else frame["flow_id"]
        for callout in CALLOUTS:
            self.flagged[callout].append(ids.filter(frame["callout"].str.contains(callout.value)))

    def summary(self, method: str, scope: AllocationScope) -> dict[str, Any]:
        rows = pl.concat(self.sums, how="diagonal_relaxed").fill_null(0)
        by_asset = rows.group_by("asset", "year").agg(pl.col(TOTAL_KEYS).sum()).sort("asset", "year")
        by_year = rows.group_by("year").agg(pl.col(TOTAL_KEYS).sum()).sort("year")
        assets: dict[str, dict[str, dict[str, str]]] = {}
        for row in by_asset.iter_rows(named=True):
            assets.setdefault(row["asset"], {})[str(row["year"])] = _totals(row)
        return {
            "method": method,
            "scope": scope.value,
            "years": {str(row["year"]): _totals(row) for row in by_year.iter_rows(named=True)},
            "assets": assets,
            # a flow is counted once, whatever table rows it yields
            "callouts": {callout.value: pl.concat(ids).n_unique() for callout, ids in self.flagged.items()},
        }


def _gain_of(term: str) -> pl.Expr:
    return pl.when(pl.col("term") == term).then(pl.col("gain")).otherwise(0)


def _by_asset_and_year(rows: pl.DataFrame) -> pl.DataFrame:
    return rows.group_by("asset", "year").agg(
        pl.col(name).sum() for name in TOTAL_KEYS if name in rows.columns
    )


def _totals(row: dict[str, Any]) -> dict[str, str]:
    return {key: plain(row[key]) for key in TOTAL_KEYS}


def plain(value: Decimal | int) -> str:
    """An exact decimal without exponent or trailing zeros: '1234.5', '0', '-3'."""
    text = format(Decimal(value).normalize(), "f")
    return "0" if text in ("-0", "") else text
