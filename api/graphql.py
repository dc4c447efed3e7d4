"""/graphql: the Strawberry schema behind the session check (HTTP 401 without a valid session).

No GraphQL IDE is served: GraphiQL's files come from a CDN, which an offline or locked-down install cannot
reach. The schema is `frontend/schema.graphql`.
"""

from __future__ import annotations

import json
from typing import Annotated, TypeVar

from fastapi import Depends, Request, status
from fastapi.responses import JSONResponse
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection
from strawberry.fastapi import GraphQLRouter

from api.context import Context
from api.request_limits import error_response
from api.schema import schema
from api.services import db_session, services
from api.view_as import Viewing, viewing
from ledger.infra.logs import bind_log_ids

JSON_TOO_DEEP = "The request's JSON is nested too deeply."
AnyContext = TypeVar("AnyContext")  # /graphql's Context, /public/graphql's PublicContext


class JsonTooDeep(ValueError):
    """A request body nested deeper than the JSON decoder recurses."""


async def json_too_deep(request: Request, exc: Exception) -> JSONResponse:
    return error_response(request.scope, status.HTTP_400_BAD_REQUEST, JSON_TOO_DEEP)


async def graphql_context(
    connection: HTTPConnection,
    session: Annotated[AsyncSession, Depends(db_session)],
    signed_in: Annotated[Viewing, Depends(viewing)],
) -> Context:
    """services() is called here, not depended on: FastAPI runs a plain function's dependency in its
    thread pool, a hand-off that cost every request more than the lookup itself."""
    viewer = signed_in.admin or signed_in.user
    bind_log_ids(user_id=viewer.id, viewed_user_id=signed_in.user.id if signed_in.admin else None)
    return Context(
        services(connection), session, signed_in.user, viewed_by=signed_in.admin, tax_pro=signed_in.tax_pro
    )


class CairnGraphQLRouter(GraphQLRouter[AnyContext, None]):
    def decode_json(self, data: str | bytes) -> object:
        try:
            return json.loads(data)
        except RecursionError:
            raise JsonTooDeep from None


def graphql_router() -> GraphQLRouter[Context, None]:
    return CairnGraphQLRouter(schema, context_getter=graphql_context, graphql_ide=None)
