"""The C core (`_c_core`, built from _c_core.c by setup.py) and moving columns in and out of it."""

from typing import IO, Any

import polars as pl

try:
    from analytics.lots import _c_core
except ImportError:  # pragma: no cover - the extension is built by `pip install -e .`
    _c_core = None  # type: ignore[assignment]

_I128 = pl.Int128


def c_core_available() -> bool:
    return _c_core is not None


def buffer(series: pl.Series) -> memoryview:
    """The values of a column without nulls as one contiguous little-endian buffer."""
    if series.null_count():
        raise ValueError(f"column {series.name!r} has nulls")
    if series.dtype == _I128:
        series = series.cast(pl.Decimal(38, 0))
    elif series.dtype == pl.Boolean:
        series = series.cast(pl.Int8)
    array = series.rechunk().to_arrow()
    width = array.type.bit_width // 8
    data = memoryview(array.buffers()[1]).cast("B")
    return data[array.offset * width : (array.offset + len(array)) * width]


def from_bytes(data: bytes, dtype: pl.DataType | type[pl.DataType]) -> pl.Series:
    """A column from the C core's little-endian values (Int64, UInt32, Int8 or Int128), without a copy."""
    import pyarrow as pa

    if dtype == _I128:
        array = pa.Array.from_buffers(pa.decimal128(38, 0), len(data) // 16, [None, pa.py_buffer(data)])
        return pl.Series(_Stream(array)).to_physical()
    kind = {pl.Int64: pa.int64(), pl.UInt32: pa.uint32(), pl.Int8: pa.int8()}[dtype]  # type: ignore[index]
    array = pa.Array.from_buffers(kind, len(data) // (kind.bit_width // 8), [None, pa.py_buffer(data)])
    return pl.Series(_Stream(array))


def scaled_as_decimal(series: pl.Series, scale: int) -> pl.Series:
    """Integers in units of 10**-scale as exact decimals of that scale: the same 128-bit values
    under a decimal type (a checked cast, then no arithmetic)."""
    import pyarrow as pa

    array = series.cast(pl.Decimal(38, 0)).rechunk().to_arrow()
    relabelled = pa.Array.from_buffers(
        pa.decimal128(38, scale), len(array), array.buffers(), offset=array.offset
    )
    return pl.Series(_Stream(relabelled)).alias(series.name)


class _Stream:
    """An Arrow array offered to Polars as an Arrow C stream: taken over as it is, where
    `pl.from_arrow` would first import pyarrow.compute (25 ms of start-up)."""

    def __init__(self, array: Any) -> None:
        import pyarrow as pa

        self._chunks = pa.chunked_array([array])

    def __arrow_c_stream__(self, requested_schema: object = None) -> object:
        return self._chunks.__arrow_c_stream__(requested_schema)


# what starts a formula in a spreadsheet cell; the C core's FORMULA table
FORMULA_START = r"^[=+\-@\t\r]"
# timestamps the C core formats: years 1 to 9999 (µs since the epoch)
_FIRST_MICROS, _END_MICROS = -62_135_596_800_000_000, 253_402_300_800_000_000


def write_csv(frame: pl.DataFrame, file: IO[bytes], *, include_header: bool) -> None:
    """The frame as CSV: Polars' quoting, decimals exactly and without trailing fractional zeros
    ("12.5", "0"), timestamps as ISO 8601 in UTC with a fraction only when there is one
    ("2021-03-01T09:30:00Z", "2021-03-01T09:30:00.000250Z").

    The C core writes string, decimal (scale up to 19), int64 and UTC microsecond timestamp
    columns (years 1 to 9999): the tables the engine writes. Anything else, Polars (the same bytes).
    """
    columns = _csv_columns(frame) if _c_core is not None else None
    if columns is None:
        csv_text(frame).write_csv(file, include_header=include_header)
        return
    if include_header:
        file.write(frame.head(0).write_csv().encode())
    file.flush()
    assert _c_core is not None
    _c_core.csv(file.fileno(), frame.height, columns)


def csv_text(frame: pl.DataFrame) -> pl.DataFrame:
    """Decimal and timestamp columns as the text `write_csv` writes for them, and string columns with a
    single quote before any value a spreadsheet would take for a formula (OWASP's CSV injection guidance)."""
    formatted: list[pl.Expr] = []
    for name, dtype in frame.schema.items():
        column = pl.col(name)
        if dtype == pl.String:
            formula = column.str.contains(FORMULA_START)
            formatted.append(pl.when(formula).then(pl.lit("'") + column).otherwise(column).alias(name))
        elif isinstance(dtype, pl.Decimal) and dtype.scale:
            formatted.append(column.cast(pl.String).str.replace(r"\.?0+$", ""))
        elif isinstance(dtype, pl.Datetime) and dtype.time_zone == "UTC":
            moment = column.dt.cast_time_unit("us")
            whole = moment.dt.strftime("%Y-%m-%dT%H:%M:%S")
            fraction = (
                pl.when(moment.dt.microsecond() != 0).then(moment.dt.strftime("%.6f")).otherwise(pl.lit(""))
            )
            formatted.append(pl.concat_str(whole, fraction, pl.lit("Z")).alias(name))
    return frame.with_columns(formatted) if formatted else frame


def _csv_columns(frame: pl.DataFrame) -> tuple[tuple[int, Any, Any, Any], ...] | None:
    import pyarrow as pa

    columns: list[tuple[int, Any, Any, Any]] = []
    for name, column in zip(
        frame.columns, frame.to_arrow(compat_level=pl.CompatLevel.newest()).columns, strict=True
    ):
        array = column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)
        if array.offset:
            return None
        kind = array.type
        validity, values, *data = array.buffers()
        if validity is not None and array.null_count == 0:
            validity = None
        if pa.types.is_string_view(kind):
            columns.append((0, validity, values, tuple(data)))
        elif pa.types.is_decimal128(kind) and kind.scale <= 19:
            columns.append((1, validity, values, kind.scale))
        elif pa.types.is_timestamp(kind) and kind.unit == "us" and kind.tz == "UTC":
            micros = frame.get_column(name).dt.epoch("us")
            if micros.null_count() < micros.len() and not (
                _FIRST_MICROS <= micros.min() <= micros.max() < _END_MICROS  # type: ignore[operator]
            ):
                return None
            columns.append((2, validity, values, b"Z"))
        elif pa.types.is_int64(kind):
            columns.append((3, validity, values, None))
        else:
            return None
    return tuple(columns)


def lineage(
    head_ids: pl.Series, head_chains: pl.Series, flows: pl.Series, parents: pl.Series
) -> tuple[pl.Series, pl.Series, pl.Series] | None:
    """The C core's lot ids, transfer chains and chain starts of moved pieces (tables._moved).

    parents: -1, a head position, or the number of head rows + an earlier piece's position.
    Returns (ids, chains, roots: the position, head or head count + piece, its chain starts
    from), or None when the C core is not built or the strings are not plain (null or empty ids).
    """
    if flows.is_empty():
        empty = pl.Series([], dtype=pl.String)
        return empty, empty, pl.Series([], dtype=pl.Int64)
    if _c_core is None or head_ids.null_count() or head_chains.null_count() or flows.null_count():
        return None
    if head_ids.len() and head_ids.str.len_bytes().min() == 0:
        return None
    ids, chains, flow_ids = _views(head_ids), _views(head_chains), _views(flows)
    if ids is None or chains is None or flow_ids is None:
        return None
    id_offsets, id_data, chain_offsets, chain_data, roots = _c_core.lineage(
        head_ids.len(), ids, chains, flows.len(), flow_ids, buffer(parents.cast(pl.Int64))
    )
    return (
        _large_strings(flows.len(), id_offsets, id_data),
        _large_strings(flows.len(), chain_offsets, chain_data),
        from_bytes(roots, pl.Int64),
    )


def stripped(series: pl.Series) -> bool:
    """True when no string of the column begins or ends with whitespace (False: perhaps one does)."""
    if _c_core is None or series.dtype != pl.String:
        return False
    views = _views(series)
    return views is not None and _c_core.stripped(series.len(), views)


def paired(
    lines: pl.DataFrame, sales: pl.DataFrame, units_tolerance: int, amount_tolerance: int, days: int
) -> pl.Series | None:
    """Per 1099-DA line, the position in `sales` of the sale it takes (-1: none), by the C core's `pair`;
    None when it is not built. Both frames: asset and day (Int32), units and proceeds (Int128; a line's
    units null when it has none); the sales sorted by day and asset, the first preferred among equals."""
    if _c_core is None:
        return None
    units = lines.get_column("units")
    took = _c_core.pair(
        lines.height,
        sales.height,
        buffer(lines.get_column("asset")),
        buffer(lines.get_column("day")),
        buffer(units.is_not_null()),
        buffer(units.fill_null(0)),
        buffer(lines.get_column("proceeds")),
        buffer(sales.get_column("asset")),
        buffer(sales.get_column("day")),
        buffer(sales.get_column("units")),
        buffer(sales.get_column("proceeds")),
        units_tolerance,
        amount_tolerance,
        days,
    )
    return from_bytes(took, pl.Int64)


def rescaled(values: pl.Series, factors: pl.Series, divisor: int) -> pl.Series | None:
    """values * factors / divisor (Int128; null where either is), rounded half away from zero, exactly
    (as PostgreSQL's round() of a numeric product), by the C core's `rescaled`; None when it is not
    built, a factor is negative or a result is out of the Int128 range."""
    if _c_core is None:
        return None
    missing = values.is_null() | factors.is_null()
    made = _c_core.rescaled(len(values), buffer(values.fill_null(0)), buffer(factors.fill_null(0)), divisor)
    if made is None:
        return None
    return pl.select(pl.when(~missing).then(from_bytes(made, pl.Int128))).to_series().alias(values.name)


def _views(series: pl.Series) -> tuple[Any, tuple[Any, ...]] | None:
    import pyarrow as pa

    array = series.rechunk().to_arrow(compat_level=pl.CompatLevel.newest())
    if not pa.types.is_string_view(array.type) or len(array.buffers()) > 302:
        return None
    _, views, *data = array.buffers()
    if views is None or any(part is None for part in data):
        return None
    return memoryview(views)[16 * array.offset :], tuple(data)


def _large_strings(count: int, offsets: bytes, data: bytes) -> pl.Series:
    import pyarrow as pa

    array = pa.Array.from_buffers(pa.large_string(), count, [None, pa.py_buffer(offsets), pa.py_buffer(data)])
    return pl.Series(pl.from_arrow(array))
