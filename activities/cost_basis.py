"""Activities of the cost-basis run: request a run, schedule and compute one pass, record a failed run.

`enqueue_cost_basis` is what other workflows call (by that name) when the ledger changed: it marks the
user's status Enqueued and starts the user's run, or, when a run is already going, asks it for one
more pass (signal-with-start on the stable id `cost-basis/{user public id}`), so repeated requests
join the running one and a request made during a pass is never lost.

`compute_cost_basis` streams the user's flows from PostgreSQL into the lot engine's one entry point
(the one `cairn lots compute` and the benchmarks use), whose writer thread replaces the stored lots,
disposals and income batch by batch in one database transaction, while another writes the run's
Parquet snapshot to S3. When nothing before the user's checkpoint changed, only the flows from it on
are read and only the results from it on replaced (ledger.writes.cost_basis_checkpoints); a run that
continues so writes to S3 the rows it recomputed.
"""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from datetime import datetime

import polars as pl
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity
from temporalio.client import Client
from temporalio.exceptions import ApplicationError

from activities.cost_basis_ledger import EngineLedger, method_and_scope
from activities.cost_basis_remainders import LotRemainders
from activities.cost_basis_snapshot import LedgerFile, ParquetSnapshot, Writers
from activities.freezing import flows_from, opening_snapshot
from activities.heartbeat import heartbeating
from analytics.lots import LedgerError, MethodTimeline, Snapshot
from analytics.lots.engine import TAXPAYER_WIDE_METHODS, checked_timeline, label
from analytics.lots.run import compute_and_write
from analytics.lots.writers import SinkThread
from contracts.cost_basis import (
    CLAIM_COST_BASIS_RUN,
    COMPUTE_COST_BASIS,
    ENQUEUE_COST_BASIS,
    RECORD_COST_BASIS_FAILURE,
    CostBasisClaim,
    CostBasisFailure,
    CostBasisSummary,
    run_request,
)
from contracts.starting import start_workflow
from ledger.infra.storage import Storage
from ledger.writes.cost_basis import (
    Continuation,
    LedgerRead,
    StoredResults,
    claim_run,
    fail_run,
    ledger_read,
    method_settings,
    schedule_run,
    user_public_id,
)
from ledger.writes.cost_basis_checkpoints import (
    Checkpoint,
    checkpoint_instant,
    drop_checkpoint,
    keep_checkpoint,
    renew_checkpoint,
    touched_lots,
    usable_checkpoint,
)
from ledger.writes.cost_basis_requests import enqueue_statement
from ledger.writes.transaction_counts import fold_transaction_count
from vocabulary.enums import AllocationScope, CostBasisMethod, QueuePriority
from vocabulary.lot_engine import LOT_COLUMNS

DATA_ERROR = "CostBasisDataError"  # ApplicationError type of a ledger the engine cannot compute


def method_label(method: CostBasisMethod | MethodTimeline, scope: AllocationScope) -> str:
    """The engine's name of the method or timeline (LotResult.method), which a checkpoint records."""
    return label(checked_timeline(method, scope, None))


def pooled(method: CostBasisMethod | MethodTimeline) -> bool:
    """ACB and SP look 30 days past any instant (superficial losses, bed and breakfast): no checkpoint."""
    timeline = method if isinstance(method, MethodTimeline) else MethodTimeline.single(method)
    return bool(timeline.methods & TAXPAYER_WIDE_METHODS)


@dataclass(frozen=True)
class _Plan:
    """What a pass computes: the user's method and scope, where it starts (after the frozen years), the
    checkpoint it may continue from and the instant a full pass makes its own checkpoint at."""

    public_id: uuid.UUID
    method: CostBasisMethod | MethodTimeline
    scope: AllocationScope
    label: str
    start: Snapshot | None
    checkpoint: Checkpoint | None
    checkpoint_at: datetime | None

    @classmethod
    def made(cls, session: Session, user_id: int) -> _Plan:
        method, scope = method_and_scope(method_settings(session, user_id))
        start = opening_snapshot(session, user_id)
        after = None if start is None else start.as_of
        label = method_label(method, scope)
        return cls(
            public_id=user_public_id(session, user_id),
            method=method,
            scope=scope,
            label=label,
            start=start,
            checkpoint=usable_checkpoint(session, user_id, label, scope, after),
            checkpoint_at=None if pooled(method) else checkpoint_instant(session, user_id, after),
        )

    @property
    def checkpoint_lots(self) -> pl.DataFrame:
        assert self.checkpoint is not None
        return self.checkpoint.lots

    def continuation(self, read: LedgerRead) -> Continuation | None:
        """Continue from the checkpoint, unless a change the read sees falls before it."""
        checkpoint = self.checkpoint
        if checkpoint is None:
            return None
        changed = read.changed_from(checkpoint.through, checkpoint.read_snapshot)
        if changed is None:
            return None
        opening = checkpoint.lots.select(LOT_COLUMNS)
        return Continuation(checkpoint.through, opening, checkpoint.touched, ledger_since=changed)


class CostBasisActivities:
    def __init__(
        self, sessions: sessionmaker[Session], client: Client, task_queue: str, storage: Storage
    ) -> None:
        self._sessions = sessions
        self._client = client
        self._task_queue = task_queue
        self._storage = storage

    @activity.defn(name=ENQUEUE_COST_BASIS)
    async def enqueue_cost_basis(self, user_id: int, priority: str = QueuePriority.HIGH.value) -> str:
        """Mark the user's cost basis Enqueued and start (or join) the user's run; answers the run's id."""
        try:
            level = QueuePriority(priority)
        except ValueError:
            raise ApplicationError(f"unknown queue priority {priority!r}", non_retryable=True) from None
        public_id = await asyncio.to_thread(self._mark_enqueued, user_id, level)
        return await start_workflow(self._client, self._task_queue, run_request(user_id, public_id, level))

    def _mark_enqueued(self, user_id: int, priority: QueuePriority) -> uuid.UUID:
        with self._sessions.begin() as session:
            public_id = user_public_id(session, user_id)
            session.execute(enqueue_statement(user_id, priority))
        return public_id

    @activity.defn(name=CLAIM_COST_BASIS_RUN)
    def claim_cost_basis_run(self, user_id: int) -> CostBasisClaim:
        """The next pass is Scheduled at the priority of the requests it serves, unless paused."""
        with self._sessions.begin() as session:
            paused, priority = schedule_run(session, user_id)
        return CostBasisClaim(paused=paused, priority=priority.value)

    @activity.defn(name=COMPUTE_COST_BASIS)
    def compute_cost_basis(self, user_id: int) -> CostBasisSummary:
        """One pass: Started, the engine on the user's ledger (from the user's checkpoint when nothing
        before it changed, else whole), results stored, status finished."""
        run_id = uuid.uuid4()
        with heartbeating():
            with self._sessions.begin() as session:
                claim_run(session, user_id)
                plan = _Plan.made(session, user_id)
            with self._sessions() as session, ledger_read(session, user_id) as read:
                continuing = plan.continuation(read)
                remainders = LotRemainders()
                # the flows the run reads, kept in its snapshot (removed here once uploaded)
                kept = LedgerFile()
                stored = self._writers(user_id, plan.public_id, run_id, continuing, remainders, kept, read)
                # the store prepares (the previous results deleted, the ledger's day totals and callouts
                # written) while the ledger is read
                stored.start()
                try:
                    if continuing is None:
                        ledger = EngineLedger(flows_from(kept.passed(read.batches()), plan.start))
                        written = compute_and_write(
                            ledger,
                            plan.method,
                            plan.scope,
                            stored,
                            start=plan.start,
                            checkpoint_at=plan.checkpoint_at,
                        )
                    else:
                        ledger = EngineLedger(kept.passed(read.batches(since=continuing.through)))
                        start = Snapshot(continuing.through, plan.scope, plan.checkpoint_lots)
                        written = compute_and_write(ledger, plan.method, plan.scope, stored, start=start)
                except (LedgerError, ValueError) as error:
                    stored.abandon()  # the data (or the method settings) cannot be computed
                    raise ApplicationError(str(error), type=DATA_ERROR, non_retryable=True) from error
                except BaseException:
                    stored.abandon()  # started here: abandoned here too (again does nothing)
                    raise
                finally:
                    kept.discard()
            with self._sessions.begin() as session:
                if continuing is not None:
                    renew_checkpoint(session, user_id, read.snapshot)
                elif written.checkpoint is not None and plan.checkpoint_at is not None:
                    opening = written.checkpoint.lots
                    touched = touched_lots(opening, remainders.lots)
                    at, label = plan.checkpoint_at, plan.label
                    made = Checkpoint(at, plan.scope, label, read.snapshot, opening, touched)
                    keep_checkpoint(session, user_id, made)
                else:
                    drop_checkpoint(session, user_id, read.snapshot)
                fold_transaction_count(session, user_id)  # the transactions page's count, kept short
        return CostBasisSummary(
            run_id=str(run_id),
            method=written.method,
            scope=written.scope.value,
            flows=ledger.flows,
            lots=written.lots,
            disposals=written.disposals,
            income=written.income,
            continued_from=None if continuing is None else continuing.through.isoformat(),
        )

    def _writers(
        self,
        user_id: int,
        public_id: uuid.UUID,
        run_id: uuid.UUID,
        continuing: Continuation | None,
        remainders: LotRemainders,
        kept: LedgerFile,
        read: LedgerRead,
    ) -> Writers:
        """The snapshot (with the flows the run `kept`) is uploaded, then the results committed
        (activities.cost_basis_snapshot); what remains of each lot is kept for the checkpoint."""
        return Writers(
            remainders,
            SinkThread(lambda: ParquetSnapshot(self._storage, public_id, run_id, kept)),
            SinkThread(lambda: StoredResults(self._sessions, user_id, run_id, continuing, read.snapshot)),
        )

    @activity.defn(name=RECORD_COST_BASIS_FAILURE)
    def record_cost_basis_failure(self, failure: CostBasisFailure) -> None:
        """The run failed for good: the status shows Failed, and the reason is kept for support."""
        with self._sessions.begin() as session:
            fail_run(session, failure.user_id, failure.error)
