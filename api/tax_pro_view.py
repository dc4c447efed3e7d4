"""A tax pro works on a client's books (spec 001 §2, §6): the dashboard posts `client-public-id` to
/tax-pros/view-client and the pro's browser session then reads and changes that client's data through
the same session switch as an admin's view-as (api/view_as.py), allowed by an accepted invite or a firm
assignment instead of the admin role, and checked again on every request. Edits are allowed (a pro works
on the books) and every one is audited, as are the start and the end of viewing, and reads: each query
(its operation and root fields) the first time the pro runs it in a viewing session. Not every read is
recorded: pages poll, and a record per poll would bury the session's story in repeats."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, Form, HTTPException, status
from fastapi.responses import RedirectResponse
from graphql import DocumentNode, FieldNode, OperationDefinitionNode
from sqlalchemy import select
from starlette.requests import HTTPConnection
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from api.auth import SESSION_COOKIE, DbSession, current_user
from ledger.models import User
from ledger.models.tax_pros import TaxProActionKind
from ledger.scope.sessions import set_view_as, viewed_user_for_token
from ledger.scope.tax_pros import may_view_as, record_action, record_first_read

CLIENT_PAGE = "/tax"  # where a pro lands on the client's books
DASHBOARD = "/tax-pros/dashboard"
MAX_OPERATION_CHARS = 500

router = APIRouter(prefix="/tax-pros/view-client", tags=["tax-pros"])


def _to(path: str) -> RedirectResponse:
    return RedirectResponse(path, status.HTTP_303_SEE_OTHER)


@router.post("")
async def start_viewing_client(
    connection: HTTPConnection,
    session: DbSession,
    signed_in: Annotated[User, Depends(current_user)],
    client_public_id: Annotated[uuid.UUID, Form(alias="client-public-id")],
) -> RedirectResponse:
    client = await session.scalar(select(User.id).where(User.public_id == client_public_id))
    if client is None or not await may_view_as(session, signed_in, client):
        raise HTTPException(status.HTTP_404_NOT_FOUND)
    await set_view_as(session, connection.cookies[SESSION_COOKIE], client)
    record_action(session, signed_in.id, client, TaxProActionKind.VIEW_AS)
    await session.commit()
    return _to(CLIENT_PAGE)


@router.post("/stop")
async def stop_viewing_client(
    connection: HTTPConnection, session: DbSession, signed_in: Annotated[User, Depends(current_user)]
) -> RedirectResponse:
    """Back to the pro's own account and dashboard ('Back to tax pro dashboard')."""
    token = connection.cookies[SESSION_COOKIE]
    viewed = await viewed_user_for_token(session, token)
    if viewed is not None and not signed_in.is_admin:
        record_action(session, signed_in.id, viewed.id, TaxProActionKind.STOP_VIEWING)
    await set_view_as(session, token, None)
    await session.commit()
    return _to(DASHBOARD)


def _operation(document: DocumentNode | None, operation_name: str | None) -> str:
    """The operation as audited: its name and root fields ("Name: field, field")."""
    for node in document.definitions if document else ():
        if isinstance(node, OperationDefinitionNode) and (
            operation_name is None or (node.name is not None and node.name.value == operation_name)
        ):
            fields = ", ".join(
                field.name.value for field in node.selection_set.selections if isinstance(field, FieldNode)
            )
            return f"{node.name.value if node.name else 'anonymous'}: {fields}"[:MAX_OPERATION_CHARS]
    return "unknown"


class TaxProAudit(SchemaExtension):
    """Records every mutation a tax pro runs as a client, and each query's first run in the viewing
    session, once it has run. Resolvers commit their own work, so what is left uncommitted (a failed
    resolver's) is rolled back before the record commits."""

    async def on_execute(self) -> AsyncIterator[None]:
        yield
        execution = self.execution_context
        context = execution.context
        if not context.tax_pro_viewing:
            return
        pro_id, client_id = (
            context.signed_in_user.id,
            context.user.id,
        )  # read before the rollback expires them
        await context.session.rollback()
        operation = _operation(execution.graphql_document, execution.operation_name)
        if execution.operation_type is OperationType.MUTATION:
            record_action(context.session, pro_id, client_id, TaxProActionKind.MUTATION, operation)
        else:  # a query: the schema has no subscriptions
            await record_first_read(context.session, pro_id, client_id, operation)
        await context.session.commit()
