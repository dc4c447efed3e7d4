"""A file's ignored rows are kept in a few bytes each yet read back as the `Ignored` items they were."""

from __future__ import annotations

import sys

from ingest.files.check import ignored_reasons
from ingest.files.model import Ignored, IgnoredRows

ITEMS = [Ignored(3, "the amount is zero"), Ignored(5, "a pending order"), Ignored(9, "the amount is zero")]


def test_they_read_back_as_they_were_added() -> None:
    rows = IgnoredRows(ITEMS)
    rows.extend_rows([11, 12], "a pending order")
    expected = [*ITEMS, Ignored(11, "a pending order"), Ignored(12, "a pending order")]
    assert list(rows) == expected
    assert (len(rows), rows[1], rows[-1], rows[1:3]) == (5, expected[1], expected[-1], expected[1:3])


def test_they_equal_any_sequence_of_the_same_items_and_nothing_else() -> None:
    rows = IgnoredRows(ITEMS)
    assert rows == ITEMS and rows == tuple(ITEMS) and rows == IgnoredRows(ITEMS)
    assert ITEMS == rows  # noqa: SIM300 - a list on the left asks the rows
    assert IgnoredRows() == [] and (IgnoredRows(), []) == ([], IgnoredRows())
    assert rows != ITEMS[:2] and rows != [*ITEMS[:2], Ignored(9, "another reason")] and rows != "abc"


def test_a_million_ignored_rows_take_a_few_bytes_each() -> None:
    rows = IgnoredRows()
    rows.extend_rows(range(1, 1_000_001), "no quantity is received, sent or paid as a fee")
    held = sys.getsizeof(rows._rows) + sys.getsizeof(rows._reasons)
    assert len(rows) == 1_000_000 and held < 20 * len(rows)


def test_they_are_told_once_per_reason_with_their_first_rows() -> None:
    rows = IgnoredRows(ITEMS)
    rows.extend_rows(range(20, 30), "a pending order")
    assert rows.by_reason(3) == [("the amount is zero", 2, [3, 9]), ("a pending order", 11, [5, 20, 21])]
    assert ignored_reasons(rows, rows_shown=3) == [
        "Rows 3, 9: the amount is zero",
        "Rows 5, 20, 21 and 8 more: a pending order",
    ]
    assert ignored_reasons(IgnoredRows([Ignored(7, "a zero line")])) == ["Row 7: a zero line"]
    assert ignored_reasons(IgnoredRows()) == []
