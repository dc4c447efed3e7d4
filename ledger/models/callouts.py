"""The callouts of the user's last cost-basis run, one row per transaction and callout type.

The run writes them with its results (ledger.writes.callouts): the engine's INSUFFICIENT_QUANTITY and
MISSING_PRICE_HISTORY, and the ledger checks MISSING_BALANCE, UNBALANCED_TRANSACTION and
VALUE_OUT_OF_BOUNDS. The tax page counts them by the transaction's time and the transactions search
finds them by transaction, both by index.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.base import Base, text_enum
from vocabulary.enums import CalloutType


class TransactionCallout(Base):
    __tablename__ = "transaction_callouts"
    __table_args__ = (
        Index("ix_transaction_callouts_user_id_type_timestamp", "user_id", "type", "timestamp"),
    )

    transaction_id: Mapped[int] = mapped_column(
        ForeignKey("transactions.id", ondelete="CASCADE"), primary_key=True
    )
    type: Mapped[CalloutType] = mapped_column(text_enum(CalloutType, "callout_type"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    timestamp: Mapped[datetime]  # the transaction's, copied so a year's count reads one index
