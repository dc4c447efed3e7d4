"""The shared export fixtures (/work/shared/data/exports) and a helper to parse one of them."""

from __future__ import annotations

from pathlib import Path

from ingest.files.check import FileReport, inspect_file, iter_transactions
from ingest.files.model import ParsedTransaction

EXPORTS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "exports"


def export_bytes(relative: str) -> bytes:
    return (EXPORTS / relative).read_bytes()


def report(relative: str) -> FileReport:
    return inspect_file(export_bytes(relative), Path(relative).name)


def transactions(relative: str) -> list[ParsedTransaction]:
    return list(iter_transactions(export_bytes(relative), Path(relative).name))
