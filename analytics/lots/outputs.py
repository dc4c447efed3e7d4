"""Writing a result: Parquet and CSV per table, one DuckDB file, and summary.json."""

import json
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import duckdb
import polars as pl

from analytics.lots.engine import LotResult
from analytics.lots.summary import summarize

TABLES = ("lots", "disposals", "income")


def write_outputs(result: LotResult, out_dir: Path) -> None:
    """Write everything into a fresh directory next to `out_dir`, then swap it in whole."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-", dir=out_dir.parent))
    try:
        frames = {"lots": result.lots, "disposals": result.disposals, "income": result.income}
        # Polars and DuckDB release the GIL while they write: the files are written side by side.
        with ThreadPoolExecutor(max_workers=3) as pool:
            written = [pool.submit(_database, frames, staging / "cairn.duckdb")]
            for name, frame in frames.items():
                written.append(
                    pool.submit(frame.write_parquet, staging / f"{name}.parquet", statistics=False)
                )
                written.append(pool.submit(frame.write_csv, staging / f"{name}.csv"))
            for future in written:
                future.result()
        summary = json.dumps(summarize(result), indent=2, sort_keys=True)
        (staging / "summary.json").write_text(summary + "\n")
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


def _database(frames: dict[str, pl.DataFrame], path: Path) -> None:
    with duckdb.connect(str(path)) as database:
        for name, frame in frames.items():
            database.register("frame", frame.to_arrow())
            database.execute(f"CREATE TABLE {name} AS SELECT * FROM frame")
            database.unregister("frame")
