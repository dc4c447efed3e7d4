"""`cairn query [--export S3-URL-or-DIR] [SQL]`: DuckDB on the latest data export, for ad-hoc SQL — one
statement, or an interactive prompt (statements end with `;`, `.quit` or end of input leaves).

`--export` is `s3://bucket/prefix` (the configured S3 endpoint and keys; its latest files are fetched into
a local copy under CAIRN_HOME first, only those the copy does not hold yet) or a local copy of the export's
folder (its published `cairn.duckdb`); by default the export in the configured bucket. The tables are
docs/data/SCHEMA.md's; docs/data/examples.sql has examples.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import duckdb

    from ledger.infra.settings import Settings

PROMPT, MORE = "cairn> ", "   ..> "
MAX_ROWS = 10_000


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("query", help="SQL (DuckDB) on the latest data export")
    parser.add_argument("--export", help="s3://bucket/prefix or a local copy of the export's folder")
    parser.add_argument("--csv", action="store_true", help="print results as CSV")
    parser.add_argument("sql", nargs="?", help="one statement; without it, an interactive prompt")
    parser.set_defaults(func=handle_query)


def open_export(location: str | None, settings: Settings) -> duckdb.DuckDBPyConnection:
    """DuckDB on the latest export at `location` (default: `exports/` of the configured bucket); one on S3
    through the local copy kept of it under CAIRN_HOME (analytics/exports/local_copy.py), brought up to
    date first."""
    import hashlib
    from pathlib import Path
    from urllib.parse import urlsplit

    from pyarrow import fs

    from analytics.exports.catalog import EXPORT_PREFIX, open_local
    from analytics.exports.local_copy import catalog_name, refresh

    location = location or f"s3://{settings.s3_bucket}/{EXPORT_PREFIX}"
    if not location.startswith("s3://"):
        return open_local(Path(location).resolve())
    endpoint = urlsplit(settings.s3)
    s3 = fs.S3FileSystem(
        access_key=settings.s3_access_key,
        secret_key=settings.s3_secret_key,
        region=settings.s3_region,
        endpoint_override=endpoint.netloc,
        scheme=endpoint.scheme or "https",
    )
    base = location.removeprefix("s3://").rstrip("/")
    copy = settings.export_copies_dir / hashlib.sha256(f"{settings.s3} {base}".encode()).hexdigest()[:16]
    manifest = refresh(s3, base, copy)
    return open_local(copy, catalog_name(manifest))


def _show(connection: duckdb.DuckDBPyConnection, sql: str, as_csv: bool) -> None:
    relation = connection.sql(sql)
    if relation is None:  # a statement without a result (SET, CREATE …)
        return
    if as_csv:
        import csv

        writer = csv.writer(sys.stdout)
        writer.writerow(relation.columns)
        writer.writerows(relation.fetchall())
    else:
        relation.show(max_rows=MAX_ROWS, max_width=10_000)


def _prompt(connection: duckdb.DuckDBPyConnection, as_csv: bool) -> None:
    import duckdb

    pending: list[str] = []
    while True:
        try:
            line = input(MORE if pending else PROMPT)
        except EOFError:
            print()
            return
        if not pending and line.strip() in {".quit", ".exit"}:
            return
        pending.append(line)
        if line.rstrip().endswith(";"):
            statement, pending = "\n".join(pending), []
            try:
                _show(connection, statement, as_csv)
            except duckdb.Error as error:
                print(error, file=sys.stderr)


def handle_query(args: argparse.Namespace) -> int:
    import duckdb

    from ledger.infra.settings import get_settings

    try:
        connection = open_export(args.export, get_settings())
    except (OSError, duckdb.Error) as error:
        print(
            f"cairn query: no export could be opened at {args.export or 'the configured bucket'}: {error}",
            file=sys.stderr,
        )
        return 1
    with connection:
        if args.sql is None:
            _prompt(connection, args.csv)
            return 0
        try:
            _show(connection, args.sql, args.csv)
        except duckdb.Error as error:
            print(error, file=sys.stderr)
            return 1
    return 0
