"""The user's debug permission (spec 001 §3): whether an admin viewing as them may change their data."""

from __future__ import annotations

import strawberry
from graphql import GraphQLError

from api.context import CairnInfo
from api.schema.common import MutationResult
from ledger.scope.view_as import set_debug_permission

ONLY_THE_USER = "Only the user can change their debug permission."


@strawberry.type
class ViewAsMutation:
    @strawberry.mutation(description="Lets an admin viewing as this user change their data, or not.")
    async def update_debug_permission(self, info: CairnInfo, granted: bool) -> MutationResult:
        if info.context.viewing_as:
            raise GraphQLError(ONLY_THE_USER)
        await set_debug_permission(info.context.session, info.context.scope.user_id, granted)
        await info.context.session.commit()
        return MutationResult.ok()
