"""Canada's Schedule 3 and the UK's capital gains summary: the figures a filer copies into the return.

Canada: T1 Schedule 3, Capital Gains (or Losses), crypto-assets with "Bonds, debentures,
promissory notes, crypto-assets and other similar properties" (line 15300), total capital gains
(line 19700) and the taxable half (line 19900, to line 12700). Amounts are the ACB method's: a
superficial loss is denied (the engine adds it to the replacement units' cost), so each
disposal's gain or loss is the engine's allowed `gain`; the denied part is shown beside it.
UK: SA108 Capital Gains Summary, the crypto-asset figures from share pooling (method SP): number
of disposals (disposal transactions, not pool slices), disposal proceeds, allowable costs, gains
in the year before losses, losses in the year, over the tax year 6 April to 5 April. From the 2024 to
2025 tax year the form has a Cryptoassets section, boxes 13.1 to 13.5; before it, crypto-assets went
in "Other property, assets and gains", whose box numbers changed from year to year, so those rows
name the section and no box.

Both laws fix the method (METHOD_OF): CRA's identical-property rule averages the cost of every unit
of a crypto-asset (ACB), HMRC's share pooling matches same-day, then 30-day, then section 104 pool
acquisitions (SP). And both count cost in their own currency: each acquisition's cost at its day's
exchange rate, pooled (the pool's average is in CAD or GBP, not a USD average converted later), and
proceeds at the disposal's day's rate. So the disposals given here must be the engine's run with that
method on a ledger whose values are already in CAD or GBP, each flow's at its own day's rate: the app
converts every flow from USD at the FX close of its UTC day and runs the engine on them
(activities/tax_report.py); `cairn tax report` takes a ledger file in that currency and refuses
another method. The rate is the day's close in Cairn's prices, not necessarily the Bank of Canada's
or HMRC's published rate for the day.
"""

from decimal import Decimal
from pathlib import Path

import polars as pl

from analytics.reports.money import cent

_SUMS = ("proceeds", "cost_basis", "gain", "denied_loss")
SA108_CRYPTOASSETS_FROM = 2024  # the first tax year (2024 to 2025) whose SA108 has a Cryptoassets section

Figure = tuple[str, str, Decimal | int]  # line or box, description, amount (a count is an integer)


def _per_disposal(disposals: pl.DataFrame) -> pl.DataFrame:
    return disposals.group_by("flow_id").agg(pl.col(_SUMS).sum())


def _exact(frame: pl.DataFrame, expr: pl.Expr) -> Decimal:
    value = frame.select(expr).item()
    return Decimal(value) if value is not None else Decimal(0)


def canada_schedule_3(disposals: pl.DataFrame) -> list[Figure]:
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


def uk_capital_gains_summary(disposals: pl.DataFrame, tax_year: int) -> list[Figure]:
    each = _per_disposal(disposals)
    gains = cent(_exact(each, pl.col("gain").filter(pl.col("gain") > 0).sum()))
    losses = cent(-_exact(each, pl.col("gain").filter(pl.col("gain") < 0).sum()))
    crypto = tax_year >= SA108_CRYPTOASSETS_FROM
    section = "Cryptoassets" if crypto else "Other property, assets and gains"
    figures: list[tuple[str, Decimal | int]] = [
        ("Number of disposals", each.height),
        ("Disposal proceeds", cent(_exact(each, pl.col("proceeds").sum()))),
        ("Allowable costs (including purchase price)", cent(_exact(each, pl.col("cost_basis").sum()))),
        ("Gains in the year, before losses", gains),
        ("Losses in the year", losses),
    ]
    return [
        (f"13.{box}" if crypto else "", f"{section}: {words}", amount)
        for box, (words, amount) in enumerate(figures, start=1)
    ]


def figures_csv(figures: list[Figure], path: Path) -> None:
    """Line, Description, Amount: a count as an integer, money with two decimals. Every text is Cairn's
    own, never the user's, so no cell needs write_csv's formula guard (which would quote a loss)."""
    pl.DataFrame(
        [(line, words, str(amount)) for line, words, amount in figures],
        schema={"Line": pl.String, "Description": pl.String, "Amount": pl.String},
        orient="row",
    ).write_csv(path)
