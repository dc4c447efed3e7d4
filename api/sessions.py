"""The signed-in user's sessions (/auth/sessions): listed with their browser, and revocable one by one.
Another user's session id answers "not found", as an unknown one does."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, HTTPException, Response, status
from pydantic import BaseModel
from starlette.requests import HTTPConnection

from api.auth import SESSION_COOKIE, App, DbSession, clear_cookies
from api.view_as import OwnAccount
from ledger.scope import security
from ledger.scope.sessions import session_id_for_token

SESSION_NOT_FOUND = "Session not found."

router = APIRouter(prefix="/auth/sessions", tags=["auth"])


class SessionInfo(BaseModel):
    id: str
    createdAt: datetime
    expiresAt: datetime
    userAgent: str
    current: bool  # the session of the browser asking


@router.get("")
async def list_sessions(
    connection: HTTPConnection, user: OwnAccount, session: DbSession
) -> list[SessionInfo]:
    current = await session_id_for_token(session, connection.cookies.get(SESSION_COOKIE, ""))
    return [
        SessionInfo(
            id=str(found.id),
            createdAt=found.created_at,
            expiresAt=found.expires_at,
            userAgent=found.user_agent,
            current=found.id == current,
        )
        for found in await security.sessions_of(session, user.id)
    ]


@router.delete("/{session_id}", status_code=status.HTTP_204_NO_CONTENT)
async def revoke(
    session_id: str,
    connection: HTTPConnection,
    response: Response,
    user: OwnAccount,
    session: DbSession,
    app: App,
) -> None:
    """Ends the session; revoking this browser's own session signs it out."""
    current = await session_id_for_token(session, connection.cookies.get(SESSION_COOKIE, ""))
    if not session_id.isdigit() or not await security.revoke_session(session, user.id, int(session_id)):
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=SESSION_NOT_FOUND)
    if current == int(session_id):
        clear_cookies(response, app.settings.secure_cookies)
