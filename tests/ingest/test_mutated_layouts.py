"""Every family's parser, and a user's column mapping, under real exports mutated as users' files are:
columns dropped, reordered and renamed, rows dropped and truncated, other delimiters and encodings. None
crashes (a file ends in the report's validation errors or in an import), and what the import writes is
what the check reported."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from activities.csv_import import encoded_file
from ingest.files.check import inspect_file, open_file
from ingest.files.mapping import MAPPED_FORMAT_ID
from ingest.files.reader import read_sheet
from ingest.files.registry import all_formats, detect
from tests.ingest.exports import EXPORTS
from vocabulary.column_mapping import ColumnMapping, DateFormat

LAYOUT_FIXTURES = Path(__file__).parent / "files" / "fixtures"  # layouts absent from the exports
MAX_ROWS = 30  # of each export: enough for every kind of row it has, fast to parse many times
SMALL = 20_000  # bytes: the largest export this small is a family's sample, else its smallest
BITSTAMP_V2 = (
    "ID,Account,Object,Date,Type,Subtype,Amount,Amount currency,Value,Value currency,Fee,Fee currency\n"
    "1,Main,order,2023-01-02T03:04:05Z,Market,Buy,0.5,ETH,600,EUR,1.5,EUR\n"
    "2,Main,transfer,2023-01-03T03:04:05Z,Withdrawal,,0.2,ETH,,,0.001,ETH\n"
    "3,Main,transfer,2023-01-04T03:04:05Z,Deposit,,100,EUR,,,,\n"
)
# A layout no format knows, read with a mapping whose one currency column serves every amount; the
# mapping is used whatever the mutated header, as it would be for a header it was saved for.
UNKNOWN_EXCHANGE = (
    "Date,Kind,Amount In,Amount Out,Asset,Fee,Ref,Notes\n"
    "31/01/2024 13:45,Deposit,1.5,,BTC,,A1,first\n"
    "01/02/2024 09:00,Withdrawal,,0.5,BTC,0.0001,A2,\n"
    "02/02/2024 10:00,Staking Reward,0.25,,ETH,,A3,rewards\n"
    "02/02/2024 10:00,Staking Reward,0.25,,ETH,,A3,rewards\n"
    "03/02/2024 11:30,Gift,,1,ETH,,A4,\n"
    "04/02/2024 12:00,Pending,,,ETH,,A5,\n"
    "05/02/2024 23:59,Mystery,3,,USDC,,,no id\n"
)
MAPPING = ColumnMapping(
    date=0,
    date_format=DateFormat.DAY_FIRST,
    received_quantity=2,
    received_currency=4,
    sent_quantity=3,
    sent_currency=4,
    fee_quantity=5,
    fee_currency=4,
    type=1,
    id=6,
    notes=7,
)


def _mapping(header: object) -> ColumnMapping:
    return MAPPING


def _samples() -> dict[str, tuple[str, tuple[str, ...], list[list[str]]]]:
    """Each family id → (file name, header, first data rows) of its largest small export."""
    found: dict[str, tuple[tuple[bool, int], Path]] = {}
    for path in sorted([*EXPORTS.glob("*/*.csv"), *LAYOUT_FIXTURES.glob("*.csv")]):
        size = path.stat().st_size
        preference = (size <= SMALL, size if size <= SMALL else -size)
        fmt = detect(read_sheet(path.read_bytes(), path.name))
        if fmt is not None and (fmt.id not in found or preference > found[fmt.id][0]):
            found[fmt.id] = (preference, path)
    samples = {}
    for family, (_, path) in found.items():
        sheet = read_sheet(path.read_bytes(), path.name)
        rows = [list(cells) for _, cells in sheet.rows()][:MAX_ROWS]
        samples[family] = (path.name, sheet.header, rows)
    sheet = read_sheet(BITSTAMP_V2.encode(), "bitstamp.csv")
    samples["bitstamp-v2"] = ("bitstamp.csv", sheet.header, [list(cells) for _, cells in sheet.rows()])
    sheet = read_sheet(UNKNOWN_EXCHANGE.encode(), "unknown.csv")
    samples[MAPPED_FORMAT_ID] = ("unknown.csv", sheet.header, [list(cells) for _, cells in sheet.rows()])
    return samples


SAMPLES = _samples()
ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "cp1252", "latin-1")


def test_every_family_has_a_sample() -> None:
    assert set(SAMPLES) == {fmt.id for fmt in all_formats()} | {MAPPED_FORMAT_ID}


def _renamed(name: str, how: int) -> str:
    return (name.upper(), name.lower(), f" {name} ", f"{name} (new)", "")[how]


@st.composite
def mutated(draw: st.DrawFn, family: str) -> tuple[str, bytes]:
    filename, header, rows = SAMPLES[family]
    width = len(header)
    order = draw(st.permutations(range(width)) | st.just(list(range(width))))
    dropped = draw(st.sets(st.integers(0, width - 1), max_size=2))
    kept = [at for at in order if at not in dropped] or [0]
    renames = draw(st.dictionaries(st.integers(0, width - 1), st.integers(0, 4), max_size=2))
    names = [_renamed(header[at], renames[at]) if at in renames else header[at] for at in kept]
    chosen = draw(st.lists(st.integers(0, max(len(rows) - 1, 0)), max_size=len(rows), unique=True))
    body = [
        [row[at] if at < len(row) else "" for at in kept]
        for number, row in enumerate(rows)
        if number in chosen
    ]
    cut_last = draw(st.booleans())
    if body and cut_last:  # the last row cut short, as a file truncated mid-line
        body[-1] = body[-1][: draw(st.integers(0, len(kept)))]
    out = io.StringIO()
    csv.writer(out, delimiter=draw(st.sampled_from(",;\t")), lineterminator="\n").writerows([names, *body])
    text = out.getvalue()
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    encoding = draw(st.sampled_from(ENCODINGS))
    return filename, text.encode(encoding, errors="replace")


def imports_what_it_reports(filename: str, data: bytes, family: str) -> None:
    """The check ends in a report (never an exception); a file it finds importable imports exactly the
    transactions and ignored rows it counted."""
    mappings = _mapping if family == MAPPED_FORMAT_ID else None
    report = inspect_file(data, filename, mappings=mappings)
    assert all(isinstance(error, str) and error for error in report.errors)
    assert report.importable == (report.format_id is not None and not report.errors)
    if not report.importable:
        return
    sheet, fmt = open_file(data, filename, mappings=mappings)
    parsed = encoded_file(sheet, fmt)
    written = sum(batch.size for batch in parsed.batches(7))
    assert (fmt.id, written, len(parsed.ignored)) == (
        report.format_id,
        report.transactions,
        len(report.ignored),
    )
    assert 0 <= report.for_review <= report.transactions


@pytest.mark.parametrize("family", sorted(SAMPLES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_export_reports_what_it_imports(family: str, data: st.DataObject) -> None:
    filename, content = data.draw(mutated(family))
    imports_what_it_reports(filename, content, family)


@pytest.mark.parametrize("family", sorted(SAMPLES))
def test_the_unmutated_sample_imports(family: str) -> None:
    filename, header, rows = SAMPLES[family]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header, *rows])
    mappings = _mapping if family == MAPPED_FORMAT_ID else None
    report = inspect_file(out.getvalue().encode(), filename, mappings=mappings)
    assert report.format_id == family
    imports_what_it_reports(filename, out.getvalue().encode(), family)
