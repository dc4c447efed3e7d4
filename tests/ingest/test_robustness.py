"""Any bytes end in a report or a clean error; generic rows round-trip; keys are stable."""

import random
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.files.check import InvalidFile, UnrecognisedFile, inspect_file, iter_transactions
from ingest.files.formats.generic import COLUMNS, timestamp_text
from ingest.files.reader import UnreadableFile
from tests.ingest.exports import EXPORTS

FIXTURES = sorted(path for path in EXPORTS.glob("*/*") if path.suffix == ".csv")
CLEAN_ERRORS = (UnreadableFile, UnrecognisedFile, InvalidFile)


def check_cleanly(data: bytes) -> None:
    result = inspect_file(data, "upload.csv")
    assert result.importable == (result.format_id is not None and not result.errors)
    try:
        for _ in iter_transactions(data, "upload.csv"):
            pass
    except CLEAN_ERRORS:
        assert not result.importable or result.transactions == 0


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=2048))
def test_any_bytes_end_cleanly(data: bytes) -> None:
    check_cleanly(data)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.lists(st.text(alphabet=st.sampled_from('ab1.,;-" \n\r\t€/:'), max_size=8), max_size=9), max_size=6
    )
)
def test_any_generic_shaped_text_ends_cleanly(cells: list[list[str]]) -> None:
    body = "\n".join(",".join(row) for row in cells)
    check_cleanly((",".join(COLUMNS) + "\n" + body).encode())


def mutate(data: bytes, rng: random.Random) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        action = rng.randrange(4)
        position = rng.randrange(len(buffer) + 1)
        if action == 0 and buffer:
            buffer[min(position, len(buffer) - 1)] = rng.randrange(256)
        elif action == 1:
            buffer[position:position] = bytes(
                rng.choice(b',;\t"\n\r\x00-.9E\xef\xbb\xbf\x80') for _ in range(3)
            )
        elif action == 2:
            del buffer[position : position + rng.randint(1, 40)]
        else:
            start = rng.randrange(len(buffer) + 1)
            buffer[position:position] = buffer[start : start + rng.randint(1, 80)]
    return bytes(buffer)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIXTURES), st.randoms(use_true_random=False))
def test_mutated_fixture_files_end_cleanly(path: Path, rng: random.Random) -> None:
    check_cleanly(mutate(path.read_bytes(), rng))


quantities = st.decimals(min_value=Decimal("0.00000001"), max_value=Decimal("1000000"), places=8)
assets = st.sampled_from(["BTC", "ETH", "USD", "EUR", "SOL"])
moments = st.datetimes(min_value=datetime(2010, 1, 1), max_value=datetime(2030, 1, 1)).map(
    lambda moment: moment.replace(microsecond=0, tzinfo=UTC)
)
generic_rows = st.tuples(
    moments,
    st.none() | st.tuples(quantities, assets),
    st.none() | st.tuples(quantities, assets),
    st.none() | st.tuples(quantities, assets),
)


def generic_file(rows: list[tuple[datetime, object, object, object]]) -> bytes:
    lines = [",".join(COLUMNS)]
    for moment, *amounts in rows:
        cells = [timestamp_text(moment)]
        for amount in amounts:
            cells += ["", ""] if amount is None else [str(amount[0]), amount[1]]  # type: ignore[index]
        lines.append(",".join([*cells, ""]))
    return "\n".join(lines).encode()


@settings(max_examples=100, deadline=None)
@given(st.lists(generic_rows, min_size=1, max_size=20))
def test_generic_rows_round_trip_with_stable_distinct_keys(
    rows: list[tuple[datetime, object, object, object]],
) -> None:
    data = generic_file(rows)
    wanted = [row for row in rows if any(amount is not None for amount in row[1:])]
    result = inspect_file(data, "generic.csv")
    assert result.errors == []  # rows that move nothing are ignored, with their reasons
    assert len(result.ignored) == len(rows) - len(wanted)
    if not wanted:
        return
    parsed = list(iter_transactions(data, "generic.csv"))
    assert [tx.timestamp for tx in parsed] == [row[0] for row in wanted]
    for tx, (_, received, sent, fee) in zip(parsed, wanted, strict=True):
        expected = [("IN", received, False), ("OUT", sent, False), ("OUT", fee, True)]
        assert [(f.direction, (f.quantity, f.asset), f.is_fee) for f in tx.flows] == [
            (d, a, is_fee) for d, a, is_fee in expected if a is not None
        ]
    keys = [tx.key for tx in parsed]
    assert len(set(keys)) == len(keys)
    assert keys == [tx.key for tx in iter_transactions(data, "generic.csv")]
    assert keys == [tx.key for tx in iter_transactions(data.replace(b"\n", b"\r\n"), "again.csv")]


def test_an_amount_with_two_decimal_points_is_its_rows_error() -> None:
    """Found by the mutation test above: an amount like '2214.2214.01 EUR' (Bitstamp's pattern takes
    digits, points and commas) is the row's error, named, not an exception."""
    data = (EXPORTS / "bitstamp" / "rotki__bitstamp.csv").read_bytes()
    data = data.replace(b"2214.01 EUR,2214.01", b"2214.2214.01 EUR,2214.01", 1)
    check_cleanly(data)
    assert inspect_file(data, "upload.csv").errors == ["Row 2, column Value: '2214.2214.01' is not a number"]
