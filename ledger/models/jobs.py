"""Long processes run by Temporal workflows; the job id is the workflow id the client polls."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import CheckConstraint, ForeignKey, Index, Integer, SmallInteger, String, Text, false, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column, text_enum
from vocabulary.enums import JobKind, JobStatus

FINAL_STATUSES = frozenset({JobStatus.FINISHED, JobStatus.FAILED, JobStatus.CANCELLED})


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (
        CheckConstraint("progress BETWEEN 0 AND 100", name="progress_percent"),
        Index("ix_jobs_user_id_created_at", "user_id", "created_at"),
        Index("ix_jobs_account_id_created_at", "account_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[JobKind] = mapped_column(text_enum(JobKind, "job_kind"))
    status: Mapped[JobStatus] = mapped_column(text_enum(JobStatus, "job_status"), default=JobStatus.ENQUEUED)
    progress: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    resuming: Mapped[bool] = mapped_column(default=False, server_default=false())  # retried after a failure
    number_total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    number_imported: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    number_ignored: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    number_skipped: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    number_user_defined_tokens: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    number_for_review: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    number_held_frozen: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    error_message: Mapped[str | None] = mapped_column(Text)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())
    finished_at: Mapped[datetime | None]

    @property
    def is_final(self) -> bool:
        return self.status in FINAL_STATUSES
