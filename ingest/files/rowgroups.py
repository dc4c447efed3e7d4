"""Row plumbing for parsers beyond `values.parse_rows`: a catch-all guard and grouping of rows.

`guarded` makes any exception a parser raises on a row (not only `CellError`) that row's
`RowError`, so an odd file never crashes an import. `parse_groups` reads each row into a record
and hands runs of adjacent records sharing a key to one builder: explorers and tax tools list one
transaction as several rows (a swap's two legs, a fee line), always next to each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from ingest.files.model import Ignored, ParseItem, RowError, Sheet
from ingest.files.values import CellError, Columns, Row, RowResult, parse_rows

WHOLE_ROW = "(row)"


class Record(Protocol):
    """What a row is read into before grouping: it remembers its data row number."""

    @property
    def row(self) -> int: ...


R = TypeVar("R", bound=Record)


def unexpected(exc: Exception) -> CellError:
    """A `CellError` for the whole row from an exception no cell check anticipated."""
    return CellError(WHOLE_ROW, f"the row cannot be read ({type(exc).__name__}: {exc})")


def magnitude(row: Row, column: str) -> Decimal:
    """The absolute value of an optional number cell; 0 when the cell is empty."""
    return abs(row.decimal(column) or Decimal(0))


def check_width(row: Row) -> None:
    """Refuse a row with more filled cells than the header has columns: its cells are misaligned.

    Surplus empty cells (a trailing delimiter on every data row) are harmless and allowed.
    """
    width = len(row.columns.names)
    if any(row.cells[width:]):
        raise CellError(WHOLE_ROW, f"the row has {len(row.cells)} cells but the header has {width} columns")


def guarded(build: Callable[[Row], RowResult]) -> Callable[[Row], RowResult]:
    """`build`, with any exception turned into a `CellError` (which `parse_rows` reports)."""

    def run(row: Row) -> RowResult:
        try:
            return build(row)
        except CellError:
            raise
        except Exception as exc:  # the contract: odd input never escapes as a crash
            raise unexpected(exc) from None

    return run


def parse_guarded(sheet: Sheet, build: Callable[[Row], RowResult]) -> Iterator[ParseItem]:
    """`parse_rows` with `guarded`: every row yields its items or its `RowError`."""
    return parse_rows(sheet, guarded(build))


def parse_groups(
    sheet: Sheet,
    read: Callable[[Row], R | Ignored],
    group_key: Callable[[R], str],
    build: Callable[[Sequence[R]], ParseItem],
) -> Iterator[ParseItem]:
    """Read every row, group adjacent records with equal keys, and build one item per group.

    A row that cannot be read yields its `RowError` (without breaking the group around it); a
    group that cannot be built yields a `RowError` on the group's first row.
    """
    columns = Columns(sheet.header)
    pending: list[R] = []
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            record = read(row)
            key = None if isinstance(record, Ignored) else group_key(record)
        except CellError as bad:
            yield RowError(number, bad.column, bad.problem)
            continue
        except Exception as exc:  # see `guarded`
            yield _row_error(number, unexpected(exc))
            continue
        if isinstance(record, Ignored):
            yield record
            continue
        if pending and group_key(pending[0]) != key:
            yield _built(build, pending)
            pending = []
        pending.append(record)
    if pending:
        yield _built(build, pending)


def _built(build: Callable[[Sequence[R]], ParseItem], group: Sequence[R]) -> ParseItem:
    try:
        return build(group)
    except CellError as bad:
        return RowError(group[0].row, bad.column, bad.problem)
    except Exception as exc:  # see `guarded`
        return _row_error(group[0].row, unexpected(exc))


def _row_error(number: int, bad: CellError) -> RowError:
    return RowError(number, bad.column, bad.problem)
