"""Numbers as files write them are read exactly, and the same by the importers and the ledger reader of
`cairn lots compute`: every writing of a decimal below parses back to that decimal."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.lots import LedgerError
from analytics.lots.ledger_input import validate_ledger
from ingest.files.values import Columns
from ingest.files.values import Row as CellRow
from tests.analytics.ledgers import flows
from vocabulary.numbers import parse_decimal

Number = tuple[int, str]  # whole part, fraction digits (maybe none)


def _plain(whole: int, fraction: str) -> str:
    return f"{whole}.{fraction}" if fraction else str(whole)


def _grouped(whole: int, fraction: str, group: str, point: str) -> str:
    grouped = f"{whole:,}".replace(",", group)
    return f"{grouped}{point}{fraction}" if fraction else grouped


# Each writing: (name, how it writes a number, whether it states that number unambiguously)
WRITINGS: list[tuple[str, Callable[[int, str], str], Callable[[int, str], bool]]] = [
    ("plain", _plain, lambda w, f: True),
    ("thousands commas", lambda w, f: _grouped(w, f, ",", "."), lambda w, f: True),
    # "1.234" is one point two three four: a decimal comma shows only with a fraction
    (
        "decimal comma",
        lambda w, f: _grouped(w, f, ".", ","),
        lambda w, f: bool(f) and (w >= 1000 or w == 0 or len(f) != 3),
    ),
    ("apostrophes", lambda w, f: _grouped(w, f, "'", "."), lambda w, f: True),
    ("spaces", lambda w, f: _grouped(w, f, "\u00a0", "."), lambda w, f: True),
    ("scientific", lambda w, f: format(Decimal(_plain(w, f)), "E"), lambda w, f: True),
    ("dollar", lambda w, f: "$" + _grouped(w, f, ",", "."), lambda w, f: True),
    (
        "euro after",
        lambda w, f: _grouped(w, f, ".", ",") + " €",
        lambda w, f: bool(f) and (w >= 1000 or w == 0 or len(f) != 3),
    ),
    ("pound", lambda w, f: "£" + _plain(w, f), lambda w, f: True),
]
numbers = st.tuples(st.integers(0, 10**15), st.text("0123456789", max_size=12))


@settings(max_examples=300)
@given(numbers, st.sampled_from(WRITINGS), st.booleans())
def test_every_writing_parses_to_its_exact_decimal(
    number: Number, writing: tuple[str, Callable[[int, str], str], Callable[[int, str], bool]], negative: bool
) -> None:
    whole, fraction = number
    _, write, unambiguous = writing
    if not unambiguous(whole, fraction):
        return
    written = write(whole, fraction)
    expected = Decimal(_plain(whole, fraction))
    assert parse_decimal(written) == expected
    assert parse_decimal(f"({written})") == -expected
    assert parse_decimal(f"-{written}") == -expected
    assert parse_decimal(f"  {written} ") == expected
    # and a parser's cell reads it the same way
    cell = CellRow(1, [f"({written})" if negative else written], Columns(["Amount"]))
    assert cell.decimal("Amount") == (-expected if negative else expected)


@pytest.mark.parametrize(
    ("written", "exact"),
    [
        ("1,234", "1234"),  # three digits after one comma: thousands
        ("0,25", "0.25"),
        ("1.234.567,891", "1234567.891"),
        ("1,5E-7", "0.00000015"),
        ("-€0.35", "-0.35"),
        ("(1,234.50 USD)", None),  # a code, not a sign: no number
        ("â‚¬12.00", "12.00"),  # a euro sign read as Windows-1252
    ],
)
def test_written_numbers(written: str, exact: str | None) -> None:
    if exact is None:
        with pytest.raises(ValueError, match="is not a number"):
            parse_decimal(written)
    else:
        assert parse_decimal(written) == Decimal(exact)


@pytest.mark.parametrize("written", ["NaN", "Infinity", "1e400", "1,2,3.4.5", "12abc", "((1))", "-(1)"])
def test_what_is_no_number_is_refused(written: str) -> None:
    with pytest.raises(ValueError, match=r"is not a number|is out of range"):
        parse_decimal(written)


def _quantity(written: str) -> Decimal:
    row = ("t1", "2021-01-01T00:00:00Z", "a", "BUY", "BTC", "IN", written, "10")
    value = validate_ledger(flows(row))["quantity"][0]
    assert isinstance(value, Decimal)
    return value


@settings(max_examples=100, deadline=None)
@given(numbers, st.sampled_from(WRITINGS))
def test_the_ledger_reader_reads_numbers_as_the_importers_do(
    number: Number, writing: tuple[str, Callable[[int, str], str], Callable[[int, str], bool]]
) -> None:
    whole, fraction = number
    _, write, unambiguous = writing
    fraction = fraction[:18]
    if not unambiguous(whole, fraction) or not (whole or fraction.strip("0")):  # quantities are positive
        return
    written = write(whole, fraction)
    assert _quantity(written) == parse_decimal(written)
    with pytest.raises(LedgerError, match="must be positive"):
        _quantity(f"({written})")


def test_the_ledger_reader_refuses_what_the_importers_refuse() -> None:
    for written in ("12abc", "1e400", "NaN"):
        with pytest.raises(LedgerError, match="not a decimal number"):
            _quantity(written)
    frame = flows(("t1", "2021-01-01T00:00:00Z", "a", "BUY", "BTC", "IN", "1", "$1,234.50"))
    assert validate_ledger(frame)["value"][0] == Decimal("1234.5")
