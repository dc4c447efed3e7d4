"""Splitting an exported table into its Parquet files: one per user and year (hive-style directories,
`data/{table}/user={public id}/year={year}/{run id}.parquet`; accounts per user only), each named by the
cost-basis run its user's tables came from, so a user's files never change once written.

Every table also has an empty file holding its schema (`data/{table}/schema-v{version}.parquet`), read
with its data files, so a table with no rows still has its columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

COMPRESSION = "zstd"
YEARS = 100_000  # a partition's key: the user's code times this, plus the year


@dataclass(frozen=True)
class ExportFile:
    path: str  # relative to the export's root
    table: str
    user: str
    year: int | None
    rows: int


def user_folder(table: str, user: str) -> str:
    """Where a user's files of a table are, relative to the export's root."""
    return f"data/{table}/user={user}"


def schema_path(table: str, version: int) -> str:
    return f"data/{table}/schema-v{version}.parquet"


def write_schema_file(root: Path, table: str, schema: pa.Schema, version: int) -> str:
    path = schema_path(table, version)
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(schema.empty_table(), root / path, compression=COMPRESSION)
    return path


def write_partitions(root: Path, name: str, table: pa.Table, run_ids: dict[str, str]) -> list[ExportFile]:
    """Write `table` (with `user` and, but for accounts, `year`) as one file per user and year under
    `root`; `run_ids` maps each user's public id to the run named in its files."""
    if table.num_rows == 0:
        return []
    users = pc.dictionary_encode(table.column("user")).combine_chunks()
    has_year = "year" in table.column_names
    keys = pc.multiply(users.indices.cast(pa.int64()), YEARS)
    if has_year:
        keys = pc.add(keys, table.column("year").combine_chunks().cast(pa.int64()))
    order = pc.sort_indices(keys)  # stable: each file keeps the rows' order
    ordered = table.take(order)
    runs = pc.run_end_encode(keys.take(order))
    ends = runs.run_ends.to_pylist()
    starts = [0, *ends[:-1]]
    written = []
    for start, end, key in zip(starts, ends, runs.values.to_pylist(), strict=True):
        user = users.dictionary[key // YEARS].as_py()
        year = key % YEARS if has_year else None
        folder = user_folder(name, user) + ("" if year is None else f"/year={year}")
        path = f"{folder}/{run_ids[user]}.parquet"
        (root / folder).mkdir(parents=True, exist_ok=True)
        pq.write_table(ordered.slice(start, end - start), root / path, compression=COMPRESSION)
        written.append(ExportFile(path, name, user, year, end - start))
    return written
