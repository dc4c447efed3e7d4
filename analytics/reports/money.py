"""Money as reports show it: the base currency in cents, rounded half away from zero.

The engine's amounts are exact to 10**-18 (Decimal(38, 18), 128-bit integers underneath). A report
column is rounded *cumulatively*: each line is its rounded running total minus the previous one,
so a column adds up to its exact total rounded to the cent, and every line is within a cent of its
exact amount (the engine's cumulative floors, applied to cents). Whole dollars, which the IRS
allows, are not used: cents are kept everywhere.
"""

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

import polars as pl

from analytics.lots.c_core import scaled_as_decimal

CENTS = pl.Decimal(38, 2)
_UNITS_PER_CENT = 10**16  # the engine's units (10**-18) in a cent
_HALF = pl.lit(_UNITS_PER_CENT // 2, pl.Int128)
_ZERO = pl.lit(0, pl.Int128)


def _cents(units: pl.Expr) -> pl.Expr:
    """Integers in units of 10**-18 to whole cents, half away from zero."""
    return (
        pl.when(units < 0)
        .then(_ZERO - ((_ZERO - units + _HALF) // _UNITS_PER_CENT))
        .otherwise((units + _HALF) // _UNITS_PER_CENT)
    )


def rounded_lines(frame: pl.DataFrame, columns: Sequence[str], over: str | None = None) -> pl.DataFrame:
    """`columns` (Decimal(38, 18)) as cents (Decimal(38, 2)), rounded cumulatively in frame order,
    within each group of `over` when given."""
    if frame.is_empty():
        return frame.with_columns(pl.col(columns).cast(CENTS))
    lines = []
    for name in columns:
        running = _cents(pl.col(name).to_physical().cum_sum())
        line = running - running.shift(1, fill_value=0)
        lines.append((line if over is None else line.over(over)).alias(name))
    made = frame.select(lines)
    return frame.with_columns(scaled_as_decimal(made.get_column(name), 2) for name in columns)


def cents(amounts: pl.Series) -> pl.Series:
    """Decimal amounts to the cent, half away from zero (as `cent`)."""
    units = amounts.cast(pl.Decimal(38, 18)).to_physical()
    return scaled_as_decimal(pl.select(_cents(pl.lit(units))).to_series(), 2).alias(amounts.name)


def total(values: pl.Series) -> Decimal:
    """The exact sum of an engine column, rounded to the cent."""
    return cent(Decimal(values.sum()) if values.len() else Decimal(0))


def cent(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def shown(value: Decimal) -> str:
    """An amount as the forms show it: "1,234.56", a loss in parentheses "(1,234.56)"."""
    text = f"{abs(value):,.2f}"
    return f"({text})" if value < 0 else text
