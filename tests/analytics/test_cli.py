"""`cairn lots compute` end to end: the files it writes, and bad input that writes nothing."""

import argparse
import json
from decimal import Decimal
from pathlib import Path

import duckdb
import polars as pl
import pytest

from stack.commands import lots
from tests.analytics.ledgers import buy, flows, sell

GOOD = flows(
    *buy("t1", "2021-01-01T10:00:00Z", "BTC", "1", "1000"),
    ("t2", "2021-02-01T10:00:00+02:00", "w", "STAKING_REWARD", "BTC", "IN", "0.5", "700"),
    *sell("t3", "2022-06-01", "BTC", "1.2", "3000"),
)


def _run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="cairn")
    lots.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["lots", "compute", *argv])
    return int(args.func(args))


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_compute_writes_tables_database_and_summary(tmp_path: Path, suffix: str) -> None:
    ledger = tmp_path / f"ledger.{suffix}"
    GOOD.write_csv(ledger) if suffix == "csv" else GOOD.write_parquet(ledger)
    out = tmp_path / "out"
    assert _run(str(ledger), "--method", "fifo", "--out", str(out)) == 0

    disposals = pl.read_parquet(out / "disposals.parquet")
    assert disposals.select("quantity", "proceeds", "cost_basis", "gain", "term").rows() == [
        (Decimal(1), Decimal(2500), Decimal(1000), Decimal(1500), "LONG"),
        (Decimal("0.2"), Decimal(500), Decimal(280), Decimal(220), "LONG"),
    ]
    assert pl.read_csv(out / "lots.csv").height == 2
    with duckdb.connect(str(out / "cairn.duckdb"), read_only=True) as database:
        counts = [
            database.execute(f"select count(*) from {t}").fetchone() for t in ("lots", "disposals", "income")
        ]
    assert counts == [(2,), (2,), (1,)]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["method"] == "FIFO" and summary["scope"] == "UNIVERSAL"
    assert summary["years"]["2021"]["income"] == "700"
    assert summary["years"]["2022"] == {
        "proceeds": "3000",
        "cost_basis": "1280",
        "short_term_gain": "0",
        "long_term_gain": "1720",
        "income": "0",
    }
    assert summary["assets"]["BTC"]["2022"]["long_term_gain"] == "1720"
    assert summary["callouts"] == {"INSUFFICIENT_QUANTITY": 0, "MISSING_PRICE_HISTORY": 0}


def test_timeline_file(tmp_path: Path) -> None:
    ledger, timeline = tmp_path / "ledger.csv", tmp_path / "timeline.csv"
    GOOD.write_csv(ledger)
    timeline.write_text("start_date,end_date,method\n2021-01-01,2021-12-31,FIFO\n2022-01-01,,LIFO\n")
    assert _run(str(ledger), "--timeline", str(timeline), "--out", str(tmp_path / "o")) == 0
    lot_ids = pl.read_csv(tmp_path / "o" / "disposals.csv")["lot_id"].to_list()
    assert lot_ids == ["t2:0", "t1:0"]


@pytest.mark.parametrize(("method", "expected"), [(None, ["t1:0", "t2:0"]), ("LIFO", ["t2:0", "t1:0"])])
def test_method_with_timeline_applies_outside_its_periods(
    tmp_path: Path, method: str | None, expected: list[str]
) -> None:
    ledger, timeline = tmp_path / "ledger.csv", tmp_path / "timeline.csv"
    GOOD.write_csv(ledger)
    timeline.write_text("start_date,end_date,method\n2021-01-01,2021-12-31,FIFO\n")
    given = ["--method", method] if method else []
    assert _run(str(ledger), "--timeline", str(timeline), *given, "--out", str(tmp_path / "o")) == 0
    # the 2022 sale: after the closed period, FIFO continues alone; with --method, that method applies
    assert pl.read_csv(tmp_path / "o" / "disposals.csv")["lot_id"].to_list() == expected


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f.drop("is_fee"), "column is_fee: missing column(s): is_fee"),
        (
            lambda f: f.with_columns(
                quantity=pl.when(pl.col("tx_id") == "t2").then(pl.lit("-0.5")).otherwise("quantity")
            ),
            "row 3, column quantity: must be positive",
        ),
        (
            lambda f: f.with_columns(
                timestamp=pl.when(pl.col("tx_id") == "t3").then(pl.lit("June 1st")).otherwise("timestamp")
            ),
            "row 4, column timestamp: not an ISO 8601 time",
        ),
        (
            lambda f: f.with_columns(
                value=pl.when(pl.col("tx_id") == "t2").then(pl.lit("7e")).otherwise("value")
            ),
            "row 3, column value: not a decimal number",
        ),
    ],
)
def test_bad_input_names_row_and_column_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: object, message: str
) -> None:
    ledger = tmp_path / "ledger.csv"
    change(GOOD).write_csv(ledger)  # type: ignore[operator]
    out = tmp_path / "out"
    assert _run(str(ledger), "--method", "FIFO", "--out", str(out)) == 1
    assert message in capsys.readouterr().err
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [ledger]


def test_taxpayer_wide_methods_refuse_the_wallet_scope(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "ledger.csv"
    GOOD.write_csv(ledger)
    assert _run(str(ledger), "--method", "ACB", "--scope", "wallet", "--out", str(tmp_path / "o")) == 1
    assert "universal scope" in capsys.readouterr().err


@pytest.mark.parametrize("given", ["wallet", "Wallet", "WALLET"])
def test_the_scope_is_read_in_any_case_and_written_as_the_spec_spells_it(tmp_path: Path, given: str) -> None:
    ledger = tmp_path / "ledger.csv"
    GOOD.write_csv(ledger)
    out = tmp_path / "out"
    assert _run(str(ledger), "--method", "FIFO", "--scope", given, "--out", str(out)) == 0
    assert json.loads((out / "summary.json").read_text())["scope"] == "WALLET"
