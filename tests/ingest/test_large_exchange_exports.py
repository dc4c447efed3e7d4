"""An exchange export near the upload limit, in a format keyed by the exchange's own ids
(`SourceKeys`), validates within the 512 MB a worker may spend on one upload: the ids, first contents
and keys issued are kept as 64-bit digests, not as strings."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

from ingest.files.formats.uphold import COLUMNS
from ingest.files.unpack import MAX_UNPACKED_BYTES
from tests.ingest.memory import PEAK_MIB

MAX_GROWTH_MIB = 512
ROWS_A_BLOCK = 10_000

_VALIDATE = (
    PEAK_MIB
    + """
import json, sys
from pathlib import Path
from ingest.files.check import inspect_file
before = peak_mib()
report = inspect_file(Path(sys.argv[1]), "uphold.csv.gz")
growth = peak_mib() - before
print(json.dumps({"transactions": report.transactions, "errors": report.errors, "growth_mib": growth}))
"""
)


def write_uphold_export(path: Path, decompressed: int) -> int:
    """A gzipped Uphold history of short rows (the most ids a byte), completed withdrawals each with
    its own id, about `decompressed` bytes once inflated; answers its number of rows."""
    rows = written = 0
    with gzip.open(path, "wb", compresslevel=1) as out:
        written += out.write((",".join(COLUMNS) + "\n").encode())
        while written < decompressed:
            lines = []
            for number in range(rows, rows + ROWS_A_BLOCK):
                clock = f"{number // 3600 % 24:02d}:{number // 60 % 60:02d}:{number % 60:02d}"
                lines.append(
                    f"2020-05-26 {clock},x,{number % 9973 + 1},XRP,{number:08x}-5e6f-1a2b-3c4d-5e6f1a2b3c4d,"
                    f"u,0.{number % 99991 + 1:05d},BTC,completed,out\n"
                )
            written += out.write("".join(lines).encode())
            rows += ROWS_A_BLOCK
    return rows


def test_an_export_keyed_by_its_own_ids_validates_within_the_workers_memory(tmp_path: Path) -> None:
    path = tmp_path / "uphold.csv.gz"
    rows = write_uphold_export(path, MAX_UNPACKED_BYTES - (4 << 20))
    done = subprocess.run(
        [sys.executable, "-c", _VALIDATE, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    measured = json.loads(done.stdout)
    assert measured["errors"] == []
    assert measured["transactions"] == rows
    assert measured["growth_mib"] < MAX_GROWTH_MIB
