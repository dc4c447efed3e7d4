"""Canada's Schedule 3 and the UK's capital gains summary: the figures a filer copies into the return.

Canada: T1 Schedule 3, Capital Gains (or Losses), crypto-assets with "Bonds, debentures,
promissory notes, crypto-assets and other similar properties" (line 15300), total capital gains
(line 19700) and the taxable half (line 19900, to line 12700). Amounts are the ACB method's: a
superficial loss is denied (the engine adds it to the replacement units' cost), so each
disposal's gain or loss is the engine's allowed `gain`; the denied part is shown beside it.
UK: SA108 Capital Gains Summary, the crypto-asset figures from share pooling (method SP): number
of disposals (disposal transactions, not pool slices), disposal proceeds, allowable costs, gains
in the year before losses, losses in the year, over the tax year 6 April to 5 April.
"""

from decimal import Decimal
from pathlib import Path

import polars as pl

from analytics.reports.files import write_csv
from analytics.reports.money import cent

_SUMS = ("proceeds", "cost_basis", "gain", "denied_loss")


def _per_disposal(disposals: pl.DataFrame) -> pl.DataFrame:
    return disposals.group_by("flow_id").agg(pl.col(_SUMS).sum())


def _exact(frame: pl.DataFrame, expr: pl.Expr) -> Decimal:
    value = frame.select(expr).item()
    return Decimal(value) if value is not None else Decimal(0)


def canada_schedule_3(disposals: pl.DataFrame) -> list[tuple[str, str, Decimal]]:
    each = _per_disposal(disposals)
    proceeds = cent(_exact(each, pl.col("proceeds").sum()))
    cost = cent(_exact(each, pl.col("cost_basis").sum()))
    denied = cent(_exact(each, pl.col("denied_loss").sum()))
    net = proceeds - cost + denied
    return [
        ("15300", "Crypto-assets: proceeds of disposition", proceeds),
        ("15300", "Crypto-assets: adjusted cost base", cost),
        (
            "15300",
            "Crypto-assets: superficial losses denied (added to the ACB of the replacement units)",
            denied,
        ),
        ("15300", "Crypto-assets: gain (or loss)", net),
        ("19700", "Total capital gains (or losses)", net),
        ("19900", "Taxable capital gains (50% of line 19700, when positive)", cent(max(net, Decimal(0)) / 2)),
    ]


def uk_capital_gains_summary(disposals: pl.DataFrame) -> list[tuple[str, str, Decimal]]:
    each = _per_disposal(disposals)
    gains = cent(_exact(each, pl.col("gain").filter(pl.col("gain") > 0).sum()))
    losses = cent(-_exact(each, pl.col("gain").filter(pl.col("gain") < 0).sum()))
    return [
        ("SA108", "Cryptoassets: number of disposals", Decimal(each.height)),
        ("SA108", "Cryptoassets: disposal proceeds", cent(_exact(each, pl.col("proceeds").sum()))),
        (
            "SA108",
            "Cryptoassets: allowable costs (including purchase price)",
            cent(_exact(each, pl.col("cost_basis").sum())),
        ),
        ("SA108", "Cryptoassets: gains in the year, before losses", gains),
        ("SA108", "Cryptoassets: losses in the year", losses),
    ]


def figures_csv(figures: list[tuple[str, str, Decimal]], path: Path) -> None:
    write_csv(
        pl.DataFrame(
            figures,
            schema={"Line": pl.String, "Description": pl.String, "Amount": pl.Decimal(38, 2)},
            orient="row",
        ),
        path,
    )
