"""View as (spec 001 §2, §6): an admin posts `user-email` to /user/view-as and their browser session
then reads that user's data — the GraphQL context's user is the viewed one, the signed-in admin stays
`Context.signed_in_user` — until they stop. Every session is audited. Unless the user granted debug
permission (a setting of theirs), no mutation runs while viewing as them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, HTTPException, status
from fastapi.responses import RedirectResponse
from graphql import ExecutionResult, GraphQLError
from starlette.requests import HTTPConnection
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from api.auth import NOT_SIGNED_IN, SESSION_COOKIE, DbSession, current_user
from ledger.models import User
from ledger.models.admin_audit import AdminActionKind
from ledger.scope.sessions import session_users, set_view_as, user_by_email
from ledger.scope.staff import StaffScope
from ledger.scope.tax_pros import may_view_as
from ledger.scope.view_as import debug_permission_of
from vocabulary.errors import NOT_ON_BEHALF

NO_DEBUG_PERMISSION = "No permission to debug this account!"
NO_SUCH_USER = "No user has this email."
MAX_EMAIL_CHARS = 320

router = APIRouter(prefix="/user/view-as", tags=["view-as"])


@dataclass(frozen=True)
class Viewing:
    user: User  # whose data the request reads
    admin: User | None  # the signed-in admin or tax pro viewing as `user`; None: the user is signed in
    tax_pro: bool = False  # a tax pro working on a client's books (api/tax_pro_view.py)


async def viewing(connection: HTTPConnection, session: DbSession) -> Viewing:
    """The one place a request's user is chosen: the viewed user while an admin views as one, or while a
    tax pro views a client whose invite (or firm assignment) still allows it. HTTP 401 without a valid
    session, as api.auth.current_user answers."""
    token = connection.cookies.get(SESSION_COOKIE)
    users = await session_users(session, token) if token else None
    if users is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=NOT_SIGNED_IN)
    signed_in, viewed = users.signed_in, users.viewed
    if viewed is None:
        return Viewing(signed_in, None)
    if await may_view_as(session, signed_in, viewed.id):
        return Viewing(viewed, signed_in, tax_pro=True)
    return Viewing(viewed, signed_in) if signed_in.is_admin else Viewing(signed_in, None)


async def own_account(signed_in: Annotated[Viewing, Depends(viewing)]) -> User:
    """The signed-in person acting on their own account (two-step verification, e-mail, sessions): refused
    while their browser views as someone, whose pages it shows, so nobody changes one account believing it
    is the other."""
    if signed_in.admin is not None:
        raise HTTPException(status.HTTP_403_FORBIDDEN, detail=NOT_ON_BEHALF)
    return signed_in.user


OwnAccount = Annotated[User, Depends(own_account)]


def _admin(signed_in: User) -> User:
    if not signed_in.is_admin:
        raise HTTPException(status.HTTP_404_NOT_FOUND)
    return signed_in


def _to(path: str, **query: str) -> RedirectResponse:
    return RedirectResponse(f"{path}?{urlencode(query)}" if query else path, status.HTTP_303_SEE_OTHER)


@router.post("")
async def start_viewing_as(
    connection: HTTPConnection,
    session: DbSession,
    signed_in: Annotated[User, Depends(current_user)],
    user_email: Annotated[str, Form(alias="user-email", max_length=MAX_EMAIL_CHARS)],
) -> RedirectResponse:
    admin = _admin(signed_in)
    viewed = await user_by_email(session, user_email)
    if viewed is None or viewed.id == admin.id:
        return _to("/user/view-as", errorMessage=NO_SUCH_USER)
    await set_view_as(session, connection.cookies[SESSION_COOKIE], viewed.id)
    StaffScope(session, admin.id).record(AdminActionKind.VIEW_AS, viewed.id)
    await session.commit()
    return _to("/home")


@router.post("/stop")
async def stop_viewing_as(
    connection: HTTPConnection, session: DbSession, signed_in: Annotated[User, Depends(current_user)]
) -> RedirectResponse:
    _admin(signed_in)
    await set_view_as(session, connection.cookies[SESSION_COOKIE], None)
    await session.commit()
    return _to("/home")


class ReadOnlyViewAs(SchemaExtension):
    """Refuses every mutation while an admin views as a user who has not granted debug permission (a tax
    pro works on the client's books: their mutations run, audited by api.tax_pro_view.TaxProAudit)."""

    def on_execute(self) -> Iterator[None]:
        execution = self.execution_context
        context = execution.context
        if (
            execution.operation_type is OperationType.MUTATION
            and context.viewing_as
            and not context.tax_pro_viewing
            and not debug_permission_of(context.user)
        ):
            execution.result = ExecutionResult(data=None, errors=[GraphQLError(NO_DEBUG_PERMISSION)])
        yield
