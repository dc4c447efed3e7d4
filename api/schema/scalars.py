"""The contract's scalars: Decimal as an exact string, DateTime as ISO 8601 with its offset."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import strawberry
from strawberry.types.scalar import ScalarDefinition


def format_decimal(value: Decimal) -> str:
    """Plain notation without trailing zeros: NUMERIC(38,18) 1.500000000000000000 reads "1.5"."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _parse_decimal(value: object) -> Decimal:
    return Decimal(str(value))


def format_datetime(value: datetime) -> str:
    return value.isoformat()


def _parse_datetime(value: object) -> datetime:
    return datetime.fromisoformat(str(value))


SCALARS: dict[object, ScalarDefinition] = {
    Decimal: strawberry.scalar(
        name="Decimal",
        description="Exact decimal, serialised as a string (quantities and money are never floats).",
        serialize=format_decimal,
        parse_value=_parse_decimal,
    ),
    datetime: strawberry.scalar(
        name="DateTime",
        description="ISO 8601 date-time with offset.",
        serialize=format_datetime,
        parse_value=_parse_datetime,
    ),
}
