"""The broker demo (spec 001 §2, §6): the users connected to a broker, whose deposits and tax years the
broker portal shows. A broker is a user with `enable_cbe` and `is_broker` (ledger.models.users)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, PrimaryKeyConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column


class BrokerConnection(Base):
    """A user connected to a broker (spec 001 §6 connectedCtUsers); the broker's own demo account is one."""

    __tablename__ = "broker_connections"
    __table_args__ = (PrimaryKeyConstraint("broker_user_id", "user_id", name="pk_broker_connections"),)

    broker_user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = created_at_column()
