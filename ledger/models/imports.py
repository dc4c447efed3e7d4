"""One row per imported file: where it came from, which format it was and what it brought in."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Identity, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, IntEnumType, created_at_column
from vocabulary.enums import ImportType


class Import(Base):
    __tablename__ = "imports"
    __table_args__ = (CheckConstraint("import_type IN (1, 2, 3, 7)", name="import_type"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    job_id: Mapped[str | None] = mapped_column(ForeignKey("jobs.id", ondelete="SET NULL"), unique=True)
    import_type: Mapped[ImportType] = mapped_column(IntEnumType(ImportType))
    file_key: Mapped[str] = mapped_column(Text)
    format_id: Mapped[str] = mapped_column(String(100))
    format_name: Mapped[str] = mapped_column(String(200))
    number_total: Mapped[int] = mapped_column(Integer)
    number_imported: Mapped[int] = mapped_column(Integer)
    number_ignored: Mapped[int] = mapped_column(Integer)
    number_skipped: Mapped[int] = mapped_column(Integer)
    number_user_defined_tokens: Mapped[int] = mapped_column(Integer)
    # new transactions of a type the parser did not recognise, imported for review
    number_for_review: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # new transactions held for review because their tax year is frozen
    number_held_frozen: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = created_at_column()
