"""Users' column mappings of files no format recognises (ingest.files.mapping), one per header."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Identity, String, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, created_at_column


class SavedColumnMapping(Base):
    """The mapping a user imported a file with, applied to their next file with the same header."""

    __tablename__ = "column_mappings"
    __table_args__ = (UniqueConstraint("user_id", "header_signature", name="uq_column_mappings_user_header"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    header_signature: Mapped[str] = mapped_column(String(64))  # ingest.files.mapping.header_signature
    mapping: Mapped[dict[str, Any]] = mapped_column(JSONB)  # ColumnMapping.as_dict()
    saved_at: Mapped[datetime] = created_at_column()
