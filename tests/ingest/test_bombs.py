"""Decompression bombs are refused while they stream: the memory of the process reading one (or two at
once) stays far below the 512 MB a worker may spend on an upload, and the user reads why."""

from __future__ import annotations

import json
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from ingest.files.check import inspect_file
from ingest.files.reader import UnreadableFile, read_sheet
from ingest.files.unpack import MAX_ZIP_RATIO
from tests.ingest.bombs import GENERIC_HEADER, MiB, gzip_bomb, xlsx_bomb
from tests.ingest.memory import PEAK_MIB

LARGEST = "the largest file Cairn imports."
MAX_GROWTH_MIB = 100  # far below 512 MB: a bomb costs a chunk of memory, not its decompressed size

# Reads each file named on the command line at the same time, one thread each, through the import
# check, and prints the errors and how much the process's peak resident memory grew meanwhile.
_MEASURE = (
    PEAK_MIB
    + """
import json, sys, threading
from pathlib import Path
from ingest.files.check import inspect_file
before = peak_mib()
errors = {}
def check(path):
    errors[path] = inspect_file(Path(path), Path(path).name).errors
threads = [threading.Thread(target=check, args=(path,)) for path in sys.argv[1:]]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
growth = peak_mib() - before
print(json.dumps({"errors": [errors[path] for path in sys.argv[1:]], "growth_mib": growth}))
"""
)


def _measure(*paths: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *map(str, paths)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    return json.loads(done.stdout)


def test_a_gzip_bomb_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.csv.gz"
    bomb.write_bytes(gzip_bomb(1024 * MiB))
    assert bomb.stat().st_size < 5 * MiB
    measured = _measure(bomb)
    assert measured["errors"] == [
        ["The file is too large once decompressed: more than 200 MiB, the largest file Cairn imports."]
    ]
    assert measured["growth_mib"] < MAX_GROWTH_MIB


def test_two_bombs_at_once_stay_in_bounded_memory(tmp_path: Path) -> None:
    gzipped, workbook = tmp_path / "bomb.csv.gz", tmp_path / "bomb.xlsx"
    gzipped.write_bytes(gzip_bomb(512 * MiB))
    workbook.write_bytes(xlsx_bomb(512 * MiB))
    measured = _measure(gzipped, workbook)
    assert measured["errors"] == [
        [f"The file is too large once decompressed: more than 200 MiB, {LARGEST}"],
        [f"The spreadsheet is too large once decompressed: more than 200 MiB, {LARGEST}"],
    ]
    assert measured["growth_mib"] < MAX_GROWTH_MIB


def test_an_xlsx_part_compressed_like_a_bomb_is_refused_even_under_the_size_limit() -> None:
    with pytest.raises(UnreadableFile) as refused:
        read_sheet(xlsx_bomb(16 * MiB), "small-bomb.xlsx")
    assert str(refused.value) == (
        "The spreadsheet cannot be read: its part 'xl/worksheets/sheet1.xml' expands more than "
        f"{MAX_ZIP_RATIO} times when decompressed, which no real workbook does."
    )


def test_the_bound_is_the_callers_and_counts_decompressed_bytes() -> None:
    text = GENERIC_HEADER + b"2021-01-01,1,BTC,,,,,\n" * 1000
    compressed = zlib.compress(text, wbits=zlib.MAX_WBITS | 16)
    assert inspect_file(compressed, "x.csv.gz", max_bytes=len(text)).transactions == 1000
    refused = inspect_file(compressed, "x.csv.gz", max_bytes=len(text) - 1)
    assert refused.errors == [
        f"The file is too large once decompressed: more than {len(text) - 1:,} bytes, "
        "the largest file Cairn imports."
    ]
    assert inspect_file(text, "x.csv", max_bytes=10 * 1024).errors == [
        "The file is larger than 10,240 bytes, the largest file Cairn imports."
    ]
