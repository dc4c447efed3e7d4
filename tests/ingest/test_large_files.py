"""A file near the upload limit is checked and imported within the worker's memory: the
peak resident memory of a process validating it, or parsing and encoding it for COPY as the import
does, grows by less than the 512 MB a worker may spend on one upload.

The import's COPY into PostgreSQL is left out: the process discards each encoded batch where the
activity would write it (the database's memory is not the worker's)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ingest.files.formats.generic import COLUMNS
from ingest.files.unpack import MAX_UNPACKED_BYTES
from tests.ingest.memory import PEAK_MIB

MAX_GROWTH_MIB = 512
SECONDS_A_DAY = 86_400
ROW_EVERY_SECONDS = 20

# Validates the file, as the csvValidation activity does, and prints the report and the growth.
_VALIDATE = (
    PEAK_MIB
    + """
import json, sys
from pathlib import Path
from ingest.files.check import inspect_file
before = peak_mib()
report = inspect_file(Path(sys.argv[1]), "large.csv.gz")
growth = peak_mib() - before
counts = {"transactions": report.transactions, "ignored": len(report.ignored), "errors": report.errors}
print(json.dumps({**counts, "growth_mib": growth}))
"""
)
# Reads, parses and encodes the file as the import activity does, batch by batch in its prefetching
# thread, and drops each batch where the activity would COPY it.
_IMPORT = (
    PEAK_MIB
    + """
import json, sys
from pathlib import Path
from activities.csv_import import BATCH_SIZE, _ColumnarFile, encoded_file
from activities.prefetch import prefetched
from ingest.files.check import open_file
before = peak_mib()
sheet, fmt = open_file(Path(sys.argv[1]), "large.csv.gz")
parsed = encoded_file(sheet, fmt)
transactions = encoded = 0
for batch in prefetched(parsed.batches(BATCH_SIZE)):
    transactions += batch.size
    encoded += len(batch.transactions) + len(batch.flows)
growth = peak_mib() - before
print(json.dumps({
    "columnar": isinstance(parsed, _ColumnarFile),
    "transactions": transactions,
    "ignored": len(parsed.ignored),
    "encoded_mib": encoded // 2**20,
    "growth_mib": growth,
}))
"""
)


def write_generic_csv(path: Path, decompressed: int) -> int:
    """A gzipped generic CSV of plainly written, distinct rows, about `decompressed` bytes once
    inflated, written a day of rows at a time; answers its number of rows."""
    times = [
        f"{second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}"
        for second in range(0, SECONDS_A_DAY, ROW_EVERY_SECONDS)
    ]
    shapes = (
        "{when},{quantity},BTC,{usd},USD,1.50,USD,",
        "{when},{usd},USD,{quantity},ETH,0.75,USD,",
        "{when},{quantity},SOL,,,,,staking",
        "{when},,,{quantity},ADA,0.0001,ADA,",
    )
    rows = written = 0
    day = 0
    with gzip.open(path, "wb", compresslevel=1) as out:
        written += out.write((",".join(COLUMNS) + "\n").encode())
        while written < decompressed:
            date = f"{2015 + day // 336:04d}-{day // 28 % 12 + 1:02d}-{day % 28 + 1:02d}"
            lines = [
                shapes[index % 4].format(
                    when=f"{date} {time}",
                    quantity=f"{((index * 7919 + day) % 10**6 + 1) / 10**4:.4f}",
                    usd=f"{((index * 104729 + day) % 10**7 + 1) / 100:.2f}",
                )
                for index, time in enumerate(times)
            ]
            written += out.write(("\n".join(lines) + "\n").encode())
            rows += len(lines)
            day += 1
    return rows


def _measure(script: str, path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def large_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    path = tmp_path_factory.mktemp("large") / "large.csv.gz"
    rows = write_generic_csv(path, MAX_UNPACKED_BYTES - (4 << 20))
    return path, rows


def test_a_file_near_the_limit_validates_within_the_workers_memory(large_file: tuple[Path, int]) -> None:
    path, rows = large_file
    measured = _measure(_VALIDATE, path)
    assert measured["errors"] == []
    assert measured["transactions"] == rows
    assert measured["growth_mib"] < MAX_GROWTH_MIB


def test_a_file_near_the_limit_parses_and_encodes_within_the_workers_memory(
    large_file: tuple[Path, int],
) -> None:
    path, rows = large_file
    measured = _measure(_IMPORT, path)
    assert measured["columnar"]
    assert measured["transactions"] == rows
    assert measured["ignored"] == 0
    assert measured["encoded_mib"] > 200  # every transaction and flow went through the encoder
    assert measured["growth_mib"] < MAX_GROWTH_MIB


def test_a_file_of_millions_of_ignored_rows_validates_within_the_workers_memory(tmp_path: Path) -> None:
    path = tmp_path / "ignored.csv.gz"
    line = b"2021-03-06 15:00:00,0,BTC,,,,,\n"  # nothing moves: ignored
    block = line * 100_000
    with gzip.open(path, "wb", compresslevel=1) as out:
        out.write((",".join(COLUMNS) + "\n").encode())
        for _ in range((MAX_UNPACKED_BYTES - (4 << 20)) // len(block)):
            out.write(block)
    measured = _measure(_VALIDATE, path)
    rows = (MAX_UNPACKED_BYTES - (4 << 20)) // len(block) * 100_000
    assert (measured["transactions"], measured["ignored"], measured["errors"]) == (0, rows, [])
    assert measured["growth_mib"] < MAX_GROWTH_MIB
