"""Spam assets as one user sees them (spec 000 §3, 001 §2 and §7): the spam center's list, the verdicts
the user gives there, and the sidebar's dot. Reads of balances, values and the cost-basis ledger leave
a user's spam out with ledger.models.spam.not_spam.

An asset's own `is_spam` is the verdict of the sync that first found it (ingest.chains.spam), shared by
all who hold it. A user's verdict (SpamVerdict) overrules it for that user only. An asset the heuristic
marked that the user has not judged is unresolved; it counts as spam until they do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Asset, Flow, SpamVerdict, Transaction
from ledger.models.transactions import flow_of_transaction
from vocabulary.spam import MARKABLE_TYPES, SpamError


@dataclass(frozen=True)
class SpamAssetRow:
    asset: Asset
    verdict: bool | None  # the user's, None when they have not judged it

    @property
    def is_spam(self) -> bool | None:
        """The spec's isSpam: the user's verdict; else None while only the heuristic marked it
        (unresolved), else the asset's own."""
        if self.verdict is not None:
            return self.verdict
        return None if self.asset.was_automarked_as_spam else self.asset.is_spam

    @property
    def counted_as_spam(self) -> bool:
        return self.verdict if self.verdict is not None else bool(self.asset.is_spam)


@dataclass(frozen=True)
class Judged:
    row: SpamAssetRow
    changed: bool  # whether balances, values and the cost basis now read the asset differently


class SpamScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id
        self._verdicts: dict[str, bool] | None = None

    async def verdicts(self) -> dict[str, bool]:
        """The user's verdicts by asset id, read once per request (a request's scope)."""
        if self._verdicts is None:
            rows = await self.session.execute(
                select(SpamVerdict.asset_id, SpamVerdict.is_spam).where(SpamVerdict.user_id == self.user_id)
            )
            self._verdicts = {asset_id: is_spam for asset_id, is_spam in rows}
        return self._verdicts

    def _held(self) -> ColumnElement[bool]:
        """The asset is in one of the user's flows."""
        return (
            select(Flow.id)
            .join(Transaction, flow_of_transaction())
            .where(Flow.asset_id == Asset.id, Transaction.user_id == self.user_id)
            .exists()
        )

    def _verdict(self) -> Any:
        return (
            select(SpamVerdict.asset_id, SpamVerdict.is_spam)
            .where(SpamVerdict.user_id == self.user_id)
            .subquery("verdict")
        )

    async def assets(self) -> list[SpamAssetRow]:
        """The assets in the user's flows that are spam by their own verdict or suspected by the heuristic,
        and those the user unmarked: unresolved first, then by symbol."""
        verdict = self._verdict()
        rows = await self.session.execute(
            select(Asset, verdict.c.is_spam)
            .outerjoin(verdict, verdict.c.asset_id == Asset.id)
            .where(or_(Asset.is_spam.is_(True), verdict.c.asset_id.is_not(None)), self._held())
            .order_by(
                and_(Asset.was_automarked_as_spam, verdict.c.asset_id.is_(None)).desc(),
                func.upper(Asset.symbol),
                Asset.id,
            )
        )
        return [SpamAssetRow(asset, judged) for asset, judged in rows]

    async def unresolved_assets(self) -> int:
        """Assets in the user's flows that the heuristic marked as spam and the user has not judged."""
        verdict = self._verdict()
        count = await self.session.scalar(
            select(func.count())
            .select_from(Asset)
            .outerjoin(verdict, verdict.c.asset_id == Asset.id)
            .where(
                Asset.is_spam.is_(True),
                Asset.was_automarked_as_spam.is_(True),
                verdict.c.asset_id.is_(None),
                self._held(),
            )
        )
        return count or 0

    async def judge(self, asset_id: str, is_spam: bool) -> Judged | SpamError:
        """Record the user's verdict on an asset of their flows (a token: never a coin or fiat)."""
        verdict = self._verdict()
        found = (
            await self.session.execute(
                select(Asset, verdict.c.is_spam)
                .outerjoin(verdict, verdict.c.asset_id == Asset.id)
                .where(Asset.id == asset_id, self._held())
            )
        ).first()
        if found is None:
            return SpamError.SPAM_ASSET_NOT_FOUND
        asset, before = found
        if asset.type not in MARKABLE_TYPES:
            return SpamError.NOT_A_TOKEN
        await self.session.execute(
            insert(SpamVerdict)
            .values(user_id=self.user_id, asset_id=asset.id, is_spam=is_spam)
            .on_conflict_do_update(
                index_elements=[SpamVerdict.user_id, SpamVerdict.asset_id],
                set_={"is_spam": is_spam, "decided_at": func.now()},
            )
        )
        self._verdicts = None
        was = SpamAssetRow(asset, before).counted_as_spam
        return Judged(SpamAssetRow(asset, is_spam), changed=was != is_spam)
