"""PostgreSQL's COPY text format, written in plain Python so that any thread can encode rows while
another one talks to the database: one line per row, tab-separated, \\N for NULL. `text_column` and
`time_column` write the same for whole Polars columns, `copy_fields` for every column of a frame, and
`copy_lines` the lines of such fields."""

from __future__ import annotations

import io
from datetime import datetime
from decimal import Decimal

import polars as pl

NULL = "\\N"
_ESCAPE_PAIRS = (("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r"))  # backslash first
_ESCAPES = str.maketrans(dict(_ESCAPE_PAIRS))


def text_field(value: str | None) -> str:
    return NULL if value is None else value.translate(_ESCAPES)


def number_field(value: Decimal | None) -> str:
    """Positional notation always ("0.0000001", never "1E-7"), as the frames' decimal text is."""
    return NULL if value is None else format(value, "f")


def time_field(value: datetime) -> str:
    return value.isoformat()


def bool_field(value: bool) -> str:
    return "t" if value else "f"


def text_column(column: str) -> pl.Expr:
    """`text_field` of every value of a String column."""
    escaped = pl.col(column)
    for raw, written in _ESCAPE_PAIRS:
        escaped = escaped.str.replace_all(raw, written, literal=True)
    return escaped.fill_null(NULL)


def time_column(column: str) -> pl.Expr:
    """`time_field` of every value of a UTC Datetime column (microseconds only when there are some)."""
    moment = pl.col(column)
    return (
        pl.when(moment.dt.microsecond() == 0)
        .then(moment.dt.strftime("%Y-%m-%dT%H:%M:%S+00:00"))
        .otherwise(moment.dt.strftime("%Y-%m-%dT%H:%M:%S%.6f+00:00"))
    )


def bool_column(column: str) -> pl.Expr:
    return pl.when(pl.col(column)).then(pl.lit("t")).otherwise(pl.lit("f"))


def copy_fields(schema: pl.Schema) -> list[pl.Expr]:
    """Every column of a frame of this schema as its field: text escaped, UTC times as `time_column`,
    decimals in positional notation (Polars writes them so), integers and NULLs as they are."""
    fields = []
    for name, dtype in schema.items():
        if dtype == pl.String:
            fields.append(text_column(name))
        elif isinstance(dtype, pl.Datetime):
            fields.append(time_column(name).fill_null(NULL))
        elif dtype == pl.Boolean:
            fields.append(bool_column(name))
        else:
            fields.append(pl.col(name).cast(pl.String).fill_null(NULL))
    return fields


def copy_lines(fields: pl.DataFrame) -> bytes:
    """The COPY text of a frame of fields (one String column per field, as encoded above)."""
    encoded = io.BytesIO()
    fields.write_csv(encoded, include_header=False, separator="\t", quote_style="never", line_terminator="\n")
    return encoded.getvalue()
