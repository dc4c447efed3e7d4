"""A frozen tax year's closing state (spec 001 §4 freezing): the open lots at the year's end, which the
cost-basis run starts the later years from, and the id its pinned result rows carry."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, LargeBinary, SmallInteger, String, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base


class FrozenPeriod(Base):
    __tablename__ = "frozen_periods"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    year: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    through: Mapped[datetime]  # the tax year's end (exclusive): every flow before it is frozen
    scope: Mapped[str] = mapped_column(String(20))  # the AllocationScope the lots were computed in
    # the lots open at `through` as Parquet (the lot engine's snapshot columns)
    opening_lots: Mapped[bytes] = mapped_column(LargeBinary)
    # the run id the year's lots, disposals and income rows were re-stamped with: a run keeps them
    pinned_run_id: Mapped[uuid.UUID] = mapped_column(Uuid)
