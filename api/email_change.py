"""E-mail change (/auth/email-change, spec 001 §4 and §7): the user asks for a new address, a one-time
code goes to that address, and the change happens when the code comes back.

Answers carry the spec's codes: errors EMAIL_ALREADY_EXISTED, NOT_ALLOWED, UNKNOWN_ERROR; blocked
reasons HAS_SOCIAL_PROFILES, MAX_CHANGE_LIMIT_REACHED, MAX_CHANGE_REQUEST_LIMIT_REACHED; the code's
error OTP_NOT_MATCHED. A code works once, for CODE_MINUTES, and stops after EMAIL_CHANGE_CODE_TRIES
wrong tries. The old address is told once the change is made.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
from datetime import UTC, datetime, timedelta

from fastapi import APIRouter
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import App, DbSession, is_email
from api.limits import EMAIL_CHANGE_CODE_TRIES, EMAIL_CHANGE_REQUESTS_PER_DAY, EMAIL_CHANGES_PER_YEAR
from api.mail import send_mail
from api.view_as import OwnAccount
from ledger.models import TokenPurpose, User
from ledger.scope import security
from ledger.scope.sessions import normalise_email, user_by_email
from ledger.scope.throttle import attempt_key, forget_attempts, take_attempt
from vocabulary.enums import EmailChangeBlockedReason, EmailChangeError, OtpError

CODE_MINUTES = 15
CODE_DIGITS = 6
PURPOSE = TokenPurpose.EMAIL_CHANGE

logger = logging.getLogger(__name__)
router = APIRouter(prefix="/auth/email-change", tags=["auth"])


class EmailChangeStatus(BaseModel):
    email: str
    pendingEmail: str | None  # a code was sent there and is still good
    blockedReason: EmailChangeBlockedReason | None


class NewEmail(BaseModel):
    newEmail: str


class Code(BaseModel):
    code: str


class EmailChangeResult(BaseModel):
    success: bool
    error: EmailChangeError | None = None
    blockedReason: EmailChangeBlockedReason | None = None


class EmailChangeVerified(BaseModel):
    success: bool
    email: str
    error: OtpError | EmailChangeError | None = None


def _code_hash(secret_key: str, user_id: int, code: str) -> bytes:
    return security.keyed_hash(secret_key, f"{PURPOSE}:{user_id}", code)


async def blocked_reason(session: AsyncSession, user: User) -> EmailChangeBlockedReason | None:
    """Why the user may not ask for a change now."""
    if await security.has_external_identity(session, user.id):
        return EmailChangeBlockedReason.HAS_SOCIAL_PROFILES
    now = datetime.now(UTC)
    if (
        await security.tokens_since(session, user.id, PURPOSE, now - timedelta(days=365), used=True)
        >= EMAIL_CHANGES_PER_YEAR
    ):
        return EmailChangeBlockedReason.MAX_CHANGE_LIMIT_REACHED
    if (
        await security.tokens_since(session, user.id, PURPOSE, now - timedelta(days=1))
        >= EMAIL_CHANGE_REQUESTS_PER_DAY
    ):
        return EmailChangeBlockedReason.MAX_CHANGE_REQUEST_LIMIT_REACHED
    return None


def code_mail(code: str) -> str:
    return (
        f"Your Cairn verification code is {code}.\n\n"
        f"Enter it in Cairn to make this your account's address. It works once, for {CODE_MINUTES} minutes.\n"
        "If you did not ask for this, ignore this message.\n"
    )


@router.get("")
async def email_change_status(user: OwnAccount, session: DbSession) -> EmailChangeStatus:
    pending = await security.pending_token(session, user.id, PURPOSE)
    return EmailChangeStatus(
        email=user.email,
        pendingEmail=None if pending is None else pending.new_email,
        blockedReason=await blocked_reason(session, user),
    )


@router.post("")
async def submit_email_change(
    body: NewEmail, user: OwnAccount, session: DbSession, app: App
) -> EmailChangeResult:
    """Sends a code to the new address."""
    reason = await blocked_reason(session, user)
    if reason is not None:
        return EmailChangeResult(success=False, blockedReason=reason)
    new_email = normalise_email(body.newEmail)
    if not is_email(new_email) or new_email == user.email:
        return EmailChangeResult(success=False, error=EmailChangeError.NOT_ALLOWED)
    if await user_by_email(session, new_email) is not None:
        return EmailChangeResult(success=False, error=EmailChangeError.EMAIL_ALREADY_EXISTED)
    code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
    code_hash = _code_hash(app.settings.secret_key, user.id, code)
    await security.issue_token(
        session, user.id, PURPOSE, code_hash, timedelta(minutes=CODE_MINUTES), new_email=new_email
    )
    await forget_attempts(session, attempt_key("email-change-code", "account", str(user.id)))
    try:
        await send_mail(app.settings, new_email, "Your Cairn verification code", code_mail(code))
    except (OSError, smtplib.SMTPException):
        logger.exception("The e-mail change code could not be sent")
        return EmailChangeResult(success=False, error=EmailChangeError.UNKNOWN_ERROR)
    return EmailChangeResult(success=True)


@router.post("/verify")
async def verify_email_change(
    body: Code, user: OwnAccount, session: DbSession, app: App
) -> EmailChangeVerified:
    """Makes the change when the code is the one sent; OTP_NOT_MATCHED otherwise."""
    not_matched = EmailChangeVerified(success=False, email=user.email, error=OtpError.OTP_NOT_MATCHED)
    pending = await security.pending_token(session, user.id, PURPOSE)
    if pending is None or pending.new_email is None:
        return not_matched
    code = "".join(body.code.split())[: CODE_DIGITS + 1]
    redeemed = await security.redeem_token(
        session, PURPOSE, _code_hash(app.settings.secret_key, user.id, code), user_id=user.id
    )
    if redeemed is None:
        key = attempt_key("email-change-code", "account", str(user.id))
        if await take_attempt(session, key, EMAIL_CHANGE_CODE_TRIES) is not None:
            await security.expire_token(session, pending.id)
        return not_matched
    old_email, user.email = user.email, pending.new_email
    try:
        await session.commit()
    except IntegrityError:
        await session.rollback()
        return EmailChangeVerified(
            success=False, email=old_email, error=EmailChangeError.EMAIL_ALREADY_EXISTED
        )
    notice = f"The e-mail address of your Cairn account was changed to {user.email}.\n"
    try:
        await send_mail(app.settings, old_email, "Your Cairn e-mail address was changed", notice)
    except (OSError, smtplib.SMTPException):
        logger.exception("The e-mail change notice could not be sent")
    return EmailChangeVerified(success=True, email=user.email)
