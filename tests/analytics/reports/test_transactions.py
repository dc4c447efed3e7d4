"""The transactions CSV: the year's flows, valued in the base currency, parse back to the ledger."""

from decimal import Decimal
from pathlib import Path

import polars as pl

from analytics.lots import compute, validate_ledger
from analytics.reports.catalogue import ReportInput, write_report
from analytics.reports.money import cent
from analytics.reports.types import ReportType
from analytics.reports.year import Country, TaxYear
from tests.analytics.ledgers import buy, flows, sell, transfer
from vocabulary.enums import CostBasisMethod

LEDGER = flows(
    *buy("t0", "2022-12-31T23:59:59Z", "BTC", "2", "30000"),  # the year before
    *buy("t1", "2023-01-02T10:00:00Z", "BTC", "1", "16000.005"),
    ("t2", "2023-02-01T10:00:00.250000Z", "w", "STAKING_REWARD", "ETH", "IN", "0.5", "700.004"),
    *sell("t3", "2023-06-01T00:00:00Z", "BTC", "0.4", "10000.333"),
    ("t3", "2023-06-01T00:00:00Z", "exchange", "SELL", "USD", "OUT", "2.5", "", "true"),
    *transfer("t4", "2023-07-01T00:00:00Z", "BTC", "0.1", "exchange", "w"),
    ("t5", "2023-08-01T00:00:00Z", "w", "SEND", "=SOL", "OUT", "3", ""),  # no value anywhere
)


def _read(tmp_path: Path) -> pl.DataFrame:
    result = compute(LEDGER, CostBasisMethod.FIFO)
    given = ReportInput(
        TaxYear(2023, Country.US), result.disposals, result.income, result.lots, ledger=LEDGER
    )
    path = tmp_path / "transactions.csv"
    write_report(ReportType.TRANSACTIONS_CSV, given, path)
    return pl.read_csv(
        path, schema_overrides={"Quantity": pl.Decimal(38, 18), "Value (USD)": pl.Decimal(38, 2)}
    )


def test_the_years_flows_parse_back_and_sum_to_the_ledger(tmp_path: Path) -> None:
    read = _read(tmp_path)
    ledger = validate_ledger(LEDGER).filter(pl.col("timestamp").dt.year() == 2023)
    assert read.height == ledger.height
    sums = ["Asset", "Direction"]
    given = ledger.group_by("asset", "direction").agg(pl.col("quantity").sum()).sort("asset", "direction")
    made = read.group_by(sums).agg(pl.col("Quantity").sum()).sort(sums)
    assert made.rows() == [
        (asset.replace("=", "'="), direction, quantity) for asset, direction, quantity in given.rows()
    ]
    assert read["Transaction ID"].to_list() == ["t1", "t1", "t2", "t3", "t3", "t3", "t4", "t4", "t5"]
    assert read["Date"][2] == "2023-02-01T10:00:00.250000Z" and read["Date"][0] == "2023-01-02T10:00:00Z"


def test_values_are_the_engines_in_the_base_currency(tmp_path: Path) -> None:
    read = _read(tmp_path)
    value = {
        (tx, asset, fee): amount
        for tx, asset, fee, amount in read.select("Transaction ID", "Asset", "Fee", "Value (USD)").iter_rows()
    }
    # a buy's crypto is worth the money given, a sale's the money received; a fee is its own value;
    # each line within a cent of it (the column is rounded cumulatively, so that it adds up)
    for key, engine in (
        (("t1", "BTC", "No"), "16000.005"),
        (("t1", "USD", "No"), "16000.005"),
        (("t3", "BTC", "No"), "10000.333"),
        (("t3", "USD", "No"), "10000.333"),
        (("t3", "USD", "Yes"), "2.5"),
        (("t2", "ETH", "No"), "700.004"),
    ):
        assert abs(value[key] - Decimal(engine)) < Decimal("0.01"), key
    assert value["t4", "BTC", "No"] is None and value["t5", "'=SOL", "No"] is None
    exact = Decimal("16000.005") * 2 + Decimal("700.004") + Decimal("10000.333") * 2 + Decimal("2.5")
    assert Decimal(read["Value (USD)"].sum()) == cent(exact)
    assert read.filter(pl.col("Link ID").is_not_null())["Transaction ID"].to_list() == ["t4", "t4"]
