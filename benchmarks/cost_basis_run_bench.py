"""The product's cost-basis run on a user with 1,000,000 transactions in PostgreSQL: the ledger streamed
from the database, the lot engine, the results stored — the path users reach — beside
`cairn lots compute` on the same ledger as a Parquet file.

The user's ledger is the lot benchmark's (benchmarks/lots_generate.py: the same seed, the same
flows), one custom wallet per generated wallet, written by the product's bulk import (COPY into
staging tables, one merge per batch); each transfer becomes a send and a receive linked as
the transfer matcher links them. Then, on a local PostgreSQL of its own:

  load    the flows query streamed into the engine's columns (ADBC: COPY in binary, Arrow batches)
  engine  the engine on those batches, its tables kept in memory (no writing)
  store   those tables COPYed into the result tables in one transaction (the previous run's replaced)
  run     the cost-basis activity end to end: load → engine → stored, overlapping, and committed, with
          the run's Parquet snapshot written to S3 (SeaweedFS, local); it also keeps the user's checkpoint
  edit    a user's edit to their latest transaction, then the activity again: it continues from the
          checkpoint (the month before the latest transaction's), reading and replacing only from there
  rerun   a user's edit to their first transaction, then the activity again: a full run, as `run`, but
          over the previous results, which it deletes (what a user who corrects an old trade waits for)

With `--neighbours N`, N other users (`--neighbour-transactions` each, the generator's other seeds) are
imported first, so the user's rows share their tables with other users' as in production: a statement
that reads every user's rows to find one user's shows there, not on a database of one user.

    python benchmarks/cost_basis_run_bench.py [--transactions 1000000] [--method FIFO] [--scope universal]
        [--neighbours 0] [--neighbour-transactions 250000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

import lots_generate
import polars as pl
from cpu import CpuSeconds, cpu_now
from sqlalchemy import TextClause, text
from sqlalchemy.orm import Session, sessionmaker
from temporalio.client import Client
from temporalio.testing import ActivityEnvironment

from activities.cost_basis import CostBasisActivities
from activities.cost_basis_ledger import EngineLedger
from analytics.lots.run import compute_and_write
from analytics.lots.writers import Part, SinkThread, Written
from contracts.cost_basis import CostBasisSummary
from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import Account, Job, User
from ledger.scope.catalog import CSV_INTEGRATION_SLUG
from ledger.writes.bulk_import import AccountImport, ImportSource, encode_columns
from ledger.writes.cost_basis import StoredResults, claim_run, flow_batches
from stack.seed import prepare_database
from stack.servers import free_port, free_s3_port, start_postgres, start_seaweedfs, stop_all
from vocabulary.enums import AccountKind, AllocationScope, CostBasisMethod, IntegrationCategory, JobKind

EDIT = (
    "UPDATE flows SET value_override = 12345 WHERE id = (SELECT f.id FROM flows f"
    " JOIN transactions t ON t.id = f.transaction_id WHERE t.user_id = :user_id"
    " ORDER BY t.timestamp {order}, f.id LIMIT 1)"
)
EDIT_LATEST = text(EDIT.format(order="DESC"))
EDIT_FIRST = text(EDIT.format(order="ASC"))
IMPORT_BATCH = 100_000  # transactions per bulk-import batch, as the CSV import writes them
LINK_TRANSFERS = """
INSERT INTO transaction_links (user_id, link_type, from_transaction_id, to_transaction_id, created_by)
SELECT s.user_id, 'transfer', s.id, r.id, 'auto'
FROM transactions s
JOIN transactions r
  ON r.user_id = s.user_id AND r.natural_key = s.natural_key AND r.account_id <> s.account_id
WHERE s.user_id = :user_id AND s.type = 'TRANSFER' AND EXISTS (
    SELECT 1 FROM flows f WHERE f.transaction_id = s.id AND f.direction = 'OUTFLOW' AND NOT f.is_fee
)
"""


def add_user(
    sessions: sessionmaker[Session], ledger: pl.DataFrame, method: CostBasisMethod, scope: AllocationScope
) -> int:
    """The user, a custom wallet per account of `ledger`, its transactions and transfer links."""
    with sessions.begin() as session:
        user = User(
            email=f"bench-{uuid.uuid4().hex[:8]}@cairn.local",
            password_hash="not used",
            cost_basis_method=CostBasisMethod(method.value),
            cost_basis_by_wallet=scope is AllocationScope.WALLET,
        )
        session.add(user)
        session.flush()
        user_id = user.id
    for name in sorted(ledger["account"].unique()):
        with sessions.begin() as session:
            wallet = Account(
                user_id=user_id,
                kind=AccountKind.CUSTOM_WALLET,
                name=name,
                integration_slug=CSV_INTEGRATION_SLUG,
                integration_category=IntegrationCategory.WALLET,
            )
            session.add(wallet)
            session.flush()
            job = Job(
                id=f"bench-{uuid.uuid4()}", user_id=user_id, kind=JobKind.CSV_IMPORT, account_id=wallet.id
            )
            session.add(job)
            session.flush()
            source = ImportSource(job.id, f"bench/{name}.csv", "generic", "Generic")
            writer = AccountImport(
                session, user_id=user_id, account_id=wallet.id, source=source, fiat_symbols={"USD"}
            )
            flows = _account_flows(ledger.filter(pl.col("account") == name))
            transactions = flows.group_by("seq", maintain_order=True).agg(
                pl.col("tx_id").first().alias("key"),
                pl.col("timestamp").first(),
                pl.col("type").first(),
            )
            for first in range(0, transactions.height, IMPORT_BATCH):
                batch = transactions.slice(first, IMPORT_BATCH).with_columns(
                    description=pl.lit(""), tx_hash=pl.lit(None, pl.String), label=pl.lit(None, pl.String)
                )
                last = first + batch.height
                writer.write(encode_columns(batch, flows.filter(pl.col("seq").is_between(first, last - 1))))
            writer.finish(number_ignored=0)
    with sessions.begin() as session:
        session.execute(text("ANALYZE"))  # statistics, as autovacuum would gather them, for the joins
        session.execute(text(LINK_TRANSFERS), {"user_id": user_id})
    return user_id


def _account_flows(ledger: pl.DataFrame) -> pl.DataFrame:
    """One account's flows as the bulk import reads them: seq (its transaction), position, ..."""
    seq = (pl.col("tx_id") != pl.col("tx_id").shift()).fill_null(True).cum_sum() - 1
    return ledger.with_columns(seq=seq.cast(pl.Int64)).select(
        "seq",
        pl.int_range(pl.len()).over("seq").alias("position"),
        "tx_id",
        "timestamp",
        "type",
        "direction",
        "asset",
        "quantity",
        "value",
        pl.when(pl.col("value").is_not_null()).then(pl.lit("USD")).alias("value_currency"),
        "is_fee",
    )


class Kept:
    """A writer that keeps the engine's tables (to store them in a phase of their own)."""

    def __init__(self) -> None:
        self.parts: list[Sequence[Part]] = []

    def start(self) -> None:
        pass

    def submit(self, parts: Sequence[Part]) -> None:
        self.parts.append(parts)

    def finish(self, written: Written) -> None:
        pass

    def abandon(self) -> None:
        self.parts.clear()


def timed(label: str, seconds: float, detail: str = "", cpu: CpuSeconds | None = None) -> None:
    print(f"  {label:<8} {seconds:7.2f} s  {detail}", flush=True)
    if cpu is not None:
        print(f"  {'':<8} {'':>9}  {cpu}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transactions", type=int, default=1_000_000)
    parser.add_argument(
        "--method", type=str.upper, choices=[m.value for m in CostBasisMethod], default="FIFO"
    )
    parser.add_argument(
        "--scope",
        type=str.upper,
        choices=[s.value for s in AllocationScope],
        default=AllocationScope.UNIVERSAL.value,
    )
    parser.add_argument("--neighbours", type=int, default=0)
    parser.add_argument("--neighbour-transactions", type=int, default=250_000)
    args = parser.parse_args()
    method, scope = CostBasisMethod(args.method), AllocationScope(args.scope)

    with tempfile.TemporaryDirectory(prefix="cairn-cost-basis-bench-") as work:
        home = Path(work)
        print(f"cost basis run: generating {args.transactions:,} transactions…", flush=True)
        ledger = lots_generate.ledger(lots_generate.transactions(args.transactions))
        ledger.with_columns(pl.col("quantity", "value").cast(pl.Decimal(38, 18))).write_parquet(
            home / "ledger.parquet"
        )
        settings = Settings(home=home, pg_port=free_port(), s3_port=free_s3_port())
        postgres = start_postgres(home, settings.host, settings.pg_port, settings.pg_password)
        servers = [postgres, start_seaweedfs(settings, home, settings.host, settings.s3_port)]
        try:
            prepare_database(settings)
            engine = sync_engine(settings.db_url)
            sessions = sync_sessions(engine)
            _neighbours(sessions, args.neighbours, args.neighbour_transactions, method, scope)
            started = time.perf_counter()
            user_id = add_user(sessions, ledger, method, scope)
            print(
                f"cost basis run: {ledger.height:,} flows imported in {time.perf_counter() - started:.1f} s "
                f"(bulk import), {method.value} {scope.value}",
                flush=True,
            )
            del ledger
            _phases(sessions, Storage(settings), user_id, method, scope, home / "postgres")
            _cli(home, method, scope)
            engine.dispose()
        finally:
            stop_all(servers)
    return 0


def _neighbours(
    sessions: sessionmaker[Session],
    count: int,
    transactions: int,
    method: CostBasisMethod,
    scope: AllocationScope,
) -> None:
    """`count` other users with `transactions` each (seeds after the user's), imported the same way."""
    if not count:
        return
    started = time.perf_counter()
    for seed in range(8, 8 + count):
        ledger = lots_generate.ledger(lots_generate.transactions(transactions, seed=seed))
        add_user(sessions, ledger, method, scope)
    print(
        f"cost basis run: {count} other users of {transactions:,} transactions each imported in "
        f"{time.perf_counter() - started:.1f} s",
        flush=True,
    )


def _phases(
    sessions: sessionmaker[Session],
    storage: Storage,
    user_id: int,
    method: CostBasisMethod,
    scope: AllocationScope,
    postgres_data: Path,
) -> None:
    """Each phase's wall clock, then its CPU seconds (benchmarks/cpu.py)."""
    started, cpu = time.perf_counter(), cpu_now(postgres_data)
    with sessions() as session:
        ledger = EngineLedger(flow_batches(session, user_id))
        batches = list(ledger)
    timed(
        "load",
        time.perf_counter() - started,
        f"{ledger.flows:,} flows in {len(batches)} Arrow batches",
        cpu_now(postgres_data) - cpu,
    )

    kept = Kept()
    started, cpu = time.perf_counter(), cpu_now(postgres_data)
    written = compute_and_write(batches, method, scope, kept)
    timed(
        "engine",
        time.perf_counter() - started,
        f"{written.lots:,} lots, {written.disposals:,} disposal slices, {written.income:,} income rows",
        cpu_now(postgres_data) - cpu,
    )
    del batches

    run_id = uuid.uuid4()
    with sessions.begin() as session:
        claim_run(session, user_id)
    stored = SinkThread(lambda: StoredResults(sessions, user_id, run_id))
    started, cpu = time.perf_counter(), cpu_now(postgres_data)
    stored.start()
    for parts in kept.parts:
        stored.submit(parts)
    stored.finish(written)
    timed(
        "store",
        time.perf_counter() - started,
        f"{len(kept.parts)} COPY batches, one transaction",
        cpu_now(postgres_data) - cpu,
    )
    del kept

    activities = CostBasisActivities(sessions, cast(Client, None), "bench", storage)  # needs no client

    def activity(phase: str, edit: TextClause | None, said: Callable[[CostBasisSummary], str]) -> None:
        """The activity after `edit` (a user's change to a flow's proceeds), timed as `phase`."""
        if edit is not None:
            with sessions.begin() as session:
                session.execute(edit, {"user_id": user_id})
        started, cpu = time.perf_counter(), cpu_now(postgres_data)
        summary = ActivityEnvironment().run(activities.compute_cost_basis, user_id)
        timed(phase, time.perf_counter() - started, said(summary), cpu_now(postgres_data) - cpu)

    activity(
        "run",
        None,
        lambda done: (
            f"the activity, load → engine → stored and visible, Parquet snapshot in S3: {done.lots:,} lots"
        ),
    )
    activity(
        "edit",
        EDIT_LATEST,
        lambda done: (
            f"an edit in the last month, then the activity: continued from {done.continued_from}, "
            f"{done.flows:,} flows read, {done.lots:,} lots, {done.disposals:,} disposal slices stored"
        ),
    )
    activity(  # before the checkpoint: the whole ledger again
        "rerun",
        EDIT_FIRST,
        lambda done: (
            f"an edit to the first transaction, then the activity: a full run over the previous results, "
            f"{done.flows:,} flows read, {done.lots:,} lots"
        ),
    )


def _cli(home: Path, method: CostBasisMethod, scope: AllocationScope) -> None:
    command = [
        str(Path(sys.executable).with_name("cairn")),
        *("lots", "compute", str(home / "ledger.parquet"), "--method", method.value, "--scope", scope.value),
        *("--out", str(home / "out")),
    ]
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    timed(
        "cli", time.perf_counter() - started, "`cairn lots compute`, the same ledger: Parquet in, files out"
    )


if __name__ == "__main__":
    sys.exit(main())
