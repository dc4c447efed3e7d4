"""Totals per year and per asset and year, with callout counts (decimals as exact strings)."""

from decimal import Decimal
from typing import Any

import polars as pl

from analytics.lots.engine import LotResult
from analytics.lots.vocabulary import Callout

TOTAL_KEYS = ("proceeds", "cost_basis", "short_term_gain", "long_term_gain", "income")


def summarize(result: LotResult) -> dict[str, Any]:
    gains = result.disposals.select(
        "asset",
        pl.col("disposed_at").dt.year().alias("year"),
        "proceeds",
        "cost_basis",
        pl.when(pl.col("term") == "SHORT").then(pl.col("gain")).otherwise(0).alias("short_term_gain"),
        pl.when(pl.col("term") == "LONG").then(pl.col("gain")).otherwise(0).alias("long_term_gain"),
    )
    income = result.income.select("asset", pl.col("received_at").dt.year().alias("year"), income="value")
    rows = pl.concat([gains, income], how="diagonal_relaxed").fill_null(0)
    by_asset = rows.group_by("asset", "year").agg(pl.col(TOTAL_KEYS).sum()).sort("asset", "year")
    by_year = rows.group_by("year").agg(pl.col(TOTAL_KEYS).sum()).sort("year")

    assets: dict[str, dict[str, dict[str, str]]] = {}
    for row in by_asset.iter_rows(named=True):
        assets.setdefault(row["asset"], {})[str(row["year"])] = _totals(row)
    return {
        "method": result.method,
        "scope": result.scope.value,
        "years": {str(row["year"]): _totals(row) for row in by_year.iter_rows(named=True)},
        "assets": assets,
        "callouts": {callout.value: _count(result, callout) for callout in Callout},
    }


def _totals(row: dict[str, Any]) -> dict[str, str]:
    return {key: plain(row[key]) for key in TOTAL_KEYS}


def plain(value: Decimal | int) -> str:
    """An exact decimal without exponent or trailing zeros: '1234.5', '0', '-3'."""
    text = format(Decimal(value).normalize(), "f")
    return "0" if text in ("-0", "") else text


def _count(result: LotResult, callout: Callout) -> int:
    """Flows flagged (a flow is counted once, whatever table rows it yields)."""
    flagged = pl.col("callout").str.contains(callout.value)
    ids = [
        result.disposals.filter(flagged).select("flow_id"),
        result.lots.filter(flagged).select(flow_id="lot_id"),
        result.income.filter(flagged).select("flow_id"),
    ]
    return pl.concat(ids)["flow_id"].n_unique()
