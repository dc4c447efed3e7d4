"""DuckDB on an export: the catalog file published beside each export (`cairn.duckdb`, one view per
table over exactly the files of the latest manifest, by paths relative to the export's root), and the
connection `cairn query` opens on a local copy of the export (a copy made by hand, or the one it keeps of
the export on S3: analytics/exports/local_copy.py).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
from pyarrow import fs

from analytics.exports.manifest import Manifest

EXPORT_PREFIX = "exports"  # where exports live in the bucket
CATALOG_NAME = "cairn.duckdb"
LATEST_MANIFEST = "latest.json"


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def write_catalog(root: Path, manifest: Manifest, path: Path | None = None) -> Path:
    """Write `path` (by default `root/cairn.duckdb`): a view per table over the manifest's files (which
    must be under `root`, as they are in a local copy of the export), by paths relative to `root`."""
    path = path or root / CATALOG_NAME
    path.unlink(missing_ok=True)
    with duckdb.connect(str(path)) as connection:
        connection.execute(f"SET file_search_path = {_quoted(str(root))}")
        for table in manifest.schema_files:
            files = ", ".join(_quoted(name) for name in manifest.table_files(table))
            connection.execute(
                f'CREATE VIEW "{table}" AS SELECT * FROM read_parquet([{files}], '
                "hive_partitioning = false, union_by_name = true)"
            )
    return path


def open_local(root: Path, catalog: str = CATALOG_NAME) -> duckdb.DuckDBPyConnection:
    """The catalog (by default the published one) of a local copy of the export at `root`, read-only."""
    connection = duckdb.connect(str(root / catalog), read_only=True)
    connection.execute(f"SET file_search_path = {_quoted(str(root))}")
    return connection


def read_manifest(filesystem: fs.FileSystem, base: str) -> Manifest:
    """The latest manifest of the export at `base` (a local directory, or `bucket/prefix` on S3)."""
    with filesystem.open_input_stream(f"{base}/{LATEST_MANIFEST}") as stream:
        return Manifest.from_json(stream.read().decode())
