"""Checkpoints of incremental cost-basis runs (issue: "only the periods after the earliest changed
transaction are recomputed, from the engine's snapshot").

A full run also makes the engine's open lots at `through`, the start (UTC) of the month before the month
of the user's latest transaction, from the events it already holds (`compute_and_write`'s
`checkpoint_at`), and keeps them with its read's database snapshot as the user's checkpoint. Triggers
log every change to a run's inputs in the changing transaction (migration 0039: `cost_basis_changes`).
A later run continues from the checkpoint, reading only the flows from `through` on and replacing only
the results from there (ledger.writes.cost_basis.StoredResults), when:

- no change its own read sees, and the checkpoint's read did not, touches anything before `through`
  (both reads are MVCC snapshots, so a change counts exactly when its data is read);
- the method and scope are the checkpoint's, and not ACB or SP (their 30-day rules look across it);
- the checkpoint is after the latest frozen year, younger than RETENTION (shared changes, such as prices,
  are logged for every user and kept at least that long) and the ledger does not run more than SPAN
  past it.

Otherwise the run is a full one. Either way the result is the same (tests/analytics/test_run.py, the
checkpoint property; tests/workflows/test_incremental_cost_basis.py on the real servers).

A checkpoint also keeps which of its lots the stored results show changed since `through` (consumed or
moved: `touched_lots`, written with those results). A lot open then that neither those results nor the
continuing run change is the same row in both: the run leaves it as stored, and rewrites only the others.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import polars as pl
from sqlalchemy import delete, func, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from ledger.models import CostBasisChange, CostBasisCheckpoint, Transaction
from vocabulary.enums import AllocationScope

RETENTION = timedelta(days=30)
# how long shared changes stay logged: the flows a run kept stand that long at most
# (ledger.writes.tax_reports.kept_flows), so that a tax-time export of a ledger untouched since finds them
SHARED_CHANGES_KEPT = timedelta(days=400)
REMAINDER_COLUMNS = ("lot_id", "remaining", "remaining_cost_basis")
SPAN = timedelta(days=92)


@dataclass(frozen=True)
class Checkpoint:
    through: datetime
    scope: AllocationScope
    method: str  # the engine's label of the method or timeline
    read_snapshot: str
    lots: pl.DataFrame  # the engine's snapshot columns
    touched: pl.Series | None = None  # the lots whose stored rows changed since `through`; None: not known


def _latest_transaction(session: Session, user_id: int) -> datetime | None:
    return session.scalar(select(func.max(Transaction.timestamp)).where(Transaction.user_id == user_id))


def checkpoint_instant(session: Session, user_id: int, after: datetime | None) -> datetime | None:
    """Where a full run makes its checkpoint: the start of the month before the latest transaction's
    month (UTC), when that is after `after` (the latest frozen year's end); None without transactions."""
    latest = _latest_transaction(session, user_id)
    if latest is None:
        return None
    month = latest.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    through = (month - timedelta(days=1)).replace(day=1)
    return through if after is None or through > after else None


def usable_checkpoint(
    session: Session, user_id: int, method: str, scope: AllocationScope, after: datetime | None
) -> Checkpoint | None:
    """The user's checkpoint, when a run of this method and scope may continue from it (before the
    changes are checked: LedgerRead.changed_from)."""
    row = session.get(CostBasisCheckpoint, user_id)
    if row is None or row.method != method or row.scope != scope.value:
        return None
    through = row.through.astimezone(UTC)
    latest = _latest_transaction(session, user_id)
    now = session.scalar(select(func.now()))
    assert now is not None
    if (after is not None and through <= after) or row.made_at < now - RETENTION:
        return None
    if latest is not None and latest - through > SPAN:
        return None
    lots = pl.read_parquet(io.BytesIO(row.opening_lots))
    touched = None if row.touched_lots is None else _lot_ids(row.touched_lots)
    return Checkpoint(through, AllocationScope(row.scope), row.method, row.read_snapshot, lots, touched)


def _lot_ids(stored: bytes) -> pl.Series:
    return pl.read_parquet(io.BytesIO(stored)).get_column("lot_id")


def _stored_ids(lot_ids: pl.Series) -> bytes:
    buffer = io.BytesIO()
    pl.DataFrame({"lot_id": lot_ids.cast(pl.String)}).write_parquet(buffer)
    return buffer.getvalue()


def keep_checkpoint(session: Session, user_id: int, checkpoint: Checkpoint) -> None:
    """The user's checkpoint is now this one (made by a full run from its read)."""
    buffer = io.BytesIO()
    checkpoint.lots.write_parquet(buffer)
    values = {
        "through": checkpoint.through,
        "scope": checkpoint.scope.value,
        "method": checkpoint.method,
        "read_snapshot": checkpoint.read_snapshot,
        "opening_lots": buffer.getvalue(),
        "touched_lots": None if checkpoint.touched is None else _stored_ids(checkpoint.touched),
        "made_at": func.now(),
    }
    statement = insert(CostBasisCheckpoint).values(user_id=user_id, **values)
    session.execute(
        statement.on_conflict_do_update(index_elements=[CostBasisCheckpoint.user_id], set_=values)
    )
    _forget_seen(session, user_id, checkpoint.read_snapshot)


def touched_lots(opening: pl.DataFrame, lots: pl.DataFrame) -> pl.Series:
    """The ids of the `opening` lots (a checkpoint's) whose rows in a run's `lots` (REMAINDER_COLUMNS)
    differ from their rows then: what remains of them differs (nothing else of a lot changes after it
    opens), or they are missing."""
    then = opening.select(REMAINDER_COLUMNS)
    now = lots.select(REMAINDER_COLUMNS).cast(then.schema)
    return then.join(now, on=list(REMAINDER_COLUMNS), how="anti").get_column("lot_id")


def keep_touched(session: Session, user_id: int, touched: pl.Series) -> None:
    """A run that continued from the user's checkpoint stored its results: `touched` are the opening lots
    whose rows they change (written in the results' transaction: the two always agree)."""
    session.execute(
        update(CostBasisCheckpoint)
        .where(CostBasisCheckpoint.user_id == user_id)
        .values(touched_lots=_stored_ids(touched))
    )


def renew_checkpoint(session: Session, user_id: int, read_snapshot: str) -> None:
    """A run continued from the checkpoint: nothing before `through` changed up to its read, so the
    checkpoint stands as of that read."""
    session.execute(
        update(CostBasisCheckpoint)
        .where(CostBasisCheckpoint.user_id == user_id)
        .values(read_snapshot=read_snapshot, made_at=func.now())
    )
    _forget_seen(session, user_id, read_snapshot)


def drop_checkpoint(session: Session, user_id: int, read_snapshot: str) -> None:
    """A full run made no checkpoint (a pool method, no transactions, all frozen)."""
    session.execute(delete(CostBasisCheckpoint).where(CostBasisCheckpoint.user_id == user_id))
    _forget_seen(session, user_id, read_snapshot)


def _forget_seen(session: Session, user_id: int, read_snapshot: str) -> None:
    """The user's logged changes that read saw are in the results now; shared ones go after
    SHARED_CHANGES_KEPT."""
    session.execute(
        delete(CostBasisChange).where(
            CostBasisChange.user_id == user_id,
            text("pg_visible_in_snapshot(xid::text::xid8, CAST(:seen AS pg_snapshot))").bindparams(
                seen=read_snapshot
            ),
        )
    )
    session.execute(
        delete(CostBasisChange).where(
            CostBasisChange.user_id.is_(None), CostBasisChange.logged_at < func.now() - SHARED_CHANGES_KEPT
        )
    )
