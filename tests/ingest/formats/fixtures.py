"""Run an export fixture (or a CSV written in a test) through reader, detection and parser."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from ingest.files.model import Ignored, ParsedTransaction, RowError
from ingest.files.reader import read_sheet
from ingest.files.registry import detect

EXPORTS = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "exports"

FlowView = tuple[str, str, Decimal, bool]


@dataclass(frozen=True)
class Parsed:
    format_id: str
    transactions: list[ParsedTransaction]
    ignored: list[Ignored]
    errors: list[RowError]

    def types(self) -> Counter[str]:
        return Counter(tx.type for tx in self.transactions)

    def at_row(self, row: int) -> ParsedTransaction:
        return next(tx for tx in self.transactions if tx.row == row)


def parse_bytes(data: bytes, filename: str) -> Parsed:
    sheet = read_sheet(data, filename)
    fmt = detect(sheet)
    assert fmt is not None, f"no format recognises {filename}"
    items = list(fmt.parse(sheet))
    return Parsed(
        fmt.id,
        [item for item in items if isinstance(item, ParsedTransaction)],
        [item for item in items if isinstance(item, Ignored)],
        [item for item in items if isinstance(item, RowError)],
    )


def parse_export(relative: str) -> Parsed:
    return parse_bytes((EXPORTS / relative).read_bytes(), Path(relative).name)


def parse_text(text: str, filename: str = "export.csv") -> Parsed:
    return parse_bytes(text.encode(), filename)


def flows(tx: ParsedTransaction) -> list[FlowView]:
    return [(flow.direction, flow.asset, flow.quantity, flow.is_fee) for flow in tx.flows]


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text)
