"""The data export on 1,000 users with 1,000,000 transactions in all, on a local PostgreSQL and S3:

  full         every user's tables read in one snapshot, written as Parquet by bucket of users, uploaded,
               with the manifest and the DuckDB catalog (target ≤ 60 s)
  incremental  the same after one user's cost basis ran again: only that user's bucket rewritten
               (target ≤ 5 s)
  examples     each of docs/data/examples.sql's questions through `cairn query`'s connection on S3 (its
               local copy brought up to date when opened: the open is timed apart, after the full export
               and after the incremental one) and on a local copy of the export (target ≤ 1 s each)

The population is one user's ledger (benchmarks/lots_generate.py, 1,000 transactions spread over five
years, written by the product's bulk import and computed by the product's cost-basis activity), cloned
in PostgreSQL to the other users with their own ids and run ids: the fastest way to a million stored
transactions with their results.

    python benchmarks/export_bench.py [--users 1000] [--transactions-per-user 1000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import cast

import lots_generate
import polars as pl
from cost_basis_run_bench import add_user
from sqlalchemy import Engine, text
from temporalio.client import Client
from temporalio.testing import ActivityEnvironment

from activities.cost_basis import CostBasisActivities
from activities.data_export import DataExportActivities
from analytics.exports.catalog import EXPORT_PREFIX, LATEST_MANIFEST, write_catalog
from analytics.exports.manifest import Manifest
from contracts.data_export import DataExportInput
from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from stack.commands.query import open_export
from stack.seed import prepare_database
from stack.servers import LocalServers, free_port, free_s3_port
from vocabulary.enums import AllocationScope, CostBasisMethod

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "data" / "examples.sql"
STRIDE = 10_000_000  # a clone's ids: the template's plus its number times this (its user id: plus its number)
SPAN = timedelta(days=5 * 365)
CRYPTO = ("BTC", "ETH", "SOL", "ADA", "XRP", "DOGE", "DOT", "LTC", "LINK", "AVAX", "BNB", "MATIC")
# per table: the columns a clone gets anew (the others are copied); {k} is the clone's number
CLONED: dict[str, dict[str, str]] = {
    "users": {"id": "id + k", "email": "'bench-' || k || '@cairn.local'", "public_id": "gen_random_uuid()"},
    "cost_basis_status": {"user_id": "user_id + k", "run_id": "md5(k || '-run')::uuid"},
    "accounts": {"id": "id + {k}", "user_id": "user_id + k", "parent_id": "parent_id + {k}"},
    "transactions": {
        "id": "id + {k}",
        "user_id": "user_id + k",
        "account_id": "account_id + {k}",
        "public_id": "gen_random_uuid()",
        "import_id": "NULL",
    },
    "flows": {"id": "id + {k}", "transaction_id": "transaction_id + {k}"},
    "tax_lots": {
        "id": "id + {k}",
        "user_id": "user_id + k",
        "run_id": "md5(k || '-run')::uuid",
        "transaction_id": "transaction_id + {k}",
        "account_id": "account_id + {k}",
    },
    "disposed_lots": {
        "id": "id + {k}",
        "user_id": "user_id + k",
        "run_id": "md5(k || '-run')::uuid",
        "transaction_id": "transaction_id + {k}",
        "account_id": "account_id + {k}",
    },
    "income_events": {
        "id": "id + {k}",
        "user_id": "user_id + k",
        "run_id": "md5(k || '-run')::uuid",
        "transaction_id": "transaction_id + {k}",
        "account_id": "account_id + {k}",
    },
}
TEMPLATE_ROWS = {
    "users": "id = :user",
    "cost_basis_status": "user_id = :user",
    "accounts": "user_id = :user",
    "transactions": "user_id = :user",
    "flows": "transaction_id IN (SELECT id FROM transactions WHERE user_id = :user)",
    "tax_lots": "user_id = :user",
    "disposed_lots": "user_id = :user",
    "income_events": "user_id = :user",
}


def clone(engine: Engine, user_id: int, copies: int) -> None:
    """`copies` more users with the template user's ledger and results, each with its own ids."""
    with engine.begin() as connection:
        connection.execute(text("SET session_replication_role = replica"))  # no per-row FK triggers
        for table, anew in CLONED.items():
            columns = connection.execute(
                text(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = :table "
                    "AND is_generated = 'NEVER' ORDER BY ordinal_position"
                ),
                {"table": table},
            ).scalars()
            names = list(columns)
            values = [anew.get(name, name).format(k=f"k::bigint * {STRIDE}") for name in names]
            connection.execute(
                text(
                    f"INSERT INTO {table} ({', '.join(names)}) OVERRIDING SYSTEM VALUE "
                    f"SELECT {', '.join(values)} FROM {table}, generate_series(1, :copies) k "
                    f"WHERE {TEMPLATE_ROWS[table]}"
                ),
                {"user": user_id, "copies": copies},
            )
            if "id" in names:
                sequence = f"pg_get_serial_sequence('{table}', 'id')"
                connection.execute(text(f"SELECT setval({sequence}, (SELECT max(id) FROM {table}))"))
        connection.execute(text("ANALYZE"))


def realistic(ledger: pl.DataFrame) -> pl.DataFrame:
    """The generated ledger (a few seconds between transactions) stretched over SPAN, order kept, its
    assets (C00, C01 …) named as crypto the price table has, so prices_used finds their closes."""
    first, last = ledger["timestamp"].min(), ledger["timestamp"].max()
    factor = SPAN / (last - first)  # type: ignore[operator]
    generated = [f"C{index:02d}" for index in range(len(CRYPTO))]
    return ledger.with_columns(
        timestamp=pl.lit(first) + (pl.col("timestamp") - pl.lit(first)) * factor,
        asset=pl.col("asset").replace(dict(zip(generated, CRYPTO, strict=True))),
    )


def timed(label: str, seconds: float, detail: str = "") -> None:
    print(f"  {label:<12} {seconds:7.2f} s  {detail}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--transactions-per-user", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cairn-export-bench-") as work:
        home = Path(work)
        settings = Settings(
            home=home,
            pg_port=free_port(),
            temporal_port=free_port(),
            temporal_ui_port=free_port(),
            s3_port=free_s3_port(),
        )
        with LocalServers(settings):
            prepare_database(settings)
            engine = sync_engine(settings.db_url)
            sessions = sync_sessions(engine)
            storage = Storage(settings)
            started = time.perf_counter()
            ledger = realistic(lots_generate.ledger(lots_generate.transactions(args.transactions_per_user)))
            template = add_user(sessions, ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL)
            cost_basis = CostBasisActivities(sessions, cast(Client, None), "bench", storage)
            ActivityEnvironment().run(cost_basis.compute_cost_basis, template)
            clone(engine, template, args.users - 1)
            print(
                f"export: {args.users:,} users, {args.users * args.transactions_per_user:,} transactions "
                f"made in {time.perf_counter() - started:.1f} s",
                flush=True,
            )
            exports = DataExportActivities(engine, sessions, storage)

            started = time.perf_counter()
            full = ActivityEnvironment().run(exports.export_data, DataExportInput(full=True))
            timed("full", time.perf_counter() - started, f"{full.exported:,} users, {full.rows}")
            opened(settings, "S3 open", "the first: cairn query's local copy fetches every file")

            changed = template + 5
            ActivityEnvironment().run(cost_basis.compute_cost_basis, changed)
            started = time.perf_counter()
            again = ActivityEnvironment().run(exports.export_data, DataExportInput())
            timed("incremental", time.perf_counter() - started, f"{again.exported} of {again.users:,} users")

            copy = home / "copy"
            download(storage, copy)
            statements = [s.strip() for s in _statements(EXAMPLES.read_text()) if s.strip()]
            for label, location in (("S3", None), ("local", str(copy))):
                started = time.perf_counter()
                with open_export(location, settings) as connection:
                    if location is None:
                        timed("S3 open", time.perf_counter() - started, "after the incremental export")
                    for number, statement in enumerate(statements, 1):
                        started = time.perf_counter()
                        rows = len(connection.sql(statement).fetchall())
                        timed(f"{label} q{number}", time.perf_counter() - started, f"{rows} rows")
            engine.dispose()
    return 0


def opened(settings: Settings, label: str, detail: str) -> None:
    started = time.perf_counter()
    with open_export(None, settings):
        timed(label, time.perf_counter() - started, detail)


def download(storage: Storage, root: Path) -> None:
    """A local copy of the latest export, as a data team makes one (here through the S3 client)."""
    root.mkdir()
    storage.download(f"{EXPORT_PREFIX}/{LATEST_MANIFEST}", root / LATEST_MANIFEST)
    manifest = Manifest.from_json((root / LATEST_MANIFEST).read_text())
    for name in manifest.paths():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        storage.download(f"{EXPORT_PREFIX}/{name}", root / name)
    write_catalog(root, manifest)


def _statements(sql: str) -> list[str]:
    lines = [line for line in sql.splitlines() if not line.startswith("--")]
    return "\n".join(lines).split(";")


if __name__ == "__main__":
    sys.exit(main())
