"""Ledger validation: names are trimmed and capitalised, empty names are refused, and the C core's
shortcut (skip trimming what needs none) is only taken when nothing needs trimming."""

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analytics.lots import LedgerError
from analytics.lots.ledger_input import validate_ledger
from analytics.lots.native import stripped
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


@given(st.lists(st.text(max_size=20) | st.none(), max_size=30), st.integers(0, 5))
def test_stripped_is_true_only_when_nothing_needs_stripping(values: list[str | None], offset: int) -> None:
    series = pl.Series(values, dtype=pl.String).slice(min(offset, len(values)))
    if stripped(series):
        assert series.equals(series.str.strip_chars())
    if all(value is None or (value == value.strip() and value.isascii()) for value in series.to_list()):
        assert stripped(series)
