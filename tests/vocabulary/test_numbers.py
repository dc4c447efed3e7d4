"""Numbers as files write them are read exactly, and the same by the importers and the ledger reader of
`cairn lots compute`: a decimal written in a locale's style parses back to that decimal when the reader
is told the style's decimal mark; a file's mark is taken from the cells that show it; a cell that reads
differently with either mark is refused, never guessed."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from analytics.lots import LedgerError
from analytics.lots.ledger_input import validate_ledger
from ingest.files.values import Columns
from ingest.files.values import Row as CellRow
from tests.analytics.ledgers import flows
from vocabulary.numbers import DecimalMark, decimal_mark, parse_decimal

POINT, COMMA = DecimalMark.POINT, DecimalMark.COMMA
Style = tuple[str, DecimalMark]  # the thousands separator ("" for none) and the decimal mark
STYLES: list[Style] = [
    ("", POINT),  # 1234567.5
    (",", POINT),  # 1,234,567.5
    ("'", POINT),  # 1'234'567.5
    ("\u00a0", POINT),  # 1 234 567.5
    ("", COMMA),  # 1234567,5
    (".", COMMA),  # 1.234.567,5
    ("\u202f", COMMA),  # 1 234 567,5
]
DECORATIONS = ["{}", "${}", "{} €", "£{}", "€ {}", " {} "]
NEGATIVES = ["-{}", "\u2212{}", "({})", "-{}".replace("-", "\u2013")]
decimals = st.builds(
    lambda whole, fraction: Decimal(f"{whole}.{fraction}" if fraction else whole),
    st.integers(0, 10**15),
    st.text("0123456789", max_size=12),
)
styles = st.sampled_from(STYLES)


def written(value: Decimal, style: Style) -> str:
    group, mark = style
    whole, _, fraction = format(value, "f").partition(".")
    grouped = f"{int(whole):,}".replace(",", group)
    return f"{grouped}{',' if mark is COMMA else '.'}{fraction}" if fraction else grouped


def other(mark: DecimalMark) -> DecimalMark:
    return COMMA if mark is POINT else POINT


@settings(max_examples=300)
@given(decimals, styles, st.sampled_from(DECORATIONS), st.sampled_from(NEGATIVES))
def test_every_style_parses_back_to_its_exact_decimal(
    value: Decimal, style: Style, decoration: str, negative: str
) -> None:
    text = decoration.format(written(value, style))
    mark = style[1]
    assert parse_decimal(text, mark) == value
    assert parse_decimal(negative.format(text), mark) == -value
    if mark is POINT:  # what every known format writes, read by their cells
        cell = CellRow(1, [negative.format(text)], Columns(["Amount"]))
        assert cell.decimal("Amount") == -value


@settings(max_examples=300)
@given(decimals, styles)
def test_without_a_mark_a_cell_is_read_exactly_or_refused_as_ambiguous(value: Decimal, style: Style) -> None:
    text = written(value, style)
    try:
        read = parse_decimal(text, None)
    except ValueError as refused:
        assert "decimal comma" in str(refused)
        assert parse_decimal(text, other(style[1])) != value  # truly two numbers
    else:
        assert read == value


@settings(max_examples=300)
@given(st.lists(decimals, min_size=1, max_size=8), styles)
def test_a_column_is_read_with_the_mark_its_cells_show_and_never_misread(
    values: list[Decimal], style: Style
) -> None:
    cells = [written(value, style) for value in values]
    mark = decimal_mark(cells)
    assert mark in (style[1], None)
    fractions = [format(value, "f").partition(".")[2] for value in values]
    if any(fraction and len(fraction) != 3 for fraction in fractions):
        assert mark is style[1]  # "0,5" or "1.25" can only be written with that mark
    for cell, value in zip(cells, values, strict=True):
        try:
            assert parse_decimal(cell, mark) == value
        except ValueError:
            assert mark is None


@settings(max_examples=300)
@given(decimals, st.sampled_from([style for style in STYLES if style[0]]), st.data())
def test_a_thousands_separator_out_of_place_is_refused(
    value: Decimal, style: Style, data: st.DataObject
) -> None:
    text = written(value, style)
    separators = [at for at, character in enumerate(text) if character == style[0]]
    assume(separators)
    at = data.draw(st.sampled_from(separators))
    step = data.draw(st.sampled_from([-1, 1]))
    assume(0 < at + step < len(text) and text[at + step].isdigit())  # a leading space is padding
    moved = list(text)
    moved[at], moved[at + step] = moved[at + step], moved[at]
    with pytest.raises(ValueError, match="not a number"):
        parse_decimal("".join(moved), style[1])


def test_one_german_file_reads_every_cell_with_its_decimal_comma() -> None:
    cells = ["0,5", "1,234", "2.500"]
    mark = decimal_mark(cells)
    assert mark is COMMA
    assert [parse_decimal(cell, mark) for cell in cells] == [
        Decimal("0.5"),
        Decimal("1.234"),
        Decimal("2500"),
    ]
    assert decimal_mark(["1,234", "2.500", "7"]) is None  # nothing shows the mark
    for cell in ("1,234", "2.500"):
        with pytest.raises(ValueError, match="does not show which it uses"):
            parse_decimal(cell, None)
    # one locale writes a file: a cell that shows the other mark is no number
    assert decimal_mark(["0,5", "1.5"]) is COMMA
    with pytest.raises(ValueError, match=r"'1\.5' is not a number"):
        parse_decimal("1.5", COMMA)


@pytest.mark.parametrize(
    ("text", "mark", "exact"),
    [
        ("1,234", POINT, "1234"),
        ("1,234", COMMA, "1.234"),
        ("2.500", POINT, "2.5"),
        ("2.500", COMMA, "2500"),
        ("0,25", COMMA, "0.25"),
        ("0,25", None, "0.25"),
        ("1.234.567,891", COMMA, "1234567.891"),
        ("1.234.567,891", None, "1234567.891"),
        ("1,5E-7", COMMA, "0.00000015"),
        ("1.5E\u22127", POINT, "0.00000015"),
        ("\u22120.5", POINT, "-0.5"),
        ("\u2212\u20ac0,35", COMMA, "-0.35"),
        ("-€0.35", POINT, "-0.35"),
        ("12,50 €", COMMA, "12.50"),
        ("â‚¬12.00", POINT, "12.00"),  # a euro sign read as Windows-1252
        ("(1,234.50)", POINT, "-1234.50"),
        ("$-1.00", POINT, "-1.00"),
        ("(1.234,50 €)", COMMA, "-1234.50"),
    ],
)
def test_written_numbers(text: str, mark: DecimalMark | None, exact: str) -> None:
    assert parse_decimal(text, mark) == Decimal(exact)


@pytest.mark.parametrize(
    ("text", "mark"),
    [
        ("0,25", POINT),  # a decimal comma where the file writes points
        ("1,234.5", COMMA),
        ("1.5.3", POINT),
        ("1,5,3", POINT),
        ("1.5.3", COMMA),
        ("1,5,3", COMMA),
        ("1,00,000", POINT),  # Indian grouping is not read
        ("12,34.5", POINT),
        ("0,500.5", POINT),
        ("1,234 567", POINT),  # two separators
        ("1,234E5", POINT),  # no grouping beside an exponent
        ("1\u22125", POINT),
        ("1€5", POINT),
        ("(1,234.50 USD)", POINT),  # a code, not a sign
        ("NaN", POINT),
        ("Infinity", COMMA),
        ("1e400", POINT),
        ("12abc", None),
        ("((1))", POINT),
        ("-(1)", POINT),
        ("1_000", POINT),
        ("$", POINT),
    ],
)
def test_what_is_no_number_is_refused(text: str, mark: DecimalMark | None) -> None:
    with pytest.raises(ValueError, match=r"is not a number|is out of range"):
        parse_decimal(text, mark)


def _quantity(text: str) -> Decimal:
    row = ("t1", "2021-01-01T00:00:00Z", "a", "BUY", "BTC", "IN", text, "10")
    value = validate_ledger(flows(row))["quantity"][0]
    assert isinstance(value, Decimal)
    return value


@settings(max_examples=100, deadline=None)
@given(
    decimals, st.sampled_from([style for style in STYLES if style[1] is POINT]), st.sampled_from(DECORATIONS)
)
def test_the_ledger_reader_reads_numbers_as_the_importers_do(
    value: Decimal, style: Style, decoration: str
) -> None:
    assume(value and int(value.as_tuple().exponent) >= -18)  # quantities are positive, at most 18 places
    text = decoration.format(written(value, style))
    assert _quantity(text) == CellRow(1, [text], Columns(["Amount"])).decimal("Amount") == value
    with pytest.raises(LedgerError, match="must be positive"):
        _quantity(f"({text})")


def test_the_ledger_reader_refuses_what_the_importers_refuse() -> None:
    for text in ("12abc", "1e400", "NaN", "0,5", "1.5.3"):
        with pytest.raises(LedgerError, match="not a decimal number"):
            _quantity(text)
    frame = flows(("t1", "2021-01-01T00:00:00Z", "a", "BUY", "BTC", "IN", "1", "$1,234.50"))
    assert validate_ledger(frame)["value"][0] == Decimal("1234.5")
