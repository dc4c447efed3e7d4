from datetime import UTC, datetime
from decimal import Decimal

import pytest

from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    Row,
    SourceKeys,
    decimal_text,
    digest,
    parse_decimal,
    parse_timestamp,
    sniff_day_first,
    zone_named,
)
from vocabulary.numbers import DecimalMark


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", "1"),
        ("-1.50", "-1.50"),
        ("1,234.56", "1234.56"),
        ("$1,234.56", "1234.56"),
        ("-€0.00355", "-0.00355"),
        ("â‚¬2.526483358", "2.526483358"),
        ("(1,234.56)", "-1234.56"),
        ("1.5E-7", "1.5E-7"),
        ("1 234.5", "1234.5"),
        ("\u22121.5", "-1.5"),
        ("+0.00000001", "1E-8"),
        ("$-1.00", "-1.00"),
    ],
)
def test_parse_decimal(text: str, expected: str) -> None:
    assert parse_decimal(text) == Decimal(expected)


@pytest.mark.parametrize(
    "text", ["NaN", "Infinity", "abc", "1_000", "1e999", "--1", "(-1)", "0,25", "1.234,56", "1.5.3", "1,5,3"]
)
def test_parse_decimal_rejects(text: str) -> None:
    with pytest.raises(ValueError, match=r"number|range"):
        parse_decimal(text)


def test_empty_cell_is_none_and_decimal_comma_is_explicit() -> None:
    assert parse_decimal("") is None
    assert parse_decimal("1,234") == Decimal("1234")
    assert parse_decimal("1,234", DecimalMark.COMMA) == Decimal("1.234")
    assert parse_decimal("1 234,5", DecimalMark.COMMA) == Decimal("1234.5")


def test_a_known_formats_cell_reads_with_a_decimal_point_and_says_what_is_wrong() -> None:
    row = Row(3, ["1,234.50", "0,25", "1e99"], Columns(["Amount", "Fee", "Total"]))
    assert row.decimal("Amount") == Decimal("1234.50")
    with pytest.raises(CellError, match="'0,25' is not a number"):
        row.decimal("Fee")
    with pytest.raises(CellError, match="'1e99' is out of range"):
        row.quantity("Total")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2021-01-01 00:00:00", datetime(2021, 1, 1, tzinfo=UTC)),
        ("2023-04-20T04:05:40Z", datetime(2023, 4, 20, 4, 5, 40, tzinfo=UTC)),
        ("2025-01-21 21:32:46 UTC", datetime(2025, 1, 21, 21, 32, 46, tzinfo=UTC)),
        ("2021-01-01 10:00:00 +0200", datetime(2021, 1, 1, 8, tzinfo=UTC)),
        ("2021-01-01 10:00 UTC+2", datetime(2021, 1, 1, 8, tzinfo=UTC)),
        ("2021-01-01 10:00:00 Europe/Amsterdam", datetime(2021, 1, 1, 9, tzinfo=UTC)),
        ("2/27/2022 12:09", datetime(2022, 2, 27, 12, 9, tzinfo=UTC)),
        ("12/31/2018 3:22:46 PM", datetime(2018, 12, 31, 15, 22, 46, tzinfo=UTC)),
        ("1/25/2022, 2:58:40 AM", datetime(2022, 1, 25, 2, 58, 40, tzinfo=UTC)),
        ("06.01.2023 20:08", datetime(2023, 1, 6, 20, 8, tzinfo=UTC)),
        ("2022/04/20 07:19:00", datetime(2022, 4, 20, 7, 19, tzinfo=UTC)),
        ("1538989386", datetime(2018, 10, 8, 9, 3, 6, tzinfo=UTC)),
        ("1538989386123", datetime(2018, 10, 8, 9, 3, 6, 123000, tzinfo=UTC)),
        ("Jan. 28, 2022, 12:13 AM", datetime(2022, 1, 28, 0, 13, tzinfo=UTC)),
        ("Tue May 26 2020 18:06:28 GMT+0000", datetime(2020, 5, 26, 18, 6, 28, tzinfo=UTC)),
        ("31-12-2021", datetime(2021, 12, 31, tzinfo=UTC)),
    ],
)
def test_parse_timestamp(text: str, expected: datetime) -> None:
    assert parse_timestamp(text) == expected


def test_day_first_is_an_explicit_choice_and_can_be_sniffed() -> None:
    assert parse_timestamp("03/04/2021", day_first=True) == datetime(2021, 4, 3, tzinfo=UTC)
    assert parse_timestamp("03/04/2021") == datetime(2021, 3, 4, tzinfo=UTC)
    assert sniff_day_first(["03/04/2021", "25/04/2021"]) is True
    assert sniff_day_first(["03/04/2021", "04/25/2021"]) is False


@pytest.mark.parametrize(
    "text", ["", "11/31/2017 3:22:46 PM", "yesterday", "2021-01-01 10:00 Mars/Olympus", "12345"]
)
def test_parse_timestamp_rejects(text: str) -> None:
    with pytest.raises(ValueError, match=r"date|zone"):
        parse_timestamp(text)


def test_keys_repeat_with_an_occurrence_suffix() -> None:
    keys = KeyCounter()
    assert [keys.key("a" * 32), keys.key("b" * 32), keys.key("a" * 32), keys.key("a" * 32)] == [
        "a" * 32,
        "b" * 32,
        "a" * 32 + "-1",
        "a" * 32 + "-2",
    ]
    ids = SourceKeys()
    assert ids.key("T1", "x") == "T1"
    assert ids.key("T1", "x") is None
    assert (other := ids.key("T1", "y")) is not None and other.startswith("T1-")
    assert decimal_text(Decimal("1.500")) == "1.5" and decimal_text(Decimal("0E-8")) == "0"


def test_source_keys_answer_as_the_ids_and_contents_say() -> None:
    ids = SourceKeys()
    y_key = f"T1-{digest('y')[:12]}"
    assert [ids.key("T1", "x"), ids.key("T1", "y"), ids.key("T1", "x"), ids.key("T1", "y")] == [
        "T1",
        y_key,
        None,
        None,
    ]
    assert ids.key("T1", "z") == f"T1-{digest('z')[:12]}"
    assert ids.key(y_key, "w") is None  # that key was issued already
    assert ids.key("T2", "x") == "T2"


@pytest.mark.parametrize("name", ["Europe", "Mars/Olympus", "../etc"])
def test_a_zone_that_is_not_one_is_unknown(name: str) -> None:
    with pytest.raises(ValueError, match="unknown time zone"):
        zone_named(name)
