"""Column mappings of files no format recognises: rows mapped, then read by the generic parser."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from ingest.files.check import NOT_FOUND, inspect_file, open_file
from ingest.files.mapping import MAPPED_FORMAT_ID, REPEATED_ID, SAMPLE_ROWS, header_signature, parse, preview
from ingest.files.model import Flow, Ignored, ParsedTransaction, RowError
from ingest.files.reader import read_sheet
from vocabulary.column_mapping import (
    MAX_COLUMNS,
    MISSING_DATE,
    NO_QUANTITY,
    SIGNED_OR_SIDES,
    ColumnMapping,
    DateFormat,
    DecimalSeparator,
    mapping_problems,
)
from vocabulary.enums import TransactionType

UNKNOWN = (
    "Time,Kind,In Amount,In Asset,Out Amount,Out Asset,Cost,Cost Asset,Ref,Memo\n"
    "31/01/2024 13:45,Deposit,1.5,BTC,,,,,A1,first\n"
    "01/02/2024 09:00,Swap,100,ADA,0.001,BTC,0.5,ADA,A2,\n"
    "02/02/2024 10:00,Staking Reward,0.25,ETH,,,,,A3,rewards\n"
)
MAPPING = ColumnMapping(
    date=0,
    date_format=DateFormat.DAY_FIRST,
    received_quantity=2,
    received_currency=3,
    sent_quantity=4,
    sent_currency=5,
    fee_quantity=6,
    fee_currency=7,
    type=1,
    id=8,
    notes=9,
)


def items(text: str, mapping: ColumnMapping = MAPPING) -> list[object]:
    return list(parse(mapping, read_sheet(text.encode(), "unknown.csv")))


def test_mapped_rows_import_as_the_generic_csv_reads_them_with_id_notes_and_type() -> None:
    deposit, swap, reward = items(UNKNOWN)
    assert isinstance(deposit, ParsedTransaction)
    assert deposit.timestamp == datetime(2024, 1, 31, 13, 45, tzinfo=UTC)
    assert deposit.type is TransactionType.RECEIVE
    assert deposit.flows == (Flow("IN", "BTC", Decimal("1.5")),)
    assert (deposit.key, deposit.description, deposit.label) == ("A1", "first", "Deposit")
    assert isinstance(swap, ParsedTransaction)
    assert swap.type is TransactionType.TRADE
    assert swap.flows == (
        Flow("IN", "ADA", Decimal("100")),
        Flow("OUT", "BTC", Decimal("0.001")),
        Flow("OUT", "ADA", Decimal("0.5"), is_fee=True),
    )
    assert isinstance(reward, ParsedTransaction)
    assert reward.type is TransactionType.STAKING_REWARD  # the type names a generic tag
    assert reward.label == "Staking Reward"


def test_without_an_id_column_the_key_is_the_generic_content_digest() -> None:
    mapping = ColumnMapping(
        date=0, date_format=DateFormat.DAY_FIRST, received_quantity=2, received_currency=3
    )
    first, again = (items(UNKNOWN, mapping)[0], items(UNKNOWN, mapping)[0])
    assert isinstance(first, ParsedTransaction) and isinstance(again, ParsedTransaction)
    assert first.key == again.key and len(first.key) == 32


def test_an_id_listed_twice_with_the_same_content_is_ignored_the_second_time() -> None:
    text = UNKNOWN + "31/01/2024 13:45,Deposit,1.5,BTC,,,,,A1,first\n"
    assert items(text)[-1] == Ignored(4, REPEATED_ID)


@pytest.mark.parametrize(
    ("date_format", "cell", "expected"),
    [
        (DateFormat.MONTH_FIRST, "01/02/2024 09:00", datetime(2024, 1, 2, 9, 0, tzinfo=UTC)),
        (DateFormat.DAY_FIRST, "01/02/2024 09:00", datetime(2024, 2, 1, 9, 0, tzinfo=UTC)),
        (DateFormat.UNIX_SECONDS, "1706708700", datetime(2024, 1, 31, 13, 45, tzinfo=UTC)),
        (DateFormat.UNIX_MILLISECONDS, "1706708700500", datetime(2024, 1, 31, 13, 45, 0, 500000, tzinfo=UTC)),
        (DateFormat.DETECT, "2024-01-31T13:45:00Z", datetime(2024, 1, 31, 13, 45, tzinfo=UTC)),
    ],
)
def test_the_date_is_read_in_the_chosen_format(
    date_format: DateFormat, cell: str, expected: datetime
) -> None:
    mapping = ColumnMapping(date=0, date_format=date_format, received_quantity=1, received_currency=2)
    (item,) = items(f"When,Qty,Coin\n{cell},1,BTC\n", mapping)
    assert isinstance(item, ParsedTransaction) and item.timestamp == expected


def test_an_unparsable_date_is_an_error_naming_the_files_column() -> None:
    mapping = ColumnMapping(
        date=0, date_format=DateFormat.UNIX_SECONDS, received_quantity=1, received_currency=2
    )
    (item,) = items("When,Qty,Coin\nyesterday,1,BTC\n", mapping)
    assert item == RowError(1, "When", "'yesterday' is not a Unix time in seconds")
    mapping = ColumnMapping(
        date=0, date_format=DateFormat.DAY_FIRST, received_quantity=1, received_currency=2
    )
    (item,) = items("When,Qty,Coin\nsoon,1,BTC\n", mapping)
    assert isinstance(item, RowError) and item.column == "When" and "'soon' is not a date" in item.problem


def test_generic_errors_name_the_files_columns() -> None:
    mapping = ColumnMapping(date=0, received_quantity=1, received_currency=2)
    (item,) = items("When,Qty,Coin\n2024-01-01 10:00,lots,BTC\n", mapping)
    assert item == RowError(1, "Qty", "'lots' is not a number")


def test_a_mapping_without_a_date_is_refused() -> None:
    with pytest.raises(ValueError, match=MISSING_DATE):
        ColumnMapping.of({"received_quantity": 1, "received_currency": 2})
    with pytest.raises(ValueError, match="position"):
        ColumnMapping.of({"date": "0"})
    with pytest.raises(ValueError):
        ColumnMapping.of({"date": 0, "date_format": "YESTERDAY"})
    assert ColumnMapping.of(MAPPING.as_dict()) == MAPPING


def test_bad_mappings_say_what_is_wrong() -> None:
    header = ("Time", "Amount", "Asset", "Other amount", "Fee")
    twice = ColumnMapping(date=0, received_quantity=1, received_currency=2, sent_quantity=1, sent_currency=2)
    assert mapping_problems(twice, header) == [
        "The column 'Amount' is chosen for both Received quantity and Sent quantity."
    ]
    assert mapping_problems(ColumnMapping(date=0, received_quantity=1), header) == [
        "Choose the Received currency column too, or neither of the pair."
    ]
    assert mapping_problems(ColumnMapping(date=0), header) == [NO_QUANTITY]
    assert mapping_problems(ColumnMapping(date=9, fee_quantity=4, fee_currency=2), header) == [
        "Date: the file has no column 10."
    ]
    # one currency column may serve every amount
    shared = ColumnMapping(date=0, received_quantity=1, received_currency=2, sent_quantity=3, sent_currency=2)
    assert mapping_problems(shared, header) == []


def test_one_currency_column_serves_the_side_that_moves() -> None:
    text = "Time,Amount In,Amount Out,Asset\n2024-01-01 00:00:00,5,,BTC\n2024-01-02 00:00:00,,2,BTC\n"
    shared = ColumnMapping(date=0, received_quantity=1, received_currency=3, sent_quantity=2, sent_currency=3)
    received, sent = items(text, shared)
    assert isinstance(received, ParsedTransaction) and isinstance(sent, ParsedTransaction)
    assert (received.type, received.flows) == (TransactionType.RECEIVE, (Flow("IN", "BTC", Decimal(5)),))
    assert (sent.type, sent.flows) == (TransactionType.SEND, (Flow("OUT", "BTC", Decimal(2)),))


def test_an_unrecognised_file_reports_its_header_signature_and_first_rows_bounded() -> None:
    wide = ",".join(f"Column {n}" for n in range(MAX_COLUMNS + 20))
    rows = "".join(",".join(["x" * 500] * (MAX_COLUMNS + 20)) + "\n" for _ in range(SAMPLE_ROWS + 5))
    report = inspect_file((wide + "\n" + rows).encode(), "wide.csv")
    assert report.errors[0].startswith(NOT_FOUND)
    header, sample = report.sample
    assert len(header) == MAX_COLUMNS and len(sample) == SAMPLE_ROWS
    assert all(len(row) == MAX_COLUMNS and all(len(cell) <= 60 for cell in row) for row in sample)
    assert report.signature == header_signature(tuple(wide.split(",")))


def test_the_signature_ignores_case_spacing_and_trailing_empty_columns() -> None:
    assert header_signature(["Time", " Kind ", ""]) == header_signature(["time", "KIND"])
    assert header_signature(["Time", "Kind"]) != header_signature(["Kind", "Time"])


def test_a_saved_mapping_is_consulted_after_the_built_in_formats() -> None:
    signature = header_signature(read_sheet(UNKNOWN.encode(), "u.csv").header)
    saved = {signature: MAPPING}

    def lookup(header: Sequence[str]) -> ColumnMapping | None:
        return saved.get(header_signature(header))

    report = inspect_file(UNKNOWN.encode(), "unknown.csv", mappings=lookup)
    assert (report.format_id, report.transactions, report.errors) == (MAPPED_FORMAT_ID, 3, [])
    assert [line[:4] for line in report.preview] == [
        ["1", "2024-01-31 13:45:00", "RECEIVE", "1.5 BTC"],
        ["2", "2024-02-01 09:00:00", "TRADE", "100 ADA"],
        ["3", "2024-02-02 10:00:00", "STAKING_REWARD", "0.25 ETH"],
    ]
    # a file a built-in format knows is read by it, whatever mapping is saved
    generic = (
        "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
    )
    _, fmt = open_file(
        (generic + "2024-01-01 00:00:00,1,BTC,,,,,\n").encode(), "g.csv", mappings=lambda _: MAPPING
    )
    assert fmt.id == "generic"
    # another header gets no mapping
    assert inspect_file(b"A,B,C\n1,2,3\n", "other.csv", mappings=lookup).format_id is None


def test_the_preview_shows_errors_and_ignored_rows_on_their_lines() -> None:
    text = "Time,Kind,In Amount,In Asset,Out Amount,Out Asset,Cost,Cost Asset,Ref,Memo\n"
    text += "31/01/2024 13:45,Deposit,oops,BTC,,,,,A1,\n31/01/2024 13:46,Nothing,,,,,,,A2,\n"
    lines = preview(MAPPING, read_sheet(text.encode(), "u.csv"))
    assert lines[0][0] == "1" and lines[0][-1] == "Row 1, column In Amount: 'oops' is not a number"
    assert lines[1][-1].startswith("Ignored: ")


GERMAN = ColumnMapping(date=0, received_quantity=1, received_currency=2, fee_quantity=3, fee_currency=4)


def _received(text: str) -> list[object]:
    return [
        item.flows[0].quantity if isinstance(item, ParsedTransaction) else item
        for item in items("Zeit;Menge;Währung;Gebühr;Gebührwährung\n" + text, GERMAN)
    ]


def test_a_mapped_file_is_read_with_the_decimal_mark_its_quantities_show() -> None:
    german = "2024-01-31 13:45;0,5;BTC;;\n2024-02-01 09:00;1,234;ETH;;\n2024-02-02 10:00;2.500;ADA;;\n"
    assert _received(german) == [Decimal("0.5"), Decimal("1.234"), Decimal("2500")]
    # the fee column shows the mark for the whole file
    german = "2024-01-31 13:45;1,234;ETH;0,01;ETH\n2024-02-02 10:00;1.000.000;ADA;;\n"
    assert _received(german) == [Decimal("1.234"), Decimal("1000000")]
    english = "2024-01-31 13:45;0.5;BTC;;\n2024-02-01 09:00;1,234;ETH;;\n2024-02-02 10:00;2.500;ADA;;\n"
    assert _received(english) == [Decimal("0.5"), Decimal("1234"), Decimal("2.500")]
    # one locale writes a file: a quantity that shows the other mark is no number
    mixed = _received("2024-01-31 13:45;0,5;BTC;;\n2024-02-01 09:00;1.5;ETH;;\n")
    assert mixed == [Decimal("0.5"), RowError(2, "Menge", "'1.5' is not a number")]


def test_a_mapped_quantity_that_reads_two_ways_in_a_file_that_shows_no_mark_is_refused() -> None:
    undecided = "2024-01-31 13:45;1,234;ETH;;\n2024-02-01 09:00;2.500;ADA;;\n2024-02-02 10:00;5;BTC;;\n"
    ambiguous, also, plain = _received(undecided)
    assert isinstance(ambiguous, RowError) and (ambiguous.row, ambiguous.column) == (1, "Menge")
    assert ambiguous.problem == (
        "'1,234' is 1234 with a decimal point but 1.234 with a decimal comma, and the file does not show "
        "which it uses"
    )
    assert isinstance(also, RowError) and (also.row, also.column) == (2, "Menge")
    assert plain == Decimal("5")


def test_a_mapped_quantity_with_a_unicode_minus_is_negative_and_bad_grouping_is_no_number() -> None:
    negative, grouped = _received("2024-01-31 13:45;\u22120,5;BTC;;\n2024-02-01 09:00;1.5.3;ETH;;\n")
    assert isinstance(negative, RowError) and "negative" in negative.problem
    assert grouped == RowError(2, "Menge", "'1.5.3' is not a number")


AMBIGUOUS = (
    "Zeit;Menge;Währung;Gebühr;Gebührwährung\n2024-01-31 13:45;1,234;ETH;;\n2024-02-01 09:00;2.500;ADA;;\n"
)


@pytest.mark.parametrize(
    ("separator", "expected"),
    [
        (DecimalSeparator.POINT, [Decimal("1234"), Decimal("2.5")]),
        (DecimalSeparator.COMMA, [Decimal("1.234"), Decimal("2500")]),
    ],
)
def test_a_chosen_decimal_separator_reads_the_files_quantities_with_it(
    separator: DecimalSeparator, expected: list[Decimal]
) -> None:
    # Automatic cannot tell (no quantity shows a mark): each row is an error until the user says which.
    automatic = items(AMBIGUOUS, GERMAN)
    assert all(isinstance(item, RowError) and "does not show which" in item.problem for item in automatic)
    chosen = dataclasses.replace(GERMAN, decimal_separator=separator)
    quantities = [
        item.flows[0].quantity for item in items(AMBIGUOUS, chosen) if isinstance(item, ParsedTransaction)
    ]
    assert quantities == expected
    # the preview shows the values as they import
    lines = preview(chosen, read_sheet(AMBIGUOUS.encode(), "u.csv"))
    assert [line[3] for line in lines] == [f"{expected[0]} ETH", f"{expected[1]} ADA"]


def test_a_chosen_decimal_separator_overrules_the_mark_the_file_seems_to_show() -> None:
    text = AMBIGUOUS + "2024-02-02 10:00;0,5;BTC;;\n"
    assert (
        items(text, GERMAN)[0]
        == items(text, dataclasses.replace(GERMAN, decimal_separator=DecimalSeparator.COMMA))[0]
    )
    point = items(text, dataclasses.replace(GERMAN, decimal_separator=DecimalSeparator.POINT))
    assert point[2] == RowError(3, "Menge", "'0,5' is not a number")


def test_the_decimal_separator_and_signed_amount_are_kept_with_the_mapping() -> None:
    signed = ColumnMapping(
        date=0, signed_quantity=1, signed_currency=2, decimal_separator=DecimalSeparator.COMMA
    )
    assert ColumnMapping.of(signed.as_dict()) == signed
    assert signed.as_dict()["decimal_separator"] == "COMMA"
    # a mapping saved before the choice existed reads as it did: the file's own mark
    stored = {"date": 0, "date_format": "DETECT", "received_quantity": 1, "received_currency": 2}
    assert ColumnMapping.of(stored).decimal_separator is DecimalSeparator.AUTOMATIC
    with pytest.raises(ValueError):
        ColumnMapping.of(stored | {"decimal_separator": "SEMICOLON"})


SIGNED = ColumnMapping(
    date=0, signed_quantity=2, signed_currency=3, fee_quantity=4, fee_currency=3, type=1, id=5
)
SIGNED_FILE = (
    "Date,Kind,Amount,Asset,Fee,Ref\n"
    "2024-01-31 13:45,deposit,+1.5,BTC,,R1\n"
    "2024-02-01 09:00,withdrawal,\u22120.5,BTC,0.0001,R2\n"
    "2024-02-02 10:00,order placed,0,BTC,,R3\n"
    "2024-02-03 11:00,network fee,0,BTC,0.0002,R4\n"
    "2024-02-04 12:00,Staking,0.01,BTC,,R5\n"
)


def test_a_signed_amount_is_received_when_positive_and_sent_when_negative() -> None:
    deposit, withdrawal, placed, fee, reward = items(SIGNED_FILE, SIGNED)
    assert isinstance(deposit, ParsedTransaction) and isinstance(withdrawal, ParsedTransaction)
    assert (deposit.type, deposit.flows, deposit.key) == (
        TransactionType.RECEIVE,
        (Flow("IN", "BTC", Decimal("1.5")),),
        "R1",
    )
    assert (withdrawal.type, withdrawal.flows) == (
        TransactionType.SEND,
        (Flow("OUT", "BTC", Decimal("0.5")), Flow("OUT", "BTC", Decimal("0.0001"), is_fee=True)),
    )
    # zero moves nothing: ignored with the generic CSV's reason, or a fee when the row pays one
    assert placed == Ignored(3, "no quantity is received, sent or paid as a fee")
    assert isinstance(fee, ParsedTransaction) and fee.type is TransactionType.FEE
    assert fee.flows == (Flow("OUT", "BTC", Decimal("0.0002"), is_fee=True),)
    assert isinstance(reward, ParsedTransaction) and reward.type is TransactionType.STAKING_REWARD
    lines = preview(SIGNED, read_sheet(SIGNED_FILE.encode(), "u.csv"))
    assert [line[2:6] for line in lines[:2]] == [
        ["RECEIVE", "1.5 BTC", "", ""],
        ["SEND", "", "0.5 BTC", "0.0001 BTC"],
    ]
    assert lines[2][-1] == "Ignored: no quantity is received, sent or paid as a fee"


def test_signed_amount_errors_name_the_files_columns() -> None:
    text = "Date,Kind,Amount,Asset,Fee,Ref\n2024-01-31 13:45,x,lots,BTC,,R1\n2024-01-31 13:46,x,-2,,,R2\n"
    bad, no_currency = items(text, SIGNED)
    assert bad == RowError(1, "Amount", "'lots' is not a number")
    assert no_currency == RowError(2, "Asset", "a currency is required for the quantity 2")


def test_a_signed_amount_replaces_the_received_and_sent_quantities() -> None:
    header = ("Date", "Amount", "Asset", "In")
    assert mapping_problems(ColumnMapping(date=0, signed_quantity=1, signed_currency=2), header) == []
    both = ColumnMapping(
        date=0, signed_quantity=1, signed_currency=2, received_quantity=3, received_currency=2
    )
    assert mapping_problems(both, header) == [SIGNED_OR_SIDES]
    assert mapping_problems(ColumnMapping(date=0, signed_quantity=1), header) == [
        "Choose the Amount currency column too, or neither of the pair."
    ]
