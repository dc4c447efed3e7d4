"""Password reset by an e-mailed link (/auth/password-reset): the link's token works once, within
RESET_LINK_MINUTES, and the new password ends every session of the account.

Asking for a link answers the same whether or not the address has an account, so the form tells no one
who uses Cairn; requests are throttled per address asked about and per client address.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
from datetime import timedelta

from fastapi import APIRouter, HTTPException, status
from pydantic import BaseModel
from starlette.requests import HTTPConnection

from api.auth import (
    MAX_EMAIL_CHARS,
    MAX_PASSWORD_CHARS,
    MIN_PASSWORD_CHARS,
    PASSWORD_TOO_LONG,
    PASSWORD_TOO_SHORT,
    App,
    DbSession,
    throttle,
)
from api.limits import PASSWORD_RESET_PER_ACCOUNT, PASSWORD_RESET_PER_ADDRESS
from api.mail import send_mail
from api.passwords import hash_password
from ledger.models import TokenPurpose
from ledger.scope import security
from ledger.scope.sessions import TOKEN_BYTES, normalise_email, user_by_email

RESET_LINK_MINUTES = 60
LINK_EXPIRED = "This reset link has expired or was already used. Ask for a new one."
MAX_TOKEN_CHARS = 100

logger = logging.getLogger(__name__)
router = APIRouter(prefix="/auth/password-reset", tags=["auth"])


class ResetRequest(BaseModel):
    email: str


class NewPassword(BaseModel):
    token: str
    password: str


def reset_mail(link: str) -> str:
    return (
        "Someone asked to reset the password of your Cairn account.\n\n"
        f"Choose a new password here (the link works once, for {RESET_LINK_MINUTES} minutes):\n{link}\n\n"
        "If it was not you, ignore this message: your password stays as it is.\n"
    )


@router.post("", status_code=status.HTTP_202_ACCEPTED)
async def ask_for_link(body: ResetRequest, connection: HTTPConnection, session: DbSession, app: App) -> None:
    email = normalise_email(body.email)[:MAX_EMAIL_CHARS]
    await throttle(
        session,
        connection,
        "password-reset",
        email,
        per_account=PASSWORD_RESET_PER_ACCOUNT,
        per_address=PASSWORD_RESET_PER_ADDRESS,
    )
    user = await user_by_email(session, email)
    if user is None:
        return
    token = secrets.token_urlsafe(TOKEN_BYTES)
    purpose = TokenPurpose.PASSWORD_RESET
    token_hash = security.keyed_hash(app.settings.secret_key, purpose, token)
    await security.issue_token(session, user.id, purpose, token_hash, timedelta(minutes=RESET_LINK_MINUTES))
    link = f"{app.settings.origin}/reset-password?token={token}"
    try:
        await send_mail(app.settings, user.email, "Reset your Cairn password", reset_mail(link))
    except (OSError, smtplib.SMTPException):  # answered like any request: the answer tells no one anything
        logger.exception("A password reset link could not be sent")


@router.post("/confirm", status_code=status.HTTP_204_NO_CONTENT)
async def set_new_password(body: NewPassword, session: DbSession, app: App) -> None:
    if len(body.password) < MIN_PASSWORD_CHARS:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=PASSWORD_TOO_SHORT)
    if len(body.password) > MAX_PASSWORD_CHARS:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=PASSWORD_TOO_LONG)
    purpose = TokenPurpose.PASSWORD_RESET
    token_hash = security.keyed_hash(app.settings.secret_key, purpose, body.token[:MAX_TOKEN_CHARS])
    redeemed = await security.redeem_token(session, purpose, token_hash)
    if redeemed is None:  # before any hashing: a bad token costs the server nothing
        raise HTTPException(status.HTTP_400_BAD_REQUEST, detail=LINK_EXPIRED)
    await security.set_password(session, redeemed.user_id, await hash_password(body.password))
    await session.commit()
