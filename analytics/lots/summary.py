"""Totals per year and per asset and year, with callout counts (decimals as exact strings)."""

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import polars as pl

from analytics.lots.engine import LotResult
from analytics.lots.vocabulary import Callout, Scope

TOTAL_KEYS = ("proceeds", "cost_basis", "short_term_gain", "long_term_gain", "income")


def summarize(result: LotResult) -> dict[str, Any]:
    totals = Totals()
    totals.add(result.lots, result.disposals, result.income)
    return totals.summary(result.method, result.scope)


@dataclass
class Totals:
    """The summary's sums and flagged flows, gathered over parts of a result (runs of assets)."""

    sums: list[pl.DataFrame] = field(default_factory=list)
    flagged: dict[Callout, list[pl.Series]] = field(default_factory=lambda: {c: [] for c in Callout})

    def add(self, lots: pl.DataFrame, disposals: pl.DataFrame, income: pl.DataFrame) -> None:
        gains = disposals.select(
            "asset",
            pl.col("disposed_at").dt.year().alias("year"),
            "proceeds",
            "cost_basis",
            pl.when(pl.col("term") == "SHORT").then(pl.col("gain")).otherwise(0).alias("short_term_gain"),
            pl.when(pl.col("term") == "LONG").then(pl.col("gain")).otherwise(0).alias("long_term_gain"),
        )
        received = income.select("asset", pl.col("received_at").dt.year().alias("year"), income="value")
        rows = pl.concat([gains, received], how="diagonal_relaxed").fill_null(0)
        self.sums.append(rows.group_by("asset", "year").agg(pl.col(TOTAL_KEYS).sum()))
        for callout in Callout:
            flagged = pl.col("callout").str.contains(callout.value)
            self.flagged[callout] += [
                disposals.filter(flagged)["flow_id"],
                lots.filter(flagged)["lot_id"].alias("flow_id"),
                income.filter(flagged)["flow_id"],
            ]

    def summary(self, method: str, scope: Scope) -> dict[str, Any]:
        rows = pl.concat(self.sums, how="vertical_relaxed")
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


def _totals(row: dict[str, Any]) -> dict[str, str]:
    return {key: plain(row[key]) for key in TOTAL_KEYS}


def plain(value: Decimal | int) -> str:
    """An exact decimal without exponent or trailing zeros: '1234.5', '0', '-3'."""
    text = format(Decimal(value).normalize(), "f")
    return "0" if text in ("-0", "") else text
