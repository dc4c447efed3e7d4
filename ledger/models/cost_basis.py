"""Per-user state of the cost-basis computation and of tax-year freezing (spec 000 §3, 001 §4)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import (
    BigInteger,
    ForeignKey,
    Identity,
    Index,
    LargeBinary,
    SmallInteger,
    String,
    Text,
    Uuid,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, text_enum
from vocabulary.enums import CostBasisState, FreezingStatus, QueuePriority

CHANGING_TRANSACTION = "(pg_current_xact_id()::text)::bigint"  # 64 bits: never wraps
RUNNING_STATES = frozenset({CostBasisState.ENQUEUED, CostBasisState.SCHEDULED, CostBasisState.STARTED})


class CostBasisStatus(Base):
    __tablename__ = "cost_basis_status"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    state: Mapped[CostBasisState | None] = mapped_column(text_enum(CostBasisState, "cost_basis_state"))
    priority: Mapped[QueuePriority | None] = mapped_column(text_enum(QueuePriority, "queue_priority"))
    compute_start_time: Mapped[datetime | None]
    compute_end_time: Mapped[datetime | None]
    last_synced_at: Mapped[datetime | None]
    # set by a request no run has started on yet: the run in progress then makes one more pass
    recomputation_date: Mapped[datetime | None]
    run_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)  # the run whose results are stored
    last_error: Mapped[str | None] = mapped_column(Text)  # why the last run failed
    is_paused: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    is_undergoing_allocation: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())

    @property
    def is_running(self) -> bool:
        return self.state in RUNNING_STATES


class TaxYearFreeze(Base):
    """Freezing of one tax year of one user: frozen years keep their lots when history changes."""

    __tablename__ = "tax_year_freezes"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    year: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    status: Mapped[FreezingStatus] = mapped_column(text_enum(FreezingStatus, "freezing_status"))
    start_time: Mapped[datetime | None]
    end_time: Mapped[datetime | None]
    last_updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())
    error: Mapped[str | None] = mapped_column(Text)


class CostBasisCheckpoint(Base):
    """The engine's open lots at `through`, as the user's last run read the ledger: a later run whose
    changes all fall at or after `through` recomputes only from there (ledger.writes.cost_basis_checkpoints).
    """

    __tablename__ = "cost_basis_checkpoints"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    through: Mapped[datetime]
    scope: Mapped[str] = mapped_column(String(20))  # the AllocationScope the lots were computed in
    method: Mapped[str] = mapped_column(String(200))  # the engine's label of the method (or timeline)
    read_snapshot: Mapped[str] = mapped_column(Text)  # pg_current_snapshot() of the read it came from
    opening_lots: Mapped[bytes] = mapped_column(LargeBinary)  # Parquet, the engine's snapshot columns
    # Parquet, `lot_id`: the opening lots whose stored rows differ from their rows at `through` (consumed
    # or moved since by the run that stored them); None: not known
    touched_lots: Mapped[bytes | None] = mapped_column(LargeBinary)
    made_at: Mapped[datetime] = mapped_column(server_default=func.now())


class KeptLedger(Base):
    """The flows a run read, valued, kept as its snapshot's ledger file (activities.cost_basis_snapshot),
    for a transactions report to read instead of valuing them again (ledger.writes.tax_reports.kept_flows):
    the user's flows from `read_from` (None: a full run's, all) and before `valid_before` (None: all; a
    later run that continued from a checkpoint read those from it on anew), and before the earliest
    change logged since `read_snapshot`. Written with the results (ledger.writes.cost_basis.finish_run)."""

    __tablename__ = "kept_ledgers"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    run_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    read_snapshot: Mapped[str] = mapped_column(Text)  # pg_current_snapshot() of the run's read
    read_from: Mapped[datetime | None]
    valid_before: Mapped[datetime | None]
    kept_at: Mapped[datetime] = mapped_column(server_default=func.now())


class CostBasisChange(Base):
    """A change to a cost-basis run's inputs, logged by triggers in the changing transaction (migration
    0039): results from `since` on may differ. `user_id` None: every user's (prices, shared assets).
    No foreign key: rows of a user being deleted are never written, and the cascade would only slow it."""

    __tablename__ = "cost_basis_changes"
    __table_args__ = (
        Index("ix_cost_basis_changes_user_id", "user_id"),
        Index("ix_cost_basis_changes_xid", "xid"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(always=False), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    since: Mapped[datetime]
    xid: Mapped[int] = mapped_column(BigInteger, server_default=text(CHANGING_TRANSACTION))
    logged_at: Mapped[datetime] = mapped_column(server_default=func.now())
