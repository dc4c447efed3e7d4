"""The generic CSV read a column at a time gives exactly what the row parser gives, or steps aside."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

import polars as pl
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ingest.files.check import inspect_file, open_file, parse_columns
from ingest.files.formats.generic import COLUMNS
from ingest.files.model import ColumnarFile, Flow, Ignored, ParsedTransaction, RowError, TransactionColumns


def as_transactions(columns: TransactionColumns) -> list[ParsedTransaction]:
    flows: dict[int, list[Flow]] = {}
    for flow in columns.flows.sort("seq", "position").iter_rows(named=True):
        value = flow["value"]
        flows.setdefault(flow["seq"], []).append(
            Flow(
                flow["direction"],
                flow["asset"],
                Decimal(flow["quantity"]),
                is_fee=flow["is_fee"],
                value=None if value is None else Decimal(value),
                value_currency=flow["value_currency"],
            )
        )
    return [
        ParsedTransaction(
            key=tx["key"],
            timestamp=tx["timestamp"],
            type=tx["type"],
            flows=tuple(flows[tx["seq"]]),
            row=tx["row"],
            description=tx["description"],
            tx_hash=tx["tx_hash"],
            label=tx["label"],
        )
        for tx in columns.transactions.iter_rows(named=True)
    ]


def both_ways(text: str) -> tuple[ColumnarFile | None, list[ParsedTransaction | Ignored | RowError]]:
    sheet, fmt = open_file(text.encode(), "generic.csv")
    assert fmt.id == "generic"
    return parse_columns(sheet, fmt), list(fmt.parse(sheet))


def read_as_generic(text: str) -> bool:
    """Whether the reader takes the text for a generic CSV (odd rows can look more like a header)."""
    try:
        _, fmt = open_file(text.encode(), "generic.csv")
    except ValueError:
        return False
    return fmt.id == "generic"


def assert_same(columnar: ColumnarFile, rows: Sequence[ParsedTransaction | Ignored | RowError]) -> None:
    assert not [item for item in rows if isinstance(item, RowError)]
    expected = [item for item in rows if isinstance(item, ParsedTransaction)]
    assert [tx for batch in columnar.batches(3) for tx in as_transactions(batch)] == expected
    assert columnar.transactions == len(expected)
    assert columnar.assets == {flow.asset for tx in expected for flow in tx.flows}
    assert columnar.ignored == [item for item in rows if isinstance(item, Ignored)]


HEADER = ",".join(COLUMNS)
PLAIN_DATES = st.builds(
    "{:04d}-{:02d}-{:02d}{}{:02d}:{:02d}:{:02d}".format,
    st.integers(1990, 2030),
    st.integers(1, 12),
    st.integers(1, 28),
    st.sampled_from([" ", "T"]),
    st.integers(0, 23),
    st.integers(0, 59),
    st.integers(0, 59),
)
PLAIN_NUMBERS = st.one_of(
    st.just(""),
    st.builds(
        lambda whole, fraction: whole + (f".{fraction}" if fraction else ""),
        st.from_regex(r"[0-9]{1,8}", fullmatch=True),
        st.from_regex(r"[0-9]{0,18}", fullmatch=True),
    ),
)
SYMBOLS = st.sampled_from(["", "BTC", "eth", "USD", "EUR", "usdc.e", "1INCH", "SOL"])
TAGS = st.sampled_from(["", "staking", "Mining", "airdrop", "gift", "donation", "lost", "payment", "REWARD"])
PLAIN_ROWS = st.lists(
    st.tuples(PLAIN_DATES, PLAIN_NUMBERS, SYMBOLS, PLAIN_NUMBERS, SYMBOLS, PLAIN_NUMBERS, SYMBOLS, TAGS),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(PLAIN_ROWS, st.sampled_from([",", ";", "\t"]), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_plain_rows_read_the_same_both_ways(
    rows: list[tuple[str, ...]], delimiter: str, newline: str, blank_lines: bool
) -> None:
    lines = [HEADER.replace(",", delimiter)]
    for row in rows:
        lines.append(delimiter.join(row))
        if blank_lines:
            lines.append("")
    columnar, parsed = both_ways(newline.join(lines) + newline)
    if any(isinstance(item, RowError) or getattr(item, "review", None) for item in parsed):
        assert columnar is None  # a row error, or a row imported for review, is the row parser's to report
    elif parsed:
        assert columnar is not None
        assert_same(columnar, parsed)


ODD_CELLS = st.text(alphabet=st.sampled_from('ab1.0,;-" \n\r\t€/:Z+xX٣\u00a0'), max_size=10)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(st.one_of(ODD_CELLS, PLAIN_DATES, PLAIN_NUMBERS, SYMBOLS, TAGS), min_size=0, max_size=10),
        max_size=8,
    )
)
def test_any_rows_read_the_same_or_go_to_the_row_parser(rows: list[list[str]]) -> None:
    text = HEADER + "\n" + "\n".join(",".join(row) for row in rows) + "\n"
    assume(read_as_generic(text))
    columnar, parsed = both_ways(text)
    if columnar is not None:
        assert_same(columnar, parsed)


def test_a_million_row_file_is_read_by_columns() -> None:
    """What the import benchmark uploads: every kind of generic row, plainly written."""
    text = "\n".join(
        [
            HEADER,
            "2021-03-01 10:00:00,0.5,BTC,25000.00,USD,1.50,USD,",
            "2021-03-01 10:00:00,0.5,BTC,25000.00,USD,1.50,USD,",  # the same again: a second transaction
            "2021-03-02 11:00:00,012000.50,USD,0.2500,BTC,0,USD,",
            "2021-03-03 12:00:00,0.0000001,ETH,,,,,staking",
            "2021-03-04 13:00:00,,,1,ETH,0.001,ETH,gift",
            "2021-03-05 14:00:00,,,,,0.001,ETH,",
            "2021-03-06 15:00:00,0,BTC,,,,,",
        ]
    )
    columnar, parsed = both_ways(text)
    assert columnar is not None
    assert_same(columnar, parsed)
    [batch] = columnar.batches(10)
    keys = batch.transactions["key"].to_list()
    assert keys[1] == f"{keys[0]}-1"
    assert batch.transactions["type"].to_list() == [
        "BUY",
        "BUY",
        "SELL",
        "STAKING_REWARD",
        "GIFT_SENT",
        "FEE",
    ]
    assert columnar.ignored == [Ignored(7, "no quantity is received, sent or paid as a fee")]
    report = inspect_file(text.encode(), "generic.csv")
    assert (report.transactions, len(report.ignored), report.errors) == (6, 1, [])
    assert report.assets == {"BTC", "USD", "ETH"}


def test_batches_number_each_slice_from_zero_and_count_repeats_across_them() -> None:
    rows = [f"2021-03-01 10:00:{second % 3:02d},1,BTC,2,USD,0.1,USD," for second in range(5)]
    columnar, parsed = both_ways("\n".join([HEADER, *rows]))
    assert columnar is not None
    batches = list(columnar.batches(2))
    assert [len(batch) for batch in batches] == [2, 2, 1]
    for batch in batches:
        assert batch.transactions["seq"].to_list() == list(range(len(batch)))
        assert batch.flows["seq"].unique().sort().to_list() == list(range(len(batch)))
        assert batch.flows.height == 3 * len(batch)
    keys = pl.concat(batch.transactions for batch in batches)["key"].to_list()
    assert keys == [item.key for item in parsed if isinstance(item, ParsedTransaction)]
    assert keys[3] == f"{keys[0]}-1"


def test_a_tag_the_row_parser_imports_for_review_sends_the_file_to_it() -> None:
    for row in ("2021-03-01 10:00:00,1,BTC,,,,,zorblax", "2021-03-01 10:00:00,1,BTC,2,USD,,,staking"):
        columnar, parsed = both_ways(f"{HEADER}\n{row}\n")
        assert columnar is None
        [transaction] = parsed
        assert isinstance(transaction, ParsedTransaction) and transaction.review is not None


def test_quoted_or_zoned_files_go_to_the_row_parser() -> None:
    quoted = f'{HEADER}\n"2021-03-01 10:00:00",1,BTC,,,,,\n'
    zoned = f"{HEADER}\n2021-03-01T10:00:00Z,1,BTC,,,,,\n"
    for text in (quoted, zoned):
        columnar, parsed = both_ways(text)
        assert columnar is None
        assert [item.type for item in parsed if isinstance(item, ParsedTransaction)] == ["RECEIVE"]
