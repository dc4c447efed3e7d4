"""Spam assets as the app shell sees them (spec 001 §2: the spam center's dot)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Asset, Flow, Transaction


class SpamScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def unresolved_assets(self) -> int:
        """Assets in the user's flows that the chains' heuristic marked as spam (ingest/chains/spam.py)
        and that are still marked only by it: marked automatically, not confirmed or unmarked since."""
        held = (
            select(Flow.id)
            .join(Transaction, Transaction.id == Flow.transaction_id)
            .where(Flow.asset_id == Asset.id, Transaction.user_id == self.user_id)
            .exists()
        )
        count = await self.session.scalar(
            select(func.count()).where(Asset.is_spam.is_(True), Asset.was_automarked_as_spam.is_(True), held)
        )
        return count or 0
