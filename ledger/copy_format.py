"""PostgreSQL's COPY text format, written in plain Python so that any thread can encode rows while
another one talks to the database: one line per row, tab-separated, \\N for NULL."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

NULL = "\\N"
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def text_field(value: str | None) -> str:
    return NULL if value is None else value.translate(_ESCAPES)


def number_field(value: Decimal | int | None) -> str:
    return NULL if value is None else str(value)


def time_field(value: datetime) -> str:
    return value.isoformat()


def bool_field(value: bool) -> str:
    return "t" if value else "f"
