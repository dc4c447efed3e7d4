"""Sign-up, sign-in and sign-out (/auth/*), and the signed-in user of a request.

The session cookie `cairn_session` is HttpOnly and holds a random token; `is_auth=true` is readable by
the SPA, which treats the user as signed in while it is set (spec 001 §4). Both expire together.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Response, status
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

from api.passwords import hash_password, needs_rehash, verify_password
from api.services import Services, db_session, services
from ledger.models import User
from ledger.scope.sessions import (
    EmailTaken,
    close_session,
    create_user,
    open_session,
    user_by_email,
    user_for_token,
)

SESSION_COOKIE = "cairn_session"
AUTH_COOKIE = "is_auth"
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_CHARS = 1024
MAX_EMAIL_CHARS = 320
_EMAIL = re.compile(r"^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$")

EMAIL_TAKEN = "An account with this email already exists."
INVALID_EMAIL = "Enter a valid email address."
PASSWORD_TOO_SHORT = f"Password must be at least {MIN_PASSWORD_CHARS} characters."
PASSWORD_TOO_LONG = f"Password must be at most {MAX_PASSWORD_CHARS} characters."
WRONG_CREDENTIALS = "Incorrect email or password."
NOT_SIGNED_IN = "Not signed in."

router = APIRouter(prefix="/auth", tags=["auth"])


class Credentials(BaseModel):
    email: str
    password: str


class SignedIn(BaseModel):
    publicId: str
    email: str


def _signed_in(user: User) -> SignedIn:
    return SignedIn(publicId=str(user.public_id), email=user.email)


def _set_cookies(response: Response, token: str, expires_at: datetime, secure: bool) -> None:
    for name, value, http_only in ((SESSION_COOKIE, token, True), (AUTH_COOKIE, "true", False)):
        response.set_cookie(
            name, value, expires=expires_at, path="/", secure=secure, httponly=http_only, samesite="lax"
        )


def _clear_cookies(response: Response, secure: bool) -> None:
    for name, http_only in ((SESSION_COOKIE, True), (AUTH_COOKIE, False)):
        response.delete_cookie(name, path="/", secure=secure, httponly=http_only, samesite="lax")


async def _start_session(session: AsyncSession, app: Services, user: User, response: Response) -> None:
    token, expires_at = await open_session(session, user, timedelta(days=app.settings.session_days))
    _set_cookies(response, token, expires_at, app.settings.secure_cookies)


def _unprocessable(detail: str) -> HTTPException:
    return HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=detail)


DbSession = Annotated[AsyncSession, Depends(db_session)]
App = Annotated[Services, Depends(services)]


@router.post("/signup", status_code=status.HTTP_201_CREATED)
async def signup(credentials: Credentials, response: Response, session: DbSession, app: App) -> SignedIn:
    email = credentials.email.strip().lower()
    if len(email) > MAX_EMAIL_CHARS or not _EMAIL.match(email):
        raise _unprocessable(INVALID_EMAIL)
    if len(credentials.password) < MIN_PASSWORD_CHARS:
        raise _unprocessable(PASSWORD_TOO_SHORT)
    if len(credentials.password) > MAX_PASSWORD_CHARS:
        raise _unprocessable(PASSWORD_TOO_LONG)
    try:
        user = await create_user(session, email, await hash_password(credentials.password))
    except EmailTaken:
        raise HTTPException(status.HTTP_409_CONFLICT, detail=EMAIL_TAKEN) from None
    await _start_session(session, app, user, response)
    return _signed_in(user)


@router.post("/login")
async def login(credentials: Credentials, response: Response, session: DbSession, app: App) -> SignedIn:
    user = await user_by_email(session, credentials.email)
    password_hash = None if user is None else user.password_hash
    if not await verify_password(password_hash, credentials.password) or user is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=WRONG_CREDENTIALS)
    if needs_rehash(user.password_hash):
        user.password_hash = await hash_password(credentials.password)
    await _start_session(session, app, user, response)
    return _signed_in(user)


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT)
async def logout(connection: HTTPConnection, response: Response, session: DbSession, app: App) -> None:
    token = connection.cookies.get(SESSION_COOKIE)
    if token:
        await close_session(session, token)
    _clear_cookies(response, app.settings.secure_cookies)


async def current_user(connection: HTTPConnection, session: DbSession) -> User:
    """The signed-in user; HTTP 401 without a valid session."""
    token = connection.cookies.get(SESSION_COOKIE)
    user = None if not token else await user_for_token(session, token)
    if user is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=NOT_SIGNED_IN)
    return user
