"""The spam center (spec 000 §3 "Spam asset", §7 "spam assets"; spec 001 §2, §7 "toggle spam"): the user's
assets that are spam or suspected of it, with why the heuristic marked each, and the user's verdict on one.

A verdict that changes what counts (an asset unmarked, or a token newly marked) requests the user's
cost-basis run, as every edit of the ledger does; confirming what the heuristic said changes nothing and
only resolves the asset."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.limits import MAX_ASSET_CHARS
from api.schema.common import MutationResult
from api.schema.cost_basis import request_run
from api.string_bounds import max_length
from ledger.scope.spam import SpamAssetRow
from vocabulary.enums import QueuePriority
from vocabulary.errors import ENQUEUE_FAILED
from vocabulary.spam import SPAM_ERROR_MESSAGES, SPAM_REASON_TEXTS, SpamError, SpamReason, automark_reason

strawberry.enum(SpamReason, name="SpamReason")


@strawberry.type
class SpamAsset:
    id: strawberry.ID  # the asset id, with its blockchain_/nft_/user_asset_ prefix
    symbol: str
    name: str
    contract_address: str | None
    crypto_network: str | None
    is_spam: bool | None = strawberry.field(description="The user's verdict; null while unresolved.")
    was_automarked_as_spam: bool
    spam_reason: SpamReason | None = strawberry.field(
        description="Why the spam heuristic marked it; null when it did not."
    )
    spam_reason_text: str | None

    @classmethod
    def of(cls, row: SpamAssetRow) -> SpamAsset:
        asset = row.asset
        reason = automark_reason(asset.name, asset.symbol) if asset.was_automarked_as_spam else None
        return cls(
            id=strawberry.ID(asset.id),
            symbol=asset.symbol,
            name=asset.name,
            contract_address=asset.contract_address,
            crypto_network=asset.crypto_network,
            is_spam=row.is_spam,
            was_automarked_as_spam=asset.was_automarked_as_spam,
            spam_reason=reason,
            spam_reason_text=None if reason is None else SPAM_REASON_TEXTS[reason],
        )


@strawberry.type
class ToggleSpamResult(MutationResult):
    spam_asset: SpamAsset | None = None


@strawberry.type
class SpamQuery:
    @strawberry.field
    async def spam_assets(self, info: CairnInfo) -> list[SpamAsset]:
        """The assets of the user's transactions that are spam or suspected, and those the user unmarked:
        unresolved first."""
        return [SpamAsset.of(row) for row in await info.context.scope.spam.assets()]


@strawberry.type
class SpamMutation:
    @strawberry.mutation
    async def toggle_spam(
        self,
        info: CairnInfo,
        asset_id: Annotated[strawberry.ID, max_length(MAX_ASSET_CHARS)],
        is_spam: bool,
    ) -> ToggleSpamResult:
        """Mark a token of the user's transactions as spam (no balance, value or cost basis counts it) or
        as not spam; an asset not in the user's transactions is not found."""
        judged = await info.context.scope.spam.judge(str(asset_id), is_spam)
        if isinstance(judged, SpamError):
            return ToggleSpamResult(
                success=False, error=judged.value, error_message=SPAM_ERROR_MESSAGES[judged]
            )
        spam_asset = SpamAsset.of(judged.row)
        if not judged.changed:
            await info.context.session.commit()
            return ToggleSpamResult(success=True, spam_asset=spam_asset)
        run = await request_run(info, QueuePriority.HIGH, ENQUEUE_FAILED)
        return ToggleSpamResult(
            success=run.success, error=run.error, error_message=run.error_message, spam_asset=spam_asset
        )
