"""The coins a signed-in user watches on the public price pages (spec 001 §7, watchlist toggle)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, PrimaryKeyConstraint, String
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column


class WatchlistEntry(Base):
    __tablename__ = "watchlist"
    __table_args__ = (PrimaryKeyConstraint("user_id", "symbol", name="pk_watchlist"),)

    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    symbol: Mapped[str] = mapped_column(String(40))  # a symbol of the price table
    added_at: Mapped[datetime] = created_at_column()
