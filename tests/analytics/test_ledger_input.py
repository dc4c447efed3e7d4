"""Ledger validation: names are trimmed and capitalised, empty names are refused, and the C core's
shortcut (skip trimming what needs none) is only taken when nothing needs trimming."""

from decimal import Decimal

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analytics.lots import LedgerError
from analytics.lots.c_core import stripped
from analytics.lots.ledger_input import validate_ledger
from ingest.files.values import CellError, Columns, Row
from tests.analytics.ledgers import flows


def _one(**changes: str | None) -> pl.DataFrame:
    row = dict(
        zip(
            ("tx_id", "timestamp", "account", "type", "asset", "direction", "quantity", "value"),
            ("t1", "2021-01-01T00:00:00Z", "a", "BUY", "BTC", "IN", "1", "10"),
            strict=True,
        )
    )
    return flows(tuple({**row, **changes}.values())).with_columns(  # type: ignore[arg-type]
        pl.lit(None, pl.String).alias(name) for name, value in changes.items() if value is None
    )


@pytest.mark.parametrize("column", ["tx_id", "account", "asset", "type", "direction"])
@pytest.mark.parametrize("value", [None, "", "  "])
def test_an_empty_name_is_refused(column: str, value: str | None) -> None:
    with pytest.raises(LedgerError, match=f"row 1, column {column}: must not be empty"):
        validate_ledger(_one(**{column: value}))


def test_names_are_trimmed_and_types_and_directions_capitalised() -> None:
    validated = validate_ledger(
        _one(tx_id=" t1", account="a\u00a0", type=" buy ", asset="\tBTC", direction="in\n")
    )
    assert validated.select("tx_id", "account", "type", "asset", "direction").row(0) == (
        "t1",
        "a",
        "BUY",
        "BTC",
        "IN",
    )


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [("type", "NOPE", "unknown flow type"), ("direction", "sideways", "must be IN or OUT")],
)
def test_an_unknown_name_is_refused(column: str, value: str, message: str) -> None:
    with pytest.raises(LedgerError, match=f"row 1, column {column}: {message}"):
        validate_ledger(_one(**{column: value}))


@given(
    st.integers(1, 10**20 - 1),
    st.integers(0, 18).flatmap(lambda places: st.tuples(st.just(places), st.integers(0, 10**places - 1))),
)
def test_plain_decimal_text_is_read_exactly(whole: int, fraction: tuple[int, int]) -> None:
    """Digits and up to 18 decimals, as PostgreSQL writes its numbers: the one-pass reading."""
    places, digits = fraction
    written = f"{whole}.{digits:0{places}d}" if places else str(whole)
    validated = validate_ledger(_one(quantity=written, value=written))
    assert validated.select("quantity", "value").row(0) == (Decimal(written), Decimal(written))


@pytest.mark.parametrize(
    ("written", "exact"), [("9.8E-7", "0.00000098"), ("1.5e2", "150"), ("2E+0", "2"), ("1e-18", "1E-18")]
)
def test_exact_scientific_notation_is_read_as_its_decimal(written: str, exact: str) -> None:
    validated = validate_ledger(_one(quantity=written, value=written))
    assert validated.select("quantity", "value").row(0) == (Decimal(exact), Decimal(exact))


@pytest.mark.parametrize(
    ("written", "exact"),
    [
        ("1,234.50", "1234.50"),
        ("1,234,567", "1234567"),
        ("1 234.5", "1234.5"),
        ("1'234.5", "1234.5"),
        ("$1,234.56", "1234.56"),
        ("12.50 €", "12.50"),
        ("£0.35", "0.35"),
        ("â‚¬2.50", "2.50"),
        ("1,234", "1234"),  # a ledger writes decimal points, as every known format does
    ],
)
def test_thousands_separators_and_currency_signs_are_read_as_the_importers_read_them(
    written: str, exact: str
) -> None:
    validated = validate_ledger(_one(quantity=written, value=written))
    importers = Row(1, [written], Columns(["Amount"])).decimal("Amount")
    assert (
        validated.select("quantity", "value").row(0) == (Decimal(exact), Decimal(exact)) == (importers,) * 2
    )


@pytest.mark.parametrize("written", ["(12.50)", "($1,234.50)", "-12.50", "\u221212.50", "\u2013$12.50"])
def test_negatives_in_parentheses_or_any_minus_sign_are_read_as_the_importers_read_them(written: str) -> None:
    importers = Row(1, [written], Columns(["Amount"])).decimal("Amount")
    assert importers is not None and importers < 0
    with pytest.raises(LedgerError, match="row 1, column quantity: must be positive"):
        validate_ledger(_one(quantity=written))
    with pytest.raises(LedgerError, match="row 1, column value: must not be negative"):
        validate_ledger(_one(value=written))


@pytest.mark.parametrize("written", ["0,5", "1.234,56", "1.5.3", "1,5,3", "12,34.5", "1\u22125"])
def test_decimal_commas_and_malformed_grouping_are_refused_as_the_importers_refuse_them(written: str) -> None:
    with pytest.raises(CellError, match="not a number"):
        Row(1, [written], Columns(["Amount"])).decimal("Amount")
    with pytest.raises(LedgerError, match="row 1, column quantity: not a decimal number"):
        validate_ledger(_one(quantity=written))


@pytest.mark.parametrize(
    ("written", "message"), [("1e-19", "more than 18 decimal places"), ("7e", "not a decimal")]
)
def test_scientific_notation_beyond_the_scale_or_malformed_is_refused(written: str, message: str) -> None:
    with pytest.raises(LedgerError, match=f"row 1, column quantity: {message}"):
        validate_ledger(_one(quantity=written))


def test_a_quantity_beyond_18_decimals_is_refused_in_text_and_in_decimal_columns() -> None:
    with pytest.raises(LedgerError, match="row 1, column quantity: more than 18 decimal places"):
        validate_ledger(_one(quantity="0.1234567890123456789"))
    finer = pl.Series([Decimal("0.12345678901234567891")], dtype=pl.Decimal(38, 20))
    with pytest.raises(LedgerError, match="row 1, column quantity: more than 18 decimal places"):
        validate_ledger(_one().with_columns(quantity=finer))
    exact = pl.Series([Decimal("0.12345678901234567800")], dtype=pl.Decimal(38, 20))
    assert validate_ledger(_one().with_columns(quantity=exact))["quantity"][0] == Decimal(
        "0.123456789012345678"
    )


@given(st.lists(st.text(max_size=20) | st.none(), max_size=30), st.integers(0, 5))
def test_stripped_is_true_only_when_nothing_needs_stripping(values: list[str | None], offset: int) -> None:
    series = pl.Series(values, dtype=pl.String).slice(min(offset, len(values)))
    if stripped(series):
        assert series.equals(series.str.strip_chars())
    if all(value is None or (value == value.strip() and value.isascii()) for value in series.to_list()):
        assert stripped(series)
