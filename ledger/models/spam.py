"""Each user's own verdict on an asset: spam or not spam (spec 001 §7 "toggle spam", the spam center).

An asset's `is_spam` is the verdict of the sync that first found it (ingest.chains.spam), shared by every
user who holds it; a row here overrules it for one user. `not_spam` is the one predicate every read of
balances, values and the cost-basis ledger uses to leave a user's spam out."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, ForeignKey, PrimaryKeyConstraint, String, and_, or_, select
from sqlalchemy.orm import Mapped, mapped_column

from ledger.models.assets import Asset
from ledger.models.base import Base, created_at_column


class SpamVerdict(Base):
    __tablename__ = "spam_verdicts"
    __table_args__ = (PrimaryKeyConstraint("user_id", "asset_id", name="pk_spam_verdicts"),)

    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    asset_id: Mapped[str] = mapped_column(String(200), ForeignKey("assets.id", ondelete="CASCADE"))
    is_spam: Mapped[bool]
    decided_at: Mapped[datetime] = created_at_column()


def not_spam(user_id: int, asset: Any = Asset) -> ColumnElement[bool]:
    """`asset` (the Asset entity or an alias of it) counts for the user: they did not mark it as spam,
    and either they unmarked it or its own verdict is not spam. The subqueries are uncorrelated, so a
    read of millions of flows checks each against two small hashed sets."""
    verdicts = select(SpamVerdict.asset_id).where(SpamVerdict.user_id == user_id)
    marked = verdicts.where(SpamVerdict.is_spam.is_(True))
    unmarked = verdicts.where(SpamVerdict.is_spam.is_(False))
    return and_(asset.id.not_in(marked), or_(asset.is_spam.is_not(True), asset.id.in_(unmarked)))
