"""What every file parser produces: transactions with their flows, ignored rows and row errors.

Parsers are generators over the rows of a decoded sheet, so a file of any size streams through in
constant memory. Quantities and values are exact `Decimal`s; timestamps are timezone-aware UTC.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Literal, overload

import polars as pl

from ingest.files.spool import TextSpool
from vocabulary.enums import ImportType, TransactionType

Direction = Literal["IN", "OUT"]


@dataclass(frozen=True, slots=True)
class Flow:
    """One movement of one asset into or out of the account."""

    direction: Direction
    asset: str  # upper-case symbol; fiat as its ISO 4217 code
    quantity: Decimal  # > 0
    is_fee: bool = False
    value: Decimal | None = None  # fiat value of this flow at its time, when the file gives it
    value_currency: str | None = None  # ISO code of `value`


@dataclass(frozen=True, slots=True)
class ParsedTransaction:
    """One transaction of the account, as its file states it."""

    key: str  # natural key within the account: the source's own id, else a digest of the row content
    timestamp: datetime  # timezone-aware, UTC
    type: TransactionType
    flows: tuple[Flow, ...]
    row: int  # 1-based number of the (first) data row in the file it came from
    description: str = ""
    tx_hash: str | None = None
    label: str | None = None
    review: str | None = None  # why the user should review it (a type the parser did not recognise)


@dataclass(frozen=True, slots=True)
class Ignored:
    """A data row that is readable but carries nothing to import (a pending order, a zero line…)."""

    row: int
    reason: str


@dataclass(frozen=True, slots=True)
class RowError:
    """A data row that cannot be read; any error makes the whole file not importable."""

    row: int
    column: str
    problem: str

    def __str__(self) -> str:
        return f"Row {self.row}, column {self.column}: {self.problem}"


ParseItem = ParsedTransaction | Ignored | RowError


class IgnoredRows(Sequence[Ignored]):
    """A file's ignored rows in a few bytes each (a file may ignore millions; their reasons repeat):
    row numbers and reason indexes in arrays. Equal to any sequence of the same `Ignored` items."""

    def __init__(self, items: Iterable[Ignored] = ()) -> None:
        self._rows = array("q")
        self._reasons = array("L")
        self._reason_texts: list[str] = []
        self._reason_at: dict[str, int] = {}
        for item in items:
            self.append(item)

    def append(self, item: Ignored) -> None:
        self.extend_rows((item.row,), item.reason)

    def extend_rows(self, rows: Iterable[int], reason: str) -> None:
        """Add rows ignored for one reason."""
        at = self._reason_at.get(reason)
        if at is None:
            at = self._reason_at[reason] = len(self._reason_texts)
            self._reason_texts.append(reason)
        before = len(self._rows)
        self._rows.extend(rows)
        self._reasons.extend([at] * (len(self._rows) - before))

    def __len__(self) -> int:
        return len(self._rows)

    def by_reason(self, rows_shown: int) -> list[tuple[str, int, list[int]]]:
        """Each reason once, in the order first given: how many rows it ignored, and the first
        `rows_shown` of them."""
        counts = Counter(self._reasons)
        shown: list[list[int]] = [[] for _ in self._reason_texts]
        missing = sum(min(counts[at], rows_shown) for at in range(len(shown)))
        for row, at in zip(self._rows, self._reasons, strict=True):
            if not missing:
                break
            if len(shown[at]) < rows_shown:
                shown[at].append(row)
                missing -= 1
        return [(text, counts[at], shown[at]) for at, text in enumerate(self._reason_texts)]

    @overload
    def __getitem__(self, index: int) -> Ignored: ...

    @overload
    def __getitem__(self, index: slice) -> list[Ignored]: ...

    def __getitem__(self, index: int | slice) -> Ignored | list[Ignored]:
        if isinstance(index, slice):
            return [self[at] for at in range(len(self))[index]]
        return Ignored(self._rows[index], self._reason_texts[self._reasons[index]])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(
            mine == theirs for mine, theirs in zip(self, other, strict=True)
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"IgnoredRows({list(self)!r})"


@dataclass(frozen=True, slots=True)
class TransactionColumns:
    """A batch of transactions and their flows as two frames in file order, joined by `seq` (0, 1, …).

    transactions: seq, row, key, timestamp (UTC), type, description, tx_hash, label — as in
    `ParsedTransaction`; flows: seq, position (within its transaction), direction, asset, quantity
    and value (exact decimal text), is_fee, value_currency — as in `Flow`.
    """

    transactions: pl.DataFrame
    flows: pl.DataFrame

    def __len__(self) -> int:
        return self.transactions.height


@dataclass(frozen=True, slots=True)
class ColumnarFile:
    """A whole file read a column at a time: what `parse` would have yielded, which has no row errors.

    The counts are known at once; `batches(size)` builds the transactions `size` at a time, in order."""

    transactions: int
    ignored: IgnoredRows
    assets: frozenset[str]
    batches: Callable[[int], Iterator[TransactionColumns]]


@dataclass(frozen=True, slots=True)
class DelimitedText:
    """The decoded text a CSV sheet was read from, for parsers that read a whole column at a time."""

    spool: TextSpool
    data_start: int  # byte offset of the first data line, just after the header line
    delimiter: str


@dataclass(frozen=True, slots=True)
class Sheet:
    """A decoded table: the header line found after any preamble, and its data rows."""

    header: tuple[str, ...]
    rows: Callable[[], Iterator[tuple[int, Sequence[str]]]]  # (1-based data row number, cells); re-iterable
    filename: str = ""
    preamble: tuple[str, ...] = field(default=())
    source: DelimitedText | None = None  # CSV sheets only


@dataclass(frozen=True, slots=True)
class FileFormat:
    """A source family's format: how to recognise its header, how to read its rows, and what its files are."""

    id: str  # family id reported to users and by `cairn import check`, e.g. "generic", "kraken-ledgers"
    name: str  # human name, e.g. "Kraken ledgers"
    detect: Callable[[Sheet], bool]
    parse: Callable[[Sheet], Iterator[ParseItem]]
    import_type: ImportType  # what its files hold: trades only, transfers only, or every movement
    integration: str | None  # slug of the exchange whose export it is; None for tools and explorers
    # Optionally, the same result a column at a time for files of millions of rows; None when the sheet
    # needs `parse` (which must then give exactly what this would have).
    parse_columns: Callable[[Sheet], ColumnarFile | None] | None = None
