"""A user's universal → per-wallet migration (Rev. Proc. 2024-28; spec 001 §4, §9): one row per user,
so a second start finds the first. Irreversible once finished."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, text_enum
from vocabulary.enums import JobStatus
from vocabulary.lot_allocation import LotAllocationMethod


class WalletMigration(Base):
    __tablename__ = "wallet_migrations"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    job_id: Mapped[str] = mapped_column(String(200))  # the workflow id the browser polls
    method: Mapped[LotAllocationMethod] = mapped_column(
        text_enum(LotAllocationMethod, "lot_allocation_method")
    )
    status: Mapped[JobStatus] = mapped_column(text_enum(JobStatus, "job_status"))
    report_csv_key: Mapped[str | None] = mapped_column(Text)  # the allocation report in S3
    report_pdf_key: Mapped[str | None] = mapped_column(Text)
    error: Mapped[str | None] = mapped_column(Text)
    started_at: Mapped[datetime] = mapped_column(server_default=func.now())
    finished_at: Mapped[datetime | None]
