"""Tax reports made for a user: one row per request, with where its file is in S3 once made."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, Integer, String, Text, false
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column, text_enum
from vocabulary.enums import JobStatus


class TaxReport(Base):
    __tablename__ = "tax_reports"
    __table_args__ = (
        Index("ix_tax_reports_user_id_job_id", "user_id", "job_id", "id"),
        Index("ix_tax_reports_user_id_tax_year", "user_id", "tax_year", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    job_id: Mapped[str] = mapped_column(String(200))  # the workflow id the client polls
    type: Mapped[str] = mapped_column(String(40))  # contracts.tax_report.REPORT_TYPES
    tax_year: Mapped[int] = mapped_column(Integer)
    query: Mapped[str | None] = mapped_column(Text)  # TRANSACTIONS_CSV: the transactions page's filter
    start_date: Mapped[date | None]
    end_date: Mapped[date | None]  # LOTS_AS_OF_DATE: the lots held at the end of this day (UTC)
    form_1099da_url: Mapped[str | None] = mapped_column(Text)  # the broker's 1099-DA: its upload's file URL
    status: Mapped[JobStatus] = mapped_column(text_enum(JobStatus, "job_status"), default=JobStatus.ENQUEUED)
    cost_basis_failed: Mapped[bool] = mapped_column(default=False, server_default=false())
    error_message: Mapped[str | None] = mapped_column(Text)
    s3_key: Mapped[str | None] = mapped_column(Text)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONB)  # the reconciliation's lines
    created_at: Mapped[datetime] = created_at_column()
    finished_at: Mapped[datetime | None]
