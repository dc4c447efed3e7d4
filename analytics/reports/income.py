"""Income: Schedule 1 (Form 1040) lines and the income report by category and month.

Schedule 1 (Form 1040), Part I: from tax year 2023 the form has line 8v, "Digital assets
received as ordinary income not reported elsewhere", where staking, mining, airdrop, fork,
interest and other digital asset income goes when it is not business income (Schedule C); for
earlier years that income goes on line 8z, "Other income", with its description. Line 9 is the
total of lines 8a–8z; Cairn knows only the digital asset part of it.
"""

from dataclasses import dataclass
from decimal import Decimal

import polars as pl

from analytics.reports.money import rounded_lines

FIRST_8V_YEAR = 2023
CATEGORIES = {
    "STAKING_REWARD": "Staking",
    "MINING_REWARD": "Mining",
    "AIRDROP": "Airdrops",
    "FORK": "Forks",
    "INTEREST": "Interest",
    "INCOME": "Other digital asset income",
}


@dataclass(frozen=True)
class Line:
    line: str
    words: str
    amount: Decimal


@dataclass(frozen=True)
class Category:
    category: str
    receipts: int
    amount: Decimal


@dataclass(frozen=True)
class Schedule1:
    lines: list[Line]
    categories: list[Category]


def category(type_: pl.Expr) -> pl.Expr:
    return type_.replace_strict(CATEGORIES, default="Other digital asset income", return_dtype=pl.String)


def schedule_1(income: pl.DataFrame, year: int) -> Schedule1:
    """Line 8v (or 8z) and 9, with the attached statement by category, which adds up to the line
    (the categories rounded cumulatively)."""
    by_category = rounded_lines(
        income.group_by(category(pl.col("type")).alias("category"))
        .agg(pl.len().alias("receipts"), pl.col("value").sum())
        .sort("category"),
        ("value",),
    )
    categories = [
        Category(name, receipts, Decimal(value)) for name, receipts, value in by_category.iter_rows()
    ]
    amount = sum((c.amount for c in categories), Decimal(0))
    if year >= FIRST_8V_YEAR:
        line = Line("8v", "Digital assets received as ordinary income not reported elsewhere", amount)
    else:
        line = Line("8z", "Other income. List type and amount: Digital assets received as income", amount)
    lines = [line, Line("9", "Total other income. Add lines 8a through 8z (digital assets only)", amount)]
    return Schedule1(lines, categories)


def income_by_month(income: pl.DataFrame) -> pl.DataFrame:
    """category, month (YYYY-MM), receipts, value (cents; each category's months add up to its
    exact total rounded)."""
    made = (
        income.group_by(
            category(pl.col("type")).alias("category"),
            pl.col("received_at").dt.strftime("%Y-%m").alias("month"),
        )
        .agg(pl.len().alias("receipts"), pl.col("value").sum())
        .sort("category", "month")
    )
    return rounded_lines(made, ("value",), over="category")
