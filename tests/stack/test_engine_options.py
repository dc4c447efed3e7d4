"""The lot engine's options as `cairn lots compute` and `cairn tax report` both take them."""

import csv
from pathlib import Path

import pytest

from stack.cli import main
from tests.analytics.ledgers import buy, flows, sell

LEDGER = flows(
    *buy("t1", "2021-01-01T10:00:00Z", "BTC", "1", "1000"),
    *buy("t2", "2021-02-01T10:00:00Z", "BTC", "1", "2000"),
    *sell("t3", "2022-06-01", "BTC", "1", "3000"),
)

COMMANDS = {
    "cairn lots compute": ["lots", "compute"],
    "cairn tax report": ["tax", "report", "--type", "CAPITAL_GAINS_CSV", "--year", "2022"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_wants_a_method_or_a_timeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    ledger, out = tmp_path / "ledger.csv", tmp_path / "out"
    LEDGER.write_csv(ledger)
    assert main([*COMMANDS[command], str(ledger), "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"{command}: give --method, --timeline or both\n"
    assert not out.exists()


@pytest.mark.parametrize(
    ("method", "acquired", "cost_basis"),
    [([], "2021-01-01", "1000.00"), (["--method", "lifo"], "2021-02-01", "2000.00")],
)
def test_the_tax_report_applies_the_method_outside_the_timeline(
    tmp_path: Path, method: list[str], acquired: str, cost_basis: str
) -> None:
    ledger, timeline, out = tmp_path / "ledger.csv", tmp_path / "timeline.csv", tmp_path / "gains.csv"
    LEDGER.write_csv(ledger)
    timeline.write_text("start_date,end_date,method\n2021-01-01,2021-12-31,FIFO\n")
    argv = [*COMMANDS["cairn tax report"], str(ledger), "--timeline", str(timeline), "--scope", "wallet"]
    assert main([*argv, *method, "--out", str(out)]) == 0
    # the 2022 sale: after the closed FIFO period, FIFO continues alone; with --method, that method applies
    [sale] = csv.DictReader(out.read_text().splitlines())
    assert (sale["Date Acquired"], sale["Cost Basis"]) == (acquired, cost_basis)
