"""A column mapping of a file no format recognises: which of its columns holds each of the generic CSV's
fields, and the date's format. Pure definitions shared by the API (which checks a mapping against the
file's header) and ingest (ingest.files.mapping, which reads the file with it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from vocabulary.numbers import DecimalMark

MAX_COLUMNS = 100  # of a file offered for mapping


class DateFormat(StrEnum):
    DETECT = "DETECT"  # as the generic CSV reads it: ISO, or numeric day or month first as the file shows
    DAY_FIRST = "DAY_FIRST"  # 31/12/2024 13:45
    MONTH_FIRST = "MONTH_FIRST"  # 12/31/2024 13:45
    UNIX_SECONDS = "UNIX_SECONDS"
    UNIX_MILLISECONDS = "UNIX_MILLISECONDS"


class DecimalSeparator(StrEnum):
    AUTOMATIC = "AUTOMATIC"  # the mark the file's quantities show (vocabulary.numbers.decimal_mark)
    POINT = "POINT"  # 1,234.56
    COMMA = "COMMA"  # 1.234,56

    @property
    def mark(self) -> DecimalMark | None:
        """The mark quantities are read with; None: the file's own, found from its quantities."""
        return None if self is DecimalSeparator.AUTOMATIC else DecimalMark(self.value)


# The mapping's fields with their labels; the first eight are the generic CSV's columns, in its order.
# A signed amount (+ received, − sent) stands for the received and sent quantities of a one-column file.
FIELD_LABELS = {
    "date": "Date",
    "received_quantity": "Received quantity",
    "received_currency": "Received currency",
    "sent_quantity": "Sent quantity",
    "sent_currency": "Sent currency",
    "fee_quantity": "Fee quantity",
    "fee_currency": "Fee currency",
    "type": "Type",
    "id": "ID",
    "notes": "Notes",
    "signed_quantity": "Amount (signed)",
    "signed_currency": "Amount currency",
}
_CURRENCIES = frozenset({"received_currency", "sent_currency", "fee_currency", "signed_currency"})
_AMOUNTS = (
    ("received_quantity", "received_currency"),
    ("sent_quantity", "sent_currency"),
    ("fee_quantity", "fee_currency"),
    ("signed_quantity", "signed_currency"),
)


@dataclass(frozen=True, slots=True)
class ColumnMapping:
    """Which column (0-based position in the header) holds each field; None: the file has no such column."""

    date: int
    date_format: DateFormat = DateFormat.DETECT
    received_quantity: int | None = None
    received_currency: int | None = None
    sent_quantity: int | None = None
    sent_currency: int | None = None
    fee_quantity: int | None = None
    fee_currency: int | None = None
    type: int | None = None
    id: int | None = None
    notes: int | None = None
    signed_quantity: int | None = None
    signed_currency: int | None = None
    decimal_separator: DecimalSeparator = DecimalSeparator.AUTOMATIC

    def column(self, name: str) -> int | None:
        position: int | None = getattr(self, name)
        return position

    def as_dict(self) -> dict[str, int | str | None]:
        """The mapping as JSON holds it (a workflow input, a stored row)."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)} | {
            "date_format": str(self.date_format),
            "decimal_separator": str(self.decimal_separator),
        }

    @classmethod
    def of(cls, data: Mapping[str, object]) -> ColumnMapping:
        """The mapping `as_dict` wrote; raises ValueError on anything else."""
        positions: dict[str, int | None] = {}
        for name in FIELD_LABELS:
            value = data.get(name)
            if value is not None and type(value) is not int:
                raise ValueError(f"{FIELD_LABELS[name]}: a column is chosen by its position")
            positions[name] = value
        date = positions.pop("date")
        if date is None:
            raise ValueError(MISSING_DATE)
        return cls(
            date,
            DateFormat(str(data.get("date_format", DateFormat.DETECT))),
            decimal_separator=DecimalSeparator(
                str(data.get("decimal_separator", DecimalSeparator.AUTOMATIC))
            ),
            **positions,
        )


MISSING_DATE = "Choose the column that holds the date."
NO_QUANTITY = "Choose at least one quantity column: received, sent, signed amount or fee."
SIGNED_OR_SIDES = "Choose either Amount (signed) or the Received and Sent quantity columns, not both."


def mapping_problems(mapping: ColumnMapping, header: Sequence[str]) -> list[str]:
    """What makes the mapping unusable for a file with this header, one sentence each; [] when usable."""
    width = min(len(header), MAX_COLUMNS)
    problems = []
    used: dict[int, str] = {}
    for name, label in FIELD_LABELS.items():
        position = mapping.column(name)
        if position is None:
            continue
        if not 0 <= position < width:
            problems.append(f"{label}: the file has no column {position + 1}.")
            continue
        earlier = used.get(position)
        # One currency column may serve every amount ("Amount In, Amount Out, Asset"); nothing else repeats.
        if earlier is not None and not (name in _CURRENCIES and earlier in _CURRENCIES):
            problems.append(
                f"The column {header[position]!r} is chosen for both {FIELD_LABELS[earlier]} and {label}."
            )
        used.setdefault(position, name)
    for quantity, currency in _AMOUNTS:
        if (mapping.column(quantity) is None) != (mapping.column(currency) is None):
            missing = currency if mapping.column(currency) is None else quantity
            problems.append(f"Choose the {FIELD_LABELS[missing]} column too, or neither of the pair.")
    if mapping.signed_quantity is not None and (
        mapping.received_quantity is not None or mapping.sent_quantity is not None
    ):
        problems.append(SIGNED_OR_SIDES)
    if all(mapping.column(quantity) is None for quantity, _ in _AMOUNTS):
        problems.append(NO_QUANTITY)
    return problems
