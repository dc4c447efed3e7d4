"""The integration catalogue on /public/graphql: the public integrations directory and the exchange and
wallet landing pages list it to visitors who are not signed in. The catalogue is reference data, the same
for everyone, so nothing here is scoped to a user."""

from __future__ import annotations

import strawberry

from api.public_context import PublicInfo
from api.schema.integrations import Integration
from ledger.scope.catalog import search_integrations


@strawberry.type
class PublicIntegrationsQuery:
    @strawberry.field
    async def integrations(self, info: PublicInfo) -> list[Integration]:
        return [Integration.of(row) for row in await search_integrations(info.context.session, None)]
