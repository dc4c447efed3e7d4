"""The C core (`_native`, built from _native.c by setup.py) and moving columns in and out of it."""

import polars as pl

try:
    from analytics.lots import _native
except ImportError:  # pragma: no cover - the extension is built by `pip install -e .`
    _native = None  # type: ignore[assignment]

_I128 = pl.Int128


def native_available() -> bool:
    return _native is not None


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
    """A column from the C core's little-endian values (Int64, Int8 or Int128)."""
    import pyarrow as pa

    if dtype == _I128:
        array = pa.Array.from_buffers(pa.decimal128(38, 0), len(data) // 16, [None, pa.py_buffer(data)])
        return pl.Series(pl.from_arrow(array)).to_physical()
    kind = {pl.Int64: pa.int64(), pl.Int8: pa.int8()}[dtype]  # type: ignore[index]
    array = pa.Array.from_buffers(kind, len(data) // (kind.bit_width // 8), [None, pa.py_buffer(data)])
    return pl.Series(pl.from_arrow(array))
