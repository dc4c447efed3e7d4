"""What staff did on behalf of users: every retry and cancel of a workflow run from the support console
and every view-as session, with who did it and when; kept when either user is deleted."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column, text_enum


class AdminActionKind(StrEnum):
    RETRY = "retry"
    CANCEL = "cancel"
    VIEW_AS = "view_as"


class AdminAction(Base):
    __tablename__ = "admin_actions"
    __table_args__ = (Index("ix_admin_actions_created_at", "created_at"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    admin_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    action: Mapped[AdminActionKind] = mapped_column(text_enum(AdminActionKind, "admin_action_kind"))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))  # acted for
    workflow_id: Mapped[str | None] = mapped_column(String(200))
    run_id: Mapped[str | None] = mapped_column(String(64))  # the run acted on (a retry: the failed one)
    created_at: Mapped[datetime] = created_at_column()
