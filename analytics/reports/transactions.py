"""The transactions CSV: every transaction of the tax year with its flows, in the base currency.

One row per flow, in time order (then transaction, then the ledger's order), with the value the
lot engine gives the flow (its own value, else the other side's: analytics/TREATMENTS.md) in the
base currency, rounded to the cent cumulatively (money.py) so the column adds up to the exact
total; blank when the flow has no value. Quantities are exact.
"""

from pathlib import Path

import polars as pl

from analytics.lots.events import valued_flows
from analytics.lots.ledger_input import validate_ledger
from analytics.reports.files import write_csv
from analytics.reports.form8949 import plain_quantity
from analytics.reports.money import CENTS, rounded_lines
from analytics.reports.year import TaxYear


def transactions_csv(ledger: pl.DataFrame, tax_year: TaxYear, base_currency: str, path: Path) -> None:
    """`ledger`: the flows as `read_ledger` reads them (validated here)."""
    flows = valued_flows(validate_ledger(ledger), base_currency)
    year = flows.filter(pl.col("timestamp").is_between(tax_year.start, tax_year.end, "left")).sort(
        "timestamp", "tx_id", "row"
    )
    rounded = rounded_lines(year.with_columns(pl.col("resolved").fill_null(0)), ("resolved",))
    valued = pl.when(year["resolved"].is_not_null()).then(rounded["resolved"].cast(CENTS))
    write_csv(
        year.select(
            pl.col("timestamp").alias("Date"),
            pl.col("tx_id").alias("Transaction ID"),
            pl.col("type").alias("Type"),
            pl.col("account").alias("Account"),
            pl.col("asset").alias("Asset"),
            pl.col("direction").alias("Direction"),
            plain_quantity(pl.col("quantity")).alias("Quantity"),
            valued.alias(f"Value ({base_currency})"),
            pl.when(pl.col("is_fee")).then(pl.lit("Yes")).otherwise(pl.lit("No")).alias("Fee"),
            pl.col("link_id").alias("Link ID"),
        ),
        path,
    )
