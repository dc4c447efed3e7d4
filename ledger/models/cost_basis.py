"""Per-user state of the cost-basis computation and of tax-year freezing (spec 000 §3, 001 §4)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, SmallInteger, Text, Uuid, func, text
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, text_enum
from vocabulary.enums import CostBasisState, FreezingStatus, QueuePriority

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
