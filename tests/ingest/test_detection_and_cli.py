import argparse
import json
from pathlib import Path

import pytest

from ingest.files.check import NOT_FOUND, inspect_file
from ingest.files.reader import read_sheet
from ingest.files.registry import all_formats, detect
from stack.commands import imports
from tests.ingest.exports import EXPORTS, export_bytes


def test_formats_are_discovered_from_the_package() -> None:
    ids = [fmt.id for fmt in all_formats()]
    assert {"generic", "kraken-ledgers", "kraken-trades", "coinbase", "nexo", "bittrex-orders-older"} <= set(
        ids
    )
    assert len(ids) == len(set(ids))


def test_detection_prefers_the_most_specific_format() -> None:
    header = (
        b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
    )
    fmt = detect(read_sheet(header + b"2021-01-01,1,BTC,,,,,\n", "x.csv"))
    assert fmt is not None and fmt.id == "generic"
    nexo = detect(read_sheet(export_bytes("nexo/rotki__corrupt_nexo.csv"), "x.csv"))
    assert nexo is not None and nexo.id == "nexo-older"


def test_unrecognised_file_gets_guidance_with_formats_and_header() -> None:
    result = inspect_file(b"When,What,How much\n2021-01-01,coffee,3\n", "x.csv")
    assert result.format_id is None and not result.importable
    (message,) = result.errors
    assert message.startswith(NOT_FOUND)
    assert (
        "'When,What,How much'" in message and "Kraken ledgers" in message and "Received Quantity" in message
    )


def test_errors_are_capped_with_a_final_count() -> None:
    header = (
        b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
    )
    result = inspect_file(header + b"never,1,BTC,,,,,\n" * 7, "x.csv", max_errors=3)
    assert result.errors[:1] == [
        "Row 1, column Date: 'never' is not a date and time we can read ('never' is not a date)"
    ]
    assert len(result.errors) == 4 and result.errors[-1] == "…and 4 more errors"


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    imports.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_cli_json_for_an_importable_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXPORTS / "kraken" / "kraken-ledger-report__trades.csv"
    assert run(["import", "check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "format": "kraken-trades",
        "transactions": 23,
        "imported_for_review": 0,
        "ignored": 0,
        "errors": [],
    }


def test_cli_text_for_a_file_whose_rows_are_all_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXPORTS / "bitvavo" / "GhostfolioSidekick__Invalid_single_buy_pending.csv"
    assert run(["import", "check", str(path)]) == 0  # an import of nothing, each row's reason listed
    out = capsys.readouterr().out
    assert "Format: Bitvavo account history (bitvavo)" in out
    assert "Transactions to import: 0" in out and "Errors: 0" in out
    assert "Row 1: the buy is Pending, not completed" in out and "Importable: yes" in out


def test_cli_counts_rows_imported_for_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "coinbase.csv"
    path.write_text(
        "Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,"
        "Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n"
        "2024-01-02T03:04:05Z,Reward Income,ETH,0.01,EUR,2000,20,20,0,\n"
        "2024-01-03T03:04:05Z,Zorblax Payout,ETH,0.02,EUR,2000,40,40,0,\n"
    )
    assert run(["import", "check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "format": "coinbase",
        "transactions": 2,
        "imported_for_review": 1,  # Reward Income is a documented Coinbase type, Zorblax Payout is not
        "ignored": 0,
        "errors": [],
    }
    assert run(["import", "check", str(path)]) == 0
    assert "Imported for review (type not recognised): 1" in capsys.readouterr().out


def test_cli_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["import", "check", str(tmp_path / "nope.csv"), "--json"]) == 1
    assert "Cannot read" in capsys.readouterr().err
