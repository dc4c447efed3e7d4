"""The export's pure parts: a table split into one Parquet file per user and year, and which users an
incremental export rewrites and which it carries over."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from analytics.exports.manifest import Manifest, UserEntry, carried_files, changed_users
from analytics.exports.partitions import ExportFile, write_partitions


def test_a_table_is_split_by_user_and_year_rows_kept_in_order(tmp_path: Path) -> None:
    table = pa.table(
        {"user": ["u2", "u1", "u2", "u1", "u2"], "year": [2021, 2022, 2021, 2021, 2020], "x": [1, 2, 3, 4, 5]}
    )

    written = write_partitions(tmp_path, "flows", table, {"u1": "run-1", "u2": "run-2"})

    assert sorted(written, key=lambda file: file.path) == [
        ExportFile("data/flows/user=u1/year=2021/run-1.parquet", "flows", "u1", 2021, 1),
        ExportFile("data/flows/user=u1/year=2022/run-1.parquet", "flows", "u1", 2022, 1),
        ExportFile("data/flows/user=u2/year=2020/run-2.parquet", "flows", "u2", 2020, 1),
        ExportFile("data/flows/user=u2/year=2021/run-2.parquet", "flows", "u2", 2021, 2),
    ]
    read = pq.read_table(tmp_path / "data/flows/user=u2/year=2021/run-2.parquet")
    assert read.to_pydict() == {"user": ["u2", "u2"], "year": [2021, 2021], "x": [1, 3]}


def test_a_table_without_years_is_split_by_user(tmp_path: Path) -> None:
    table = pa.table({"user": ["u1", "u2", "u1"], "account_id": [1, 2, 3]})

    written = write_partitions(tmp_path, "accounts", table, {"u1": "r1", "u2": "r2"})

    assert sorted((file.path, file.rows) for file in written) == [
        ("data/accounts/user=u1/r1.parquet", 2),
        ("data/accounts/user=u2/r2.parquet", 1),
    ]
    assert write_partitions(tmp_path, "accounts", table.slice(0, 0), {}) == []


def test_only_users_whose_run_changed_are_rewritten_the_others_carried_over() -> None:
    kept = ExportFile("data/lots/user=b/year=2021/run-b.parquet", "lots", "b", 2021, 3)
    gone = ExportFile("data/lots/user=c/year=2021/run-c.parquet", "lots", "c", 2021, 1)
    previous = Manifest(
        1,
        "first",
        "2026-11-25T02:00:00+00:00",
        None,
        {
            "a": UserEntry("run-a", "first"),
            "b": UserEntry("run-b", "first"),
            "c": UserEntry("run-c", "first"),
        },
        {"lots": "data/lots/schema-v1.parquet"},
        [ExportFile("data/lots/user=a/year=2021/run-a.parquet", "lots", "a", 2021, 2), kept, gone],
    )
    runs = {"a": "run-a2", "b": "run-b", "d": "run-d"}  # a ran again, b did not, c was deleted, d is new

    changed = changed_users(runs, previous)
    users, files = carried_files(previous, set(runs) - changed)

    assert changed == {"a", "d"}
    assert users == {"b": UserEntry("run-b", "first")} and files == [kept]
    assert changed_users(runs, None) == set(runs)
    assert Manifest.from_json(previous.to_json()) == previous
    assert previous.rows() == {"lots": 6}
    assert previous.table_files("lots")[0] == "data/lots/schema-v1.parquet"
