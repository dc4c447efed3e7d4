"""Demo bookings from the enterprise page (spec 001 §1-§2): who asked for a demo and how to reach them.
Visitors are not signed in, so a booking belongs to no user."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Identity, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column


class DemoBooking(Base):
    __tablename__ = "demo_bookings"
    __table_args__ = (Index("ix_demo_bookings_created_at", "created_at"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(320))
    company: Mapped[str] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(String(2000))  # '' when none
    created_at: Mapped[datetime] = created_at_column()
