"""/public/graphql: what the public site asks without signing in — prices, the live-price operation
(`CairnLiveCoinPrices`, on this path rather than /graphql, spec 001 §7), the wallet check, the integration
catalogue and demo booking. The same bounds as /graphql hold: document size, depth, aliases, cost and
string lengths."""

from __future__ import annotations

from typing import Annotated

import strawberry
from fastapi import Depends
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection
from strawberry.fastapi import GraphQLRouter
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types

from api.document_bounds import DOCUMENT_BOUNDS
from api.error_masking import MaskUnexpectedErrors
from api.graphql import CairnGraphQLRouter
from api.public_context import PublicContext
from api.schema.demo_booking import DemoBookingMutation
from api.schema.plans import PlansPublicQuery
from api.schema.prices import PricesPublicQuery
from api.schema.public_integrations import PublicIntegrationsQuery
from api.schema.scalars import SCALARS
from api.schema.wallet_lookup import WalletLookupQuery
from api.services import db_session, services

PublicQuery = merge_types(
    "Query", (PricesPublicQuery, WalletLookupQuery, PlansPublicQuery, PublicIntegrationsQuery)
)
PublicMutation = merge_types("Mutation", (DemoBookingMutation,))

public_schema = strawberry.Schema(
    query=PublicQuery,
    mutation=PublicMutation,
    config=StrawberryConfig(scalar_map=SCALARS),
    extensions=[*DOCUMENT_BOUNDS, MaskUnexpectedErrors],
)


async def public_context(
    connection: HTTPConnection, session: Annotated[AsyncSession, Depends(db_session)]
) -> PublicContext:
    """As api.graphql.graphql_context, services() is read here rather than run as a dependency."""
    return PublicContext(services(connection), session, connection.client.host if connection.client else "")


def public_graphql_router() -> GraphQLRouter[PublicContext, None]:
    return CairnGraphQLRouter(public_schema, context_getter=public_context, graphql_ide=None)
