"""/graphql: the Strawberry schema behind the session check (HTTP 401 without a valid session),
with GraphiQL on GET for signed-in developers."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from sqlalchemy.ext.asyncio import AsyncSession
from strawberry.fastapi import GraphQLRouter

from api.auth import current_user
from api.context import Context
from api.schema import schema
from api.services import Services, db_session, services
from ledger.models import User


async def graphql_context(
    app: Annotated[Services, Depends(services)],
    session: Annotated[AsyncSession, Depends(db_session)],
    user: Annotated[User, Depends(current_user)],
) -> Context:
    return Context(app, session, user)


def graphql_router() -> GraphQLRouter[Context, None]:
    return GraphQLRouter(schema, context_getter=graphql_context, graphql_ide="graphiql")
