"""A local copy of the latest export on S3, kept up to date in a cache folder: what `cairn query` reads.

Reading the files from S3 for every query cost a fixed 0.15–0.25 s per query (every file's footer read
again through pyarrow's dataset scanner) and 5–10 times what DuckDB's own Parquet reader takes on local
files (README, Benchmarks). An export's files never change once written (each is named by the export
that wrote it), so the copy fetches only the files of the latest manifest it does not hold yet, through
pyarrow's S3 filesystem (DuckDB downloads nothing and needs no extension), and removes those the
manifest no longer lists — a deleted user's rows leave the copy at the next fetch, as they left S3.
Each file is written under a temporary name and renamed, so a copy holds whole files only, also while
two processes fetch at once; a newer export's files are never removed by a process that read an older
manifest (a process still reading an older export may find its files gone: it opens the copy again).
"""

from __future__ import annotations

import os
import shutil
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pyarrow import fs

from analytics.exports.catalog import read_manifest, write_catalog
from analytics.exports.manifest import Manifest

FETCH_THREADS = 16  # the files are small (one per table and bucket): many at once
CHUNK_BYTES = 1 << 20
DATA_FOLDER = "data"


def catalog_name(manifest: Manifest) -> str:
    """The copy's catalog of one export: per export, so a newer fetch never rewrites one in use."""
    return f"catalog-{manifest.export_id}.duckdb"


def refresh(filesystem: fs.FileSystem, base: str, root: Path) -> Manifest:
    """Bring the copy at `root` to the latest export at `base` (`bucket/prefix`); answers its manifest.
    The copy's catalog of it (`catalog_name`) views exactly the manifest's files."""
    manifest = read_manifest(filesystem, base)
    listed = set(manifest.paths())
    missing = sorted(path for path in listed if not (root / path).is_file())
    with ThreadPoolExecutor(FETCH_THREADS, thread_name_prefix="export-fetch") as pool:
        list(pool.map(lambda path: _fetch(filesystem, f"{base}/{path}", root / path), missing))
    catalog = root / catalog_name(manifest)
    if not catalog.is_file():
        draft = root / f".{catalog.name}.{uuid.uuid4().hex}"
        write_catalog(root, manifest, draft)
        os.replace(draft, catalog)
    _prune(root, manifest, listed)
    return manifest


def _fetch(filesystem: fs.FileSystem, source: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    draft = target.with_name(f".{target.name}.{uuid.uuid4().hex}")
    with filesystem.open_input_stream(source) as stream, draft.open("wb") as out:
        shutil.copyfileobj(stream, out, CHUNK_BYTES)
    os.replace(draft, target)


def _prune(root: Path, manifest: Manifest, listed: set[str]) -> None:
    """Remove the files and catalogs of exports older than `manifest` that it does not list; a newer
    export's, which another process may have fetched meanwhile, stay. Temporary files are left to the
    process writing them."""
    for path in (root / DATA_FOLDER).rglob("*.parquet"):
        if path.relative_to(root).as_posix() not in listed and path.stem < manifest.export_id:
            path.unlink(missing_ok=True)
    for path in root.glob("catalog-*.duckdb"):
        if path.name < catalog_name(manifest):
            path.unlink(missing_ok=True)
