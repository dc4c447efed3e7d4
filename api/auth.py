"""Sign-up, sign-in and sign-out (/auth/*), and the signed-in user of a request.

The session cookie `cairn_session` is HttpOnly and holds a random token; `is_auth=true` is readable by
the SPA, which treats the user as signed in while it is set (spec 001 §4). Both expire together. Every
sign-in or sign-up opens a new session and closes the one the browser had, so a token never outlives a
sign-in. Attempts are throttled per account and per client address (api.limits), across API processes.
"""

from __future__ import annotations

import math
import re
import secrets
from datetime import datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Response, status
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

from api.limits import SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS, SIGN_UP_PER_ACCOUNT, SIGN_UP_PER_ADDRESS
from api.passwords import hash_password, needs_rehash, verify_password
from api.services import Services, db_session, services
from ledger.models import TokenPurpose, User
from ledger.scope.security import issue_token, keyed_hash, mfa_enabled
from ledger.scope.sessions import (
    TOKEN_BYTES,
    EmailTaken,
    close_session,
    create_user,
    normalise_email,
    open_session,
    user_by_email,
    user_for_token,
)
from ledger.scope.throttle import Limit, attempt_key, forget_attempts, take_attempt

SESSION_COOKIE = "cairn_session"
AUTH_COOKIE = "is_auth"
MFA_COOKIE = "cairn_mfa"  # a checked password awaiting its second factor
MFA_CHALLENGE_MINUTES = 10
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_CHARS = 1024
MAX_EMAIL_CHARS = 320
_EMAIL = re.compile(r"^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$")


def is_email(text: str) -> bool:
    """An e-mail address as sign-up and the demo booking accept it."""
    return len(text) <= MAX_EMAIL_CHARS and _EMAIL.match(text) is not None


EMAIL_TAKEN = "An account with this email already exists."
INVALID_EMAIL = "Enter a valid email address."
PASSWORD_TOO_SHORT = f"Password must be at least {MIN_PASSWORD_CHARS} characters."
PASSWORD_TOO_LONG = f"Password must be at most {MAX_PASSWORD_CHARS} characters."
WRONG_CREDENTIALS = "Incorrect email or password."
NOT_SIGNED_IN = "Not signed in."


def too_many_attempts(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    return f"Too many attempts. Try again in {minutes} minute{'' if minutes == 1 else 's'}."


router = APIRouter(prefix="/auth", tags=["auth"])


class Credentials(BaseModel):
    email: str
    password: str


class SignedIn(BaseModel):
    publicId: str
    email: str


class MfaRequired(BaseModel):
    """The password was right and the account has multi-factor sign-in: POST /auth/mfa/verify next."""

    mfaRequired: bool = True


async def challenge_second_factor(
    session: AsyncSession, app: Services, user: User, response: Response
) -> None:
    """Remembers, in a short-lived HttpOnly cookie, that this browser passed the first step of a sign-in
    (the password, or the identity provider) of `user`, whose code POST /auth/mfa/verify then asks for."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    lifetime = timedelta(minutes=MFA_CHALLENGE_MINUTES)
    purpose = TokenPurpose.MFA_SIGN_IN
    await issue_token(
        session, user.id, purpose, keyed_hash(app.settings.secret_key, purpose, token), lifetime
    )
    response.set_cookie(
        MFA_COOKIE,
        token,
        max_age=int(lifetime.total_seconds()),
        path="/auth",
        secure=app.settings.secure_cookies,
        httponly=True,
        samesite="strict",
    )


def signed_in(user: User) -> SignedIn:
    return SignedIn(publicId=str(user.public_id), email=user.email)


def _set_cookies(response: Response, token: str, expires_at: datetime, secure: bool) -> None:
    for name, value, http_only in ((SESSION_COOKIE, token, True), (AUTH_COOKIE, "true", False)):
        response.set_cookie(
            name, value, expires=expires_at, path="/", secure=secure, httponly=http_only, samesite="lax"
        )


def clear_cookies(response: Response, secure: bool) -> None:
    for name, http_only in ((SESSION_COOKIE, True), (AUTH_COOKIE, False)):
        response.delete_cookie(name, path="/", secure=secure, httponly=http_only, samesite="lax")


async def start_session(
    session: AsyncSession, app: Services, user: User, connection: HTTPConnection, response: Response
) -> None:
    """A new session for `user`; the one the browser had, whoever's it was, is closed."""
    previous = connection.cookies.get(SESSION_COOKIE)
    if previous:
        await close_session(session, previous)
    token, expires_at = await open_session(
        session, user, timedelta(days=app.settings.session_days), connection.headers.get("user-agent", "")
    )
    _set_cookies(response, token, expires_at, app.settings.secure_cookies)


async def throttle(
    session: AsyncSession,
    connection: HTTPConnection,
    action: str,
    email: str,
    *,
    per_account: Limit,
    per_address: Limit,
) -> None:
    """Counts this attempt against the account and the client's address; HTTP 429 with Retry-After when
    either has had too many."""
    address = connection.client.host if connection.client else ""
    waits = [
        await take_attempt(session, attempt_key(action, "account", email), per_account),
        await take_attempt(session, attempt_key(action, "address", address), per_address),
    ]
    wait = max((found for found in waits if found is not None), default=None)
    if wait is not None:
        seconds = max(1, math.ceil(wait.total_seconds()))
        raise HTTPException(
            status.HTTP_429_TOO_MANY_REQUESTS,
            detail=too_many_attempts(seconds),
            headers={"Retry-After": str(seconds)},
        )


def _unprocessable(detail: str) -> HTTPException:
    return HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=detail)


DbSession = Annotated[AsyncSession, Depends(db_session)]
App = Annotated[Services, Depends(services)]


@router.post("/signup", status_code=status.HTTP_201_CREATED)
async def signup(
    credentials: Credentials, connection: HTTPConnection, response: Response, session: DbSession, app: App
) -> SignedIn:
    email = normalise_email(credentials.email)
    if not is_email(email):
        raise _unprocessable(INVALID_EMAIL)
    if len(credentials.password) < MIN_PASSWORD_CHARS:
        raise _unprocessable(PASSWORD_TOO_SHORT)
    if len(credentials.password) > MAX_PASSWORD_CHARS:
        raise _unprocessable(PASSWORD_TOO_LONG)
    await throttle(
        session,
        connection,
        "sign-up",
        email,
        per_account=SIGN_UP_PER_ACCOUNT,
        per_address=SIGN_UP_PER_ADDRESS,
    )
    try:
        user = await create_user(session, email, await hash_password(credentials.password))
    except EmailTaken:
        raise HTTPException(status.HTTP_409_CONFLICT, detail=EMAIL_TAKEN) from None
    await start_session(session, app, user, connection, response)
    return signed_in(user)


@router.post("/login")
async def login(
    credentials: Credentials, connection: HTTPConnection, response: Response, session: DbSession, app: App
) -> SignedIn | MfaRequired:
    email = normalise_email(credentials.email)
    await throttle(
        session,
        connection,
        "sign-in",
        email,
        per_account=SIGN_IN_PER_ACCOUNT,
        per_address=SIGN_IN_PER_ADDRESS,
    )
    user = await user_by_email(session, email)
    password_hash = None if user is None else user.password_hash
    if not await verify_password(password_hash, credentials.password) or user is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=WRONG_CREDENTIALS)
    if needs_rehash(user.password_hash):
        user.password_hash = await hash_password(credentials.password)
    if await mfa_enabled(session, user.id):  # the attempts count on until the code is right (api.mfa)
        await challenge_second_factor(session, app, user, response)
        response.status_code = status.HTTP_202_ACCEPTED
        return MfaRequired()
    await forget_attempts(session, attempt_key("sign-in", "account", email))
    await start_session(session, app, user, connection, response)
    return signed_in(user)


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT)
async def logout(connection: HTTPConnection, response: Response, session: DbSession, app: App) -> None:
    token = connection.cookies.get(SESSION_COOKIE)
    if token:
        await close_session(session, token)
    clear_cookies(response, app.settings.secure_cookies)


async def current_user(connection: HTTPConnection, session: DbSession) -> User:
    """The signed-in user; HTTP 401 without a valid session."""
    token = connection.cookies.get(SESSION_COOKIE)
    user = None if not token else await user_for_token(session, token)
    if user is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=NOT_SIGNED_IN)
    return user
