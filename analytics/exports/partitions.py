"""Splitting an exported table into its Parquet files: the users are grouped into BUCKETS buckets (the
user's public id, a UUID, as a 128-bit number, modulo BUCKETS), and a table has one file per bucket,
`data/{table}/bucket={bucket}/{export id}.parquet`, holding every row of the bucket's users in the order
read (by user, then row). A file is named by the export that wrote it and never changes once written.

Every table also has an empty file holding its schema (`data/{table}/schema-v{version}.parquet`), read
with its data files, so a table with no rows still has its columns.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

COMPRESSION = "zstd"
# Fewer buckets: fewer files for a query to open; more: fewer users rewritten when one user's run changes
# (at 1,000 users, an incremental export rereads 25 users' tables in 8.7 s with 32 buckets, 14 in 4.0 s
# with 64, while a query on a local copy still takes under a second; README, Benchmarks).
BUCKETS = 64


@dataclass(frozen=True)
class ExportFile:
    path: str  # relative to the export's root
    table: str
    bucket: int
    rows: int


def bucket_of(user: str) -> int:
    """The bucket of the user with this public id."""
    return uuid.UUID(user).int % BUCKETS


def bucket_folder(table: str, bucket: int) -> str:
    """Where a bucket's files of a table are, relative to the export's root."""
    return f"data/{table}/bucket={bucket:02d}"


def schema_path(table: str, version: int) -> str:
    return f"data/{table}/schema-v{version}.parquet"


def write_schema_file(root: Path, table: str, schema: pa.Schema, version: int) -> str:
    path = schema_path(table, version)
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(schema.empty_table(), root / path, compression=COMPRESSION)
    return path


def write_buckets(root: Path, name: str, table: pa.Table, export_id: str) -> list[ExportFile]:
    """Write `table` (with `user`) as one file per bucket of its users under `root`, named `export_id`."""
    if table.num_rows == 0:
        return []
    users = pc.dictionary_encode(table.column("user")).combine_chunks()
    buckets_of_users = pa.array([bucket_of(user) for user in users.dictionary.to_pylist()], pa.int64())
    buckets = buckets_of_users.take(users.indices)
    order = pc.sort_indices(buckets)  # stable: each file keeps the rows' order
    ordered = table.take(order)
    runs = pc.run_end_encode(buckets.take(order))
    ends = runs.run_ends.to_pylist()
    written = []
    for start, end, bucket in zip([0, *ends[:-1]], ends, runs.values.to_pylist(), strict=True):
        folder = bucket_folder(name, bucket)
        path = f"{folder}/{export_id}.parquet"
        (root / folder).mkdir(parents=True, exist_ok=True)
        pq.write_table(ordered.slice(start, end - start), root / path, compression=COMPRESSION)
        written.append(ExportFile(path, name, bucket, end - start))
    return written
