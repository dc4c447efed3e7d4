"""Reading and validating a ledger: one row per flow, exactly the documented columns.

Every problem is reported with the 1-based data row and the column it concerns, and nothing is
guessed: quantities and values are decimal text (or decimal/integer columns), never floats.
"""

from collections.abc import Collection
from datetime import UTC, datetime
from pathlib import Path

import polars as pl

from analytics.lots.c_core import stripped
from vocabulary.lot_engine import FLOW_TYPES, LEDGER_COLUMNS, SCALE
from vocabulary.numbers import parse_decimal

DECIMAL = pl.Decimal(38, SCALE)
TIMESTAMP = pl.Datetime("us", "UTC")
_DECIMAL_TEXT = r"^[0-9]+(\.[0-9]+)?$"
# what the cast takes exactly, as PostgreSQL writes its numbers: the common case, checked in one pass
_PLAIN_DECIMAL = rf"^[0-9]+(\.[0-9]{{1,{SCALE}}})?$"
_TRUE = ("true", "1", "yes")
_FALSE = ("false", "0", "no", "")


class LedgerError(ValueError):
    """A ledger that cannot be computed, with the row (1-based, data rows) and column at fault."""

    def __init__(self, message: str, *, row: int | None = None, column: str | None = None) -> None:
        self.row = row
        self.column = column
        where = ", ".join(
            part for part in (f"row {row}" if row else "", f"column {column}" if column else "") if part
        )
        super().__init__(f"{where}: {message}" if where else message)


def read_ledger(path: Path, *, validate: bool = True) -> pl.DataFrame:
    """Read a CSV or Parquet ledger and return it validated (see `validate_ledger`).

    `validate=False` returns it as read, for `compute` (which validates what it is given).
    """
    if not path.exists():
        raise LedgerError(f"ledger file not found: {path}")
    if path.suffix.lower() == ".parquet":
        raw = pl.read_parquet(path)
    else:
        try:
            raw = pl.read_csv(path, infer_schema=False)
        except pl.exceptions.ComputeError as error:
            raise LedgerError(f"unreadable CSV: {error}") from error
    return validate_ledger(raw) if validate else raw


def validate_ledger(raw: pl.DataFrame) -> pl.DataFrame:
    """Check and type a raw ledger frame.

    Returns the columns `row, tx_id, timestamp (UTC), account, type, asset, direction, quantity,
    value, is_fee, link_id` with quantity and value as Decimal(38, 18), ordered as given.
    """
    return validate_rows(raw, 1)


def validate_rows(raw: pl.DataFrame, first_row: int) -> pl.DataFrame:
    """`validate_ledger` for a part of a ledger whose first row is data row `first_row`."""
    missing = [name for name in LEDGER_COLUMNS if name not in raw.columns]
    if missing:
        raise LedgerError(f"missing column(s): {', '.join(missing)}", column=missing[0])
    frame = raw.select(LEDGER_COLUMNS).with_row_index("row", offset=first_row)

    for name in ("tx_id", "account", "asset", "type", "direction"):
        text = _text(frame, name)
        _fail_first(frame, text.is_null() | (text == ""), name, "must not be empty")
        frame = frame.with_columns(text.alias(name))
    frame = frame.with_columns(
        _named(frame, "type", FLOW_TYPES, "unknown flow type"),
        _named(frame, "direction", ("IN", "OUT"), "must be IN or OUT"),
        _text(frame, "link_id").replace("", None).alias("link_id"),
    )

    frame = frame.with_columns(
        _decimal(frame, "quantity", required=True),
        _decimal(frame, "value", required=False),
        _flag(frame, "is_fee"),
        _timestamps(frame),
    )
    _fail_first(frame, pl.col("quantity") <= 0, "quantity", "must be positive")
    _fail_first(frame, pl.col("value") < 0, "value", "must not be negative")
    _fail_first(frame, pl.col("is_fee") & (pl.col("direction") == "IN"), "direction", "a fee flows OUT")
    return frame.with_columns(pl.col("row").cast(pl.Int64))


def _text(frame: pl.DataFrame, name: str) -> pl.Series:
    column = frame[name]
    if column.dtype == pl.String:
        return column if stripped(column) else column.str.strip_chars()
    return column.cast(pl.String)


def _named(frame: pl.DataFrame, column: str, names: Collection[str], message: str) -> pl.Series:
    """A column of names, in capitals (a ledger may write them in any case), or the first unknown one."""
    text = frame[column]
    if text.is_in(sorted(names)).all():
        return text
    text = text.str.to_uppercase()
    _fail_first(frame, ~text.is_in(sorted(names)), column, message)
    return text


def _fail_first(frame: pl.DataFrame, bad: pl.Expr | pl.Series, column: str, message: str) -> None:
    rows = frame.filter(bad.fill_null(False)).select("row", pl.col(column).cast(pl.String)).head(1)
    if rows.height:
        row, given = rows.row(0)
        raise LedgerError(f"{message} (got {given!r})", row=row, column=column)


def _decimal(frame: pl.DataFrame, name: str, *, required: bool) -> pl.Series:
    column = frame[name]
    if column.dtype.is_float():
        raise LedgerError("floating-point numbers are not exact; give decimal text", column=name)
    if column.dtype == pl.String:
        if column.str.contains(_PLAIN_DECIMAL).fill_null(not required).all():
            return column.cast(DECIMAL).alias(name)
        text = column.str.strip_chars()
        if required:
            _fail_first(frame, text.is_null() | (text == ""), name, "must not be empty")
        text = _written_out(text.replace("", None))
        negative = text.str.starts_with("-")
        _fail_first(frame, negative, name, "must be positive" if required else "must not be negative")
        malformed = text.is_not_null() & ~text.str.contains(_DECIMAL_TEXT)
        _fail_first(frame, malformed, name, "not a decimal number")
        too_fine = text.str.split(".").list.get(1, null_on_oob=True).str.len_chars() > SCALE
        _fail_first(frame, too_fine, name, f"more than {SCALE} decimal places")
        return text.cast(DECIMAL).alias(name)
    if not (column.dtype.is_integer() or isinstance(column.dtype, pl.Decimal) or column.dtype == pl.Null):
        raise LedgerError(f"expected decimal numbers, found {column.dtype}", column=name)
    typed = column.cast(DECIMAL)
    if isinstance(column.dtype, pl.Decimal) and (column.dtype.scale or 0) > SCALE:
        _fail_first(frame, typed.cast(column.dtype) != column, name, f"more than {SCALE} decimal places")
    if required:
        _fail_first(frame, typed.is_null(), name, "must not be empty")
    return typed.alias(name)


def _written_out(text: pl.Series) -> pl.Series:
    """Numbers as files write them ("9.8E-7", "1,234.50", "€5", "(3)") as plain decimal text ("0.00000098",
    "1234.50", "5", "-3"), read by the importers' own `parse_decimal` with a decimal point, as every known
    format writes; text that is no number ("0,5", "1.5.3") stays as it is, for the checks to refuse."""
    odd = text.is_not_null() & ~text.str.contains(_DECIMAL_TEXT)
    if not odd.any():
        return text
    return text.replace({value: _plain(value) for value in text.filter(odd).unique().to_list()})


def _plain(written: str) -> str:
    try:
        value = parse_decimal(written)
    except ValueError:
        return written
    return written if value is None else format(value, "f")


def _flag(frame: pl.DataFrame, name: str) -> pl.Series:
    column = frame[name]
    if column.dtype == pl.Boolean:
        return column.fill_null(False)
    text = column.cast(pl.String).fill_null("").str.strip_chars().str.to_lowercase()
    _fail_first(frame, ~text.is_in([*_TRUE, *_FALSE]), name, "must be true or false")
    return text.is_in(list(_TRUE)).alias(name)


def _timestamps(frame: pl.DataFrame) -> pl.Series:
    column = frame["timestamp"]
    if isinstance(column.dtype, pl.Datetime):
        parsed = (column.dt.replace_time_zone("UTC") if column.dtype.time_zone is None else column).cast(
            TIMESTAMP
        )
    elif column.dtype == pl.Date:
        parsed = column.cast(pl.Datetime("us")).dt.replace_time_zone("UTC")
    else:
        text = column.cast(pl.String).str.strip_chars()
        parsed = text.str.to_datetime(strict=False, time_zone="UTC", time_unit="us")
        unparsed = parsed.is_null() & text.is_not_null()
        if unparsed.any():
            fallback = {value: _parse_iso(value) for value in text.filter(unparsed).unique().to_list()}
            parsed = parsed.fill_null(text.replace_strict(fallback, default=None, return_dtype=TIMESTAMP))
    _fail_first(
        frame.with_columns(parsed=parsed), pl.col("parsed").is_null(), "timestamp", "not an ISO 8601 time"
    )
    return parsed.alias("timestamp")


def _parse_iso(value: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
