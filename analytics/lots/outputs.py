"""Writing a result: Parquet and CSV per table, one DuckDB file, and summary.json."""

import json
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import polars as pl

from analytics.lots.engine import LotResult
from analytics.lots.native import write_csv
from analytics.lots.summary import summarize

TABLES = ("lots", "disposals", "income")
CHECKPOINT_ROWS = 500_000
# columns whose few values repeat (the rest are ids, unique or nearly): dictionary-encoded in the
# Parquet files and the database, where encoding the ids would cost time and save nothing
REPEATED = frozenset({"type", "asset", "account", "term", "rule", "callout"})


def write_outputs(result: LotResult, out_dir: Path) -> None:
    """Write everything into a fresh directory next to `out_dir`, then swap it in whole."""
    with staged(out_dir) as staging:
        frames = {"lots": result.lots, "disposals": result.disposals, "income": result.income}
        # Polars and DuckDB release the GIL while they write: the database (one DuckDB thread,
        # which also makes it smaller) is written beside the files (Polars' own threads).
        with ThreadPoolExecutor(max_workers=2) as pool:
            database = pool.submit(_database, frames, staging / "cairn.duckdb")
            files = pool.submit(_files, frames, staging)
            summary = summary_text(summarize(result))
            database.result()
            files.result()
        (staging / "summary.json").write_text(summary)


@contextmanager
def staged(out_dir: Path) -> Iterator[Path]:
    """A fresh directory next to `out_dir` to write into; swapped in whole if no error escapes."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-", dir=out_dir.parent))
    try:
        yield staging
        if out_dir.exists():
            for name in (
                *(f"{t}.{ext}" for t in TABLES for ext in ("parquet", "csv")),
                "cairn.duckdb",
                "summary.json",
            ):
                (out_dir / name).unlink(missing_ok=True)
            for produced in staging.iterdir():
                produced.rename(out_dir / produced.name)
            staging.rmdir()
        else:
            staging.rename(out_dir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def summary_text(summary: dict[str, Any]) -> str:
    return json.dumps(summary, indent=2, sort_keys=True) + "\n"


def _files(frames: dict[str, pl.DataFrame], staging: Path) -> None:
    for name, frame in frames.items():
        # LZ4: a third cheaper to write than zstd, for files a little larger
        frame.write_parquet(staging / f"{name}.parquet", compression="lz4", statistics=False)
        with open(staging / f"{name}.csv", "wb") as file:
            write_csv(frame, file, include_header=True)  # the C core's, the same bytes as Polars'


def _database(frames: dict[str, pl.DataFrame], path: Path) -> None:
    import duckdb  # imported when needed: it is slow to import

    with duckdb.connect(str(path), config={"threads": 1}) as database:
        for name, frame in frames.items():
            # string views as they are (no copy); a large table is checkpointed before the next
            # (which bounds memory; for small ones the checkpoint at closing is cheaper)
            table = frame.to_arrow(compat_level=pl.CompatLevel.newest())
            create_table(database, name, table.schema)
            database.register("frame", table)
            database.execute(f"INSERT INTO {name} SELECT * FROM frame")
            database.unregister("frame")
            if frame.height >= CHECKPOINT_ROWS:
                database.execute("CHECKPOINT")


def create_table(database: Any, name: str, schema: Any) -> None:
    """An empty table for rows of an Arrow schema, its strings compressed only where they repeat.

    DuckDB names the column types (as it would for `CREATE TABLE … AS`); ids are stored as they
    are (compressing unique strings costs a third of their writing and gains little), repeated
    names as a dictionary.
    """
    import pyarrow as pa

    database.register("shape", pa.table({field.name: pa.array([], field.type) for field in schema}))
    columns = database.execute("DESCRIBE SELECT * FROM shape").fetchall()
    database.unregister("shape")
    declared = []
    for column, kind, *_ in columns:
        compression = ""
        if kind == "VARCHAR":
            compression = " USING COMPRESSION " + ("dict_fsst" if column in REPEATED else "uncompressed")
        declared.append(f'"{column}" {kind}{compression}')
    database.execute(f"CREATE TABLE {name} ({', '.join(declared)})")
