"""Activities of the universal → per-wallet migration (Rev. Proc. 2024-28).

`migrate_to_per_wallet` computes the user's universal lots open at the end of 2024 (the engine on the
flows the cost-basis run reads, with the user's method, from the latest frozen year's lots when there
is one), each wallet's balances then, allocates the lots by the user's rule (analytics.lots.allocation),
writes the allocation report (CSV and PDF) to S3, and freezes every year through 2024 with the allocated
lots as the opening lots of 2025 and moves the user to the WALLET scope (ledger.writes.migration), all in
one database transaction holding the lock a cost-basis run claims first, so no run starts meanwhile and
the results it freezes are the ledger's. A retry after that transaction finds the row finished and stops.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.cost_basis_ledger import EngineLedger, method_and_scope
from activities.heartbeat import heartbeating
from analytics.lots import LedgerError, Snapshot, compute
from analytics.lots.allocation import HOLDINGS_SCHEMA, Allocation, allocate, holdings_at
from analytics.reports.wallet_allocation import allocation_csv, allocation_pdf, named
from contracts.migration import (
    COST_BASIS_FAILED,
    MIGRATE_TO_PER_WALLET,
    RECORD_MIGRATION_FAILURE,
    MigrationFailure,
    MigrationInput,
)
from contracts.tax_report import Readiness
from ledger.infra.storage import Storage, report_key
from ledger.models import User
from ledger.writes.cost_basis import flow_batches, method_settings
from ledger.writes.freezing import latest_opening, year_end
from ledger.writes.migration import (
    PENDING,
    fail_migration,
    finish_migration,
    lock_cost_basis,
    migration_row,
    report_names,
    wallet_order,
)
from ledger.writes.tax_reports import cost_basis_readiness
from vocabulary.enums import AllocationScope, JobStatus
from vocabulary.lot_allocation import MIGRATION_YEAR, LotAllocationMethod

BAD_MIGRATION = "MigrationInputError"  # ApplicationError type of a migration the ledger cannot make
LATER_YEAR_FROZEN = "A tax year after 2024 is frozen: unfreeze it before migrating."


@dataclass(frozen=True)
class _Computed:
    allocation: Allocation
    closed_lot_ids: list[str]


class MigrationActivities:
    def __init__(self, sessions: sessionmaker[Session], storage: Storage) -> None:
        self._sessions = sessions
        self._storage = storage

    @activity.defn(name=MIGRATE_TO_PER_WALLET)
    def migrate_to_per_wallet(self, given: MigrationInput) -> None:
        user_id = given.user_id
        with (
            heartbeating(),
            tempfile.TemporaryDirectory(prefix="cairn-migration-") as directory,
            self._sessions.begin() as session,
        ):
            # the lock a run claims before it reads anything: no run starts until this commits
            lock_cost_basis(session, user_id)
            row = migration_row(session, user_id)
            if row is None or row.status is JobStatus.FINISHED:
                return
            readiness = cost_basis_readiness(session, user_id)
            if readiness is Readiness.PENDING:  # retried: the lots are computed from the new ledger
                raise ApplicationError(PENDING)
            if readiness is Readiness.FAILED:
                raise ApplicationError(COST_BASIS_FAILED, type=BAD_MIGRATION, non_retryable=True)
            method = row.method
            user = session.get_one(User, user_id)
            computed = self._allocated(session, user_id, method)
            shown = named(computed.allocation, *report_names(session, user_id))
            made_at = datetime.now(UTC)
            csv_path, pdf_path = (
                Path(directory) / "allocation_2024.csv",
                Path(directory) / "allocation_2024.pdf",
            )
            allocation_csv(shown, csv_path)
            allocation_pdf(shown, method, user.email, made_at, pdf_path)
            keys = (report_key(user.public_id, csv_path.name), report_key(user.public_id, pdf_path.name))
            self._storage.put(keys[0], csv_path, "text/csv")
            self._storage.put(keys[1], pdf_path, "application/pdf")
            finish_migration(
                session, user_id, computed.allocation.snapshot.lots, computed.closed_lot_ids, keys
            )

    @staticmethod
    def _allocated(session: Session, user_id: int, method: LotAllocationMethod) -> _Computed:
        cut = year_end(session, user_id, MIGRATION_YEAR)
        opening = latest_opening(session, user_id)
        if opening is not None and opening.year > MIGRATION_YEAR:
            raise ApplicationError(LATER_YEAR_FROZEN, type=BAD_MIGRATION, non_retryable=True)
        batches = list(EngineLedger(flow_batches(session, user_id)))
        ledger = pl.concat(batches) if batches else None
        try:
            timeline, _ = method_and_scope(method_settings(session, user_id))
            start = (
                None
                if opening is None or opening.scope is not AllocationScope.UNIVERSAL
                else Snapshot(opening.through, AllocationScope.UNIVERSAL, opening.lots)
            )
            if ledger is None:
                universal = start or Snapshot.empty(AllocationScope.UNIVERSAL)
                closed: list[str] = []
                held = pl.DataFrame(schema=HOLDINGS_SCHEMA)
            else:
                result = compute(ledger, timeline, AllocationScope.UNIVERSAL, start=start, until=cut)
                universal = result.snapshot
                closed = result.lots.filter(pl.col("remaining") == 0).get_column("lot_id").to_list()
                order = {account: index for index, account in enumerate(wallet_order(session, user_id))}
                held = holdings_at(ledger, cut).sort(
                    pl.col("account").replace_strict(order, default=len(order), return_dtype=pl.Int64),
                    "account",
                    "asset",
                )
            allocation = allocate(universal, held, method)
        except (LedgerError, ValueError) as error:
            raise ApplicationError(str(error), type=BAD_MIGRATION, non_retryable=True) from error
        return _Computed(allocation, closed)

    @activity.defn(name=RECORD_MIGRATION_FAILURE)
    def record_migration_failure(self, failure: MigrationFailure) -> None:
        with self._sessions.begin() as session:
            fail_migration(session, failure.user_id, failure.error)
