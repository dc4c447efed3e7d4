"""Multi-factor sign-in with TOTP codes (/auth/mfa/*): set up, enable and disable it, and the second
step of a sign-in (POST /auth/mfa/verify after /auth/login answered 202 mfaRequired).

The seed is stored sealed (ledger.infra.credentials) and never logged or shown again after set-up.
A code works once: the time step of each accepted code is kept, and only a later step's code passes.
Ten recovery codes, shown once when MFA is enabled, each stand in for one code. Second-step attempts
count against the account's sign-in limit, so a code cannot be guessed faster than a password.
"""

from __future__ import annotations

import hmac
import secrets
import time

import pyotp
import qrcode
import qrcode.image.svg
from fastapi import APIRouter, HTTPException, Response, status
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

from api.auth import (
    MFA_COOKIE,
    App,
    DbSession,
    SignedIn,
    signed_in,
    start_session,
    throttle,
)
from api.limits import SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS
from api.view_as import OwnAccount
from ledger.infra.credentials import seal, unseal
from ledger.infra.settings import Settings
from ledger.models import MfaSecret, TokenPurpose, User
from ledger.scope import security
from ledger.scope.throttle import attempt_key, forget_attempts

ISSUER = "Cairn"
RECOVERY_CODES = 10
ACCEPTED_DRIFT_STEPS = (0, -1, 1)  # the current 30-second step, and one either side for clock skew
MAX_CODE_CHARS = 20

WRONG_CODE = "The code is not correct. Check your authenticator app and try again."
ALREADY_ENABLED = "Two-step verification is already on."
NOT_SET_UP = "Start setting up two-step verification first."
NOT_ENABLED = "Two-step verification is not on."
CHALLENGE_EXPIRED = "Your sign-in has expired. Sign in again."

router = APIRouter(prefix="/auth/mfa", tags=["auth"])


class Code(BaseModel):
    code: str


class MfaStatus(BaseModel):
    isTwoStepVerificationEnabled: bool
    recoveryCodesLeft: int


class Setup(BaseModel):
    secret: str
    otpauthUri: str
    qrSvg: str


class RecoveryCodes(BaseModel):
    recoveryCodes: list[str]


def _seed(mfa: MfaSecret, settings: Settings) -> str:
    return unseal(mfa.sealed_seed, settings.sealing_keys)["seed"]


def _digits(code: str) -> str:
    return "".join(code.split())


def _matching_step(seed: str, code: str) -> int | None:
    """The time step whose TOTP code `code` is, among the accepted ones; None when it is none of them."""
    totp = pyotp.TOTP(seed)
    now_step = int(time.time() // totp.interval)
    for drift in ACCEPTED_DRIFT_STEPS:
        if hmac.compare_digest(totp.generate_otp(now_step + drift), code):
            return now_step + drift
    return None


def _recovery_key(code: str) -> str:
    return code.replace("-", "").replace(" ", "").lower()


def _recovery_hash(settings: Settings, user_id: int, code: str) -> bytes:
    return security.keyed_hash(settings.secret_key, f"recovery:{user_id}", _recovery_key(code))


async def second_factor_passes(session: AsyncSession, settings: Settings, user: User, code: str) -> bool:
    """Whether `code` is an unused TOTP code or recovery code of the user's enabled MFA; using it
    (the caller commits)."""
    mfa = await security.mfa_of(session, user.id)
    if mfa is None or mfa.enabled_at is None or len(code) > MAX_CODE_CHARS:
        return False
    step = _matching_step(_seed(mfa, settings), _digits(code))
    if step is not None:
        return await security.use_step(session, user.id, step)
    return await security.use_recovery_code(session, user.id, _recovery_hash(settings, user.id, code))


def _unprocessable(detail: str) -> HTTPException:
    return HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=detail)


def _conflict(detail: str) -> HTTPException:
    return HTTPException(status.HTTP_409_CONFLICT, detail=detail)


@router.get("")
async def mfa_status(user: OwnAccount, session: DbSession) -> MfaStatus:
    return MfaStatus(
        isTwoStepVerificationEnabled=await security.mfa_enabled(session, user.id),
        recoveryCodesLeft=await security.recovery_codes_left(session, user.id),
    )


@router.post("/setup")
async def setup(user: OwnAccount, session: DbSession, app: App) -> Setup:
    """A new seed for the authenticator app; MFA is on only once a code from it is confirmed."""
    if await security.mfa_enabled(session, user.id):
        raise _conflict(ALREADY_ENABLED)
    seed = pyotp.random_base32()
    await security.set_pending_seed(session, user.id, seal({"seed": seed}, app.settings.sealing_keys))
    uri = pyotp.TOTP(seed).provisioning_uri(name=user.email, issuer_name=ISSUER)
    svg = qrcode.make(uri, image_factory=qrcode.image.svg.SvgPathImage).to_string()
    return Setup(secret=seed, otpauthUri=uri, qrSvg=svg.decode())


@router.post("/enable")
async def enable(body: Code, user: OwnAccount, session: DbSession, app: App) -> RecoveryCodes:
    """Confirms the pending seed with a code from it; answers the recovery codes, shown this once."""
    mfa = await security.mfa_of(session, user.id)
    if mfa is None:
        raise _conflict(NOT_SET_UP)
    if mfa.enabled_at is not None:
        raise _conflict(ALREADY_ENABLED)
    step = (
        None
        if len(body.code) > MAX_CODE_CHARS
        else _matching_step(_seed(mfa, app.settings), _digits(body.code))
    )
    if step is None or not await security.use_step(session, user.id, step):
        raise _unprocessable(WRONG_CODE)
    codes = [f"{secrets.token_hex(3)}-{secrets.token_hex(3)}" for _ in range(RECOVERY_CODES)]
    await security.enable_mfa(
        session, user.id, [_recovery_hash(app.settings, user.id, code) for code in codes]
    )
    return RecoveryCodes(recoveryCodes=codes)


@router.post("/disable", status_code=status.HTTP_204_NO_CONTENT)
async def disable(body: Code, user: OwnAccount, session: DbSession, app: App) -> None:
    """Turns MFA off with a current code or a recovery code."""
    if not await security.mfa_enabled(session, user.id):
        raise _conflict(NOT_ENABLED)
    if not await second_factor_passes(session, app.settings, user, body.code):
        raise _unprocessable(WRONG_CODE)
    await security.disable_mfa(session, user.id)


@router.post("/verify")
async def verify(
    body: Code, connection: HTTPConnection, response: Response, session: DbSession, app: App
) -> SignedIn:
    """The second step of a sign-in: the code for the account whose password this browser gave."""
    token = connection.cookies.get(MFA_COOKIE, "")
    purpose = TokenPurpose.MFA_SIGN_IN
    token_hash = security.keyed_hash(app.settings.secret_key, purpose, token)
    challenge = await security.live_token(session, purpose, token_hash) if token else None
    user = None if challenge is None else await session.get(User, challenge.user_id)
    if challenge is None or user is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=CHALLENGE_EXPIRED)
    await throttle(
        session,
        connection,
        "sign-in",
        user.email,
        per_account=SIGN_IN_PER_ACCOUNT,
        per_address=SIGN_IN_PER_ADDRESS,
    )
    if not await second_factor_passes(session, app.settings, user, body.code):
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=WRONG_CODE)
    if await security.redeem_token(session, purpose, token_hash, user_id=user.id) is None:
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, detail=CHALLENGE_EXPIRED)
    await forget_attempts(session, attempt_key("sign-in", "account", user.email))  # commits the above
    response.delete_cookie(MFA_COOKIE, path="/auth", secure=app.settings.secure_cookies, httponly=True)
    await start_session(session, app, user, connection, response)
    return signed_in(user)
