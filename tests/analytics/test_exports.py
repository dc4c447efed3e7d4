"""The export's pure parts: a table split into one Parquet file per bucket of users, and which buckets an
incremental export rewrites and which it carries over."""

from __future__ import annotations

import uuid
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from analytics.exports.manifest import Manifest, UserEntry, carried_files, stale_buckets
from analytics.exports.partitions import BUCKETS, ExportFile, bucket_of, write_buckets


def user_in(bucket: int, number: int = 0) -> str:
    """A public id in `bucket`."""
    return str(uuid.UUID(int=number * BUCKETS + bucket))


def test_a_user_is_in_the_bucket_of_their_public_id_as_a_number() -> None:
    assert bucket_of("00000000-0000-0000-0000-000000000041") == 0x41 % BUCKETS == 1
    assert bucket_of(user_in(5, 3)) == 5
    assert {bucket_of(str(uuid.uuid4())) for _ in range(2_000)} == set(range(BUCKETS))


def test_a_table_is_split_by_bucket_rows_kept_in_order(tmp_path: Path) -> None:
    u1, u2, u3 = user_in(1), user_in(2), user_in(1, 1)
    table = pa.table(
        {"user": [u1, u1, u3, u2, u2], "year": [2021, 2022, 2021, 2020, 2021], "x": [1, 2, 3, 4, 5]}
    )

    written = write_buckets(tmp_path, "flows", table, "e1")

    assert sorted(written, key=lambda file: file.path) == [
        ExportFile("data/flows/bucket=01/e1.parquet", "flows", 1, 3),
        ExportFile("data/flows/bucket=02/e1.parquet", "flows", 2, 2),
    ]
    read = pq.read_table(tmp_path / "data/flows/bucket=01/e1.parquet")
    assert read.to_pydict() == {"user": [u1, u1, u3], "year": [2021, 2022, 2021], "x": [1, 2, 3]}
    assert write_buckets(tmp_path, "flows", table.slice(0, 0), "e2") == []


def test_only_buckets_with_a_changed_new_or_gone_user_are_rewritten_the_others_carried_over() -> None:
    a, b, c, d, e = user_in(1), user_in(2), user_in(3), user_in(4), user_in(2, 1)
    files = [ExportFile(f"data/lots/bucket={n:02d}/first.parquet", "lots", n, n) for n in (1, 2, 3)]
    previous = Manifest(
        2,
        "first",
        "2026-11-25T02:00:00+00:00",
        None,
        {
            a: UserEntry("run-a", "first"),
            b: UserEntry("run-b", "first"),
            c: UserEntry("run-c", "first"),
            e: UserEntry("run-e", "first"),
        },
        {"lots": "data/lots/schema-v2.parquet"},
        files,
    )
    # a ran again, b and e did not, c was deleted, d is new
    runs = {a: "run-a2", b: "run-b", d: "run-d", e: "run-e"}

    rewritten = stale_buckets(runs, previous)
    users, kept = carried_files(previous, rewritten)

    assert rewritten == {1, 3, 4}
    assert users == {b: UserEntry("run-b", "first"), e: UserEntry("run-e", "first")} and kept == [files[1]]
    assert stale_buckets(runs, None) == {1, 2, 4} and carried_files(None, {1}) == ({}, [])
    assert stale_buckets({b: "run-b", e: "run-e", a: "run-a", c: "run-c"}, previous) == set()
    assert Manifest.from_json(previous.to_json()) == previous
    assert previous.rows() == {"lots": 6}
    assert previous.table_files("lots")[0] == "data/lots/schema-v2.parquet"
