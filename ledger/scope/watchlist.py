"""The coins one user watches (spec 001 §7: watchlist prices, watchlist toggle)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import WatchlistEntry


class WatchlistScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def symbols(self) -> set[str]:
        rows = await self.session.scalars(
            select(WatchlistEntry.symbol).where(WatchlistEntry.user_id == self.user_id)
        )
        return set(rows)

    async def toggle(self, symbol: str) -> bool:
        """Watches the coin, or stops watching it when it was watched; answers whether it is watched now
        (committed)."""
        removed = await self.session.execute(
            delete(WatchlistEntry)
            .where(WatchlistEntry.user_id == self.user_id, WatchlistEntry.symbol == symbol)
            .returning(WatchlistEntry.symbol)
        )
        watched = removed.first() is None
        if watched:
            await self.session.execute(
                insert(WatchlistEntry).values(user_id=self.user_id, symbol=symbol).on_conflict_do_nothing()
            )
        await self.session.commit()
        return watched
