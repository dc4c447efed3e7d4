"""Tasks a user has to do (spec 001 §3, §4): TO_DO until the user ignores one (IGNORED) or sets it back.

A task is opened by the worker (ledger.writes.tasks) for one user, and for one account when it is about
one; opening it again updates it in place.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, Text, Uuid, func, text
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, text_enum
from vocabulary.enums import TaskStatus, TaskType


class Task(Base):
    __tablename__ = "tasks"
    __table_args__ = (
        Index(
            "uq_tasks_user_id_type_account_id",
            "user_id",
            "type",
            "account_id",
            unique=True,
            postgresql_nulls_not_distinct=True,
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    public_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, unique=True, default=uuid.uuid4, server_default=text("gen_random_uuid()")
    )
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    type: Mapped[TaskType] = mapped_column(text_enum(TaskType, "task_type"))
    status: Mapped[TaskStatus] = mapped_column(
        text_enum(TaskStatus, "task_status"), default=TaskStatus.TO_DO, server_default=TaskStatus.TO_DO.value
    )
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    detail: Mapped[str] = mapped_column(Text, default="", server_default="")  # what went wrong, for the user
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now())
