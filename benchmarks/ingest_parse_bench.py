"""Parse throughput of the generic CSV: generate N rows (default 1,000,000), read + parse them.

    python benchmarks/ingest_parse_bench.py [ROWS]

Prints rows per second for reading + parsing alone (no database), and the process's peak memory.
"""

from __future__ import annotations

import random
import resource
import sys
import time
from datetime import UTC, datetime, timedelta

from ingest.files.check import iter_transactions
from ingest.files.formats.generic import COLUMNS, timestamp_text

ASSETS = ("BTC", "ETH", "SOL", "ADA", "USDC", "DOT")
FIATS = ("USD", "EUR")


def generate(rows: int, seed: int = 7) -> bytes:
    rng = random.Random(seed)
    start = datetime(2018, 1, 1, tzinfo=UTC)
    lines = [",".join(COLUMNS)]
    for index in range(rows):
        moment = timestamp_text(start + timedelta(seconds=index * 37))
        asset = rng.choice(ASSETS)
        quantity = f"{rng.randrange(1, 10**8) / 10**6:.6f}"
        cost = f"{rng.randrange(100, 10**7) / 100:.2f}"
        fee = f"{rng.randrange(1, 500) / 100:.2f}"
        fiat = rng.choice(FIATS)
        shape = index % 4
        if shape == 0:
            lines.append(f"{moment},{quantity},{asset},{cost},{fiat},{fee},{fiat},")
        elif shape == 1:
            lines.append(f"{moment},{cost},{fiat},{quantity},{asset},{fee},{fiat},")
        elif shape == 2:
            lines.append(f"{moment},{quantity},{asset},,,,,staking")
        else:
            lines.append(f"{moment},,,{quantity},{asset},0.0001,{asset},")
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    started = time.perf_counter()
    data = generate(rows)
    print(f"generated {rows:,} rows ({len(data) / 1e6:.1f} MB) in {time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    count = sum(1 for _ in iter_transactions(data, "bench.csv"))
    elapsed = time.perf_counter() - started
    print(f"read + parsed {count:,} transactions in {elapsed:.2f} s ({count / elapsed:,.0f} rows/s)")
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak resident memory of the process: {peak_kib / 1024:.0f} MB (input bytes, text, key digests)")


if __name__ == "__main__":
    main()
