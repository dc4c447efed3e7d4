"""A user's own tokens, the custom currencies (spec 001 §2 /currencies/custom, §3 "User asset", §7 "User
assets (search, offset, limit)", "add/edit user asset"): listed, added and edited with a description and
a USD price of the user's, which values the token today where the price table has none.

Only the user's own (ledger.scope.user_assets): another user's asset id answers "Not found." and changes
nothing. An edit that changes a symbol asks for the user's cost-basis run, whose results name a token by
its symbol; any other edit only changes what the pages show."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.limits import MAX_ASSET_CHARS, MAX_SEARCH_CHARS
from api.pagination import check_offset
from api.schema.common import MutationResult
from api.schema.cost_basis import request_run
from api.string_bounds import MaxLength, max_length
from ledger.models import Asset
from ledger.scope.user_assets import UserAssetEntry
from vocabulary.enums import QueuePriority
from vocabulary.errors import ENQUEUE_FAILED
from vocabulary.symbols import MAX_SYMBOL_CHARS
from vocabulary.user_assets import (
    MAX_DESCRIPTION_CHARS,
    MAX_NAME_CHARS,
    USER_ASSET_ERROR_MESSAGES,
    UserAssetError,
)


@strawberry.type
class UserAsset:
    id: strawberry.ID  # user_asset_…
    symbol: str
    name: str
    description: str | None
    price_usd: Decimal | None = strawberry.field(description="The user's own USD price; null: none given.")

    @classmethod
    def of(cls, asset: Asset) -> UserAsset:
        return cls(
            id=strawberry.ID(asset.id),
            symbol=asset.symbol,
            name=asset.name,
            description=asset.description,
            price_usd=asset.price_usd,
        )


@strawberry.type
class UserAssetPage:
    items: list[UserAsset]
    total: int


@strawberry.input(description="A custom currency as the user types it; every field is replaced.")
class UserAssetInput:
    symbol: str = strawberry.field(directives=[MaxLength(chars=MAX_SYMBOL_CHARS)])
    name: str = strawberry.field(directives=[MaxLength(chars=MAX_NAME_CHARS)])
    description: str | None = strawberry.field(
        default=None, directives=[MaxLength(chars=MAX_DESCRIPTION_CHARS)]
    )
    price_usd: Decimal | None = strawberry.field(default=None, description="USD per unit, zero or more.")

    def entry(self) -> UserAssetEntry:
        return UserAssetEntry(self.symbol, self.name, self.description, self.price_usd)


@strawberry.type
class UserAssetResult(MutationResult):
    user_asset: UserAsset | None = None


def _refused(error: UserAssetError) -> UserAssetResult:
    return UserAssetResult(success=False, error=error.value, error_message=USER_ASSET_ERROR_MESSAGES[error])


@strawberry.type
class UserAssetsQuery:
    @strawberry.field(description="The user's custom currencies whose symbol or name contains `search`.")
    async def user_assets(
        self,
        info: CairnInfo,
        search: Annotated[str, max_length(MAX_SEARCH_CHARS)] = "",
        offset: int = 0,
        limit: int = 50,
    ) -> UserAssetPage:
        check_offset(offset, limit)
        found, total = await info.context.scope.user_assets.page(search, offset, limit)
        return UserAssetPage(items=[UserAsset.of(asset) for asset in found], total=total)


@strawberry.type
class UserAssetsMutation:
    @strawberry.mutation(description="Add a custom currency of the user's.")
    async def add_user_asset(self, info: CairnInfo, input: UserAssetInput) -> UserAssetResult:
        added = await info.context.scope.user_assets.add(input.entry())
        if isinstance(added, UserAssetError):
            await info.context.session.rollback()
            return _refused(added)
        await info.context.session.commit()
        return UserAssetResult(success=True, user_asset=UserAsset.of(added))

    @strawberry.mutation(description="Change one of the user's custom currencies.")
    async def edit_user_asset(
        self,
        info: CairnInfo,
        asset_id: Annotated[strawberry.ID, max_length(MAX_ASSET_CHARS)],
        input: UserAssetInput,
    ) -> UserAssetResult:
        saved = await info.context.scope.user_assets.edit(str(asset_id), input.entry())
        if isinstance(saved, UserAssetError):
            await info.context.session.rollback()
            return _refused(saved)
        user_asset = UserAsset.of(saved.asset)
        if not saved.symbol_changed:
            await info.context.session.commit()
            return UserAssetResult(success=True, user_asset=user_asset)
        run = await request_run(info, QueuePriority.HIGH, ENQUEUE_FAILED)
        return UserAssetResult(
            success=run.success, error=run.error, error_message=run.error_message, user_asset=user_asset
        )
