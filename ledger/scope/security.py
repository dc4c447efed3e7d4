"""Account security records of one user: the TOTP seed and recovery codes of multi-factor sign-in,
one-time tokens (reset links, e-mail change codes, sign-in challenges) and the user's sessions.

Tokens and codes are stored as keyed hashes the caller computes (`keyed_hash`), and are redeemed by
a single UPDATE … WHERE used_at IS NULL, so two requests racing with one code cannot both succeed.
Every function takes the user's id and touches only that user's rows.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import MfaSecret, OneTimeToken, RecoveryCode, TokenPurpose, User, UserIdentity, UserSession


def keyed_hash(secret_key: str, purpose: str, value: str) -> bytes:
    """HMAC-SHA256 of a token or code under the server's secret: a leaked table reveals no code, even
    a six-digit one."""
    return hmac.new(secret_key.encode(), f"{purpose}:{value}".encode(), hashlib.sha256).digest()


# Multi-factor sign-in


async def mfa_of(session: AsyncSession, user_id: int) -> MfaSecret | None:
    return await session.get(MfaSecret, user_id)


async def mfa_enabled(session: AsyncSession, user_id: int) -> bool:
    found = await mfa_of(session, user_id)
    return found is not None and found.enabled_at is not None


async def set_pending_seed(session: AsyncSession, user_id: int, sealed_seed: bytes) -> None:
    """A new seed awaiting its first code, in place of any earlier pending one (committed)."""
    found = await mfa_of(session, user_id)
    if found is None:
        session.add(MfaSecret(user_id=user_id, sealed_seed=sealed_seed))
    else:
        found.sealed_seed, found.enabled_at, found.last_used_step = sealed_seed, None, None
    await session.commit()


async def use_step(session: AsyncSession, user_id: int, step: int) -> bool:
    """Records that the code of TOTP time step `step` was used; False when it, or a later step's code,
    already was (a code works once)."""
    used = await session.execute(
        update(MfaSecret)
        .where(
            MfaSecret.user_id == user_id,
            (MfaSecret.last_used_step.is_(None)) | (MfaSecret.last_used_step < step),
        )
        .values(last_used_step=step)
        .returning(MfaSecret.user_id)
    )
    return used.first() is not None


async def enable_mfa(session: AsyncSession, user_id: int, recovery_code_hashes: Sequence[bytes]) -> None:
    """The pending seed becomes the user's second factor, with a fresh set of recovery codes (committed)."""
    await session.execute(update(MfaSecret).where(MfaSecret.user_id == user_id).values(enabled_at=func.now()))
    await session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user_id))
    session.add_all(RecoveryCode(user_id=user_id, code_hash=found) for found in recovery_code_hashes)
    await session.commit()


async def use_recovery_code(session: AsyncSession, user_id: int, code_hash: bytes) -> bool:
    used = await session.execute(
        update(RecoveryCode)
        .where(
            RecoveryCode.user_id == user_id,
            RecoveryCode.code_hash == code_hash,
            RecoveryCode.used_at.is_(None),
        )
        .values(used_at=func.now())
        .returning(RecoveryCode.id)
    )
    return used.first() is not None


async def recovery_codes_left(session: AsyncSession, user_id: int) -> int:
    found = await session.scalar(
        select(func.count())
        .select_from(RecoveryCode)
        .where(RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None))
    )
    return found or 0


async def disable_mfa(session: AsyncSession, user_id: int) -> None:
    """Removes the seed and the recovery codes (committed)."""
    await session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user_id))
    await session.execute(delete(MfaSecret).where(MfaSecret.user_id == user_id))
    await session.commit()


# One-time tokens


async def issue_token(
    session: AsyncSession,
    user_id: int,
    purpose: TokenPurpose,
    token_hash: bytes,
    lifetime: timedelta,
    *,
    new_email: str | None = None,
) -> None:
    """A new token of `purpose`; the user's earlier unused ones of that purpose stop working (committed)."""
    now = datetime.now(UTC)
    await session.execute(
        update(OneTimeToken)
        .where(
            OneTimeToken.user_id == user_id,
            OneTimeToken.purpose == purpose,
            OneTimeToken.used_at.is_(None),
            OneTimeToken.expires_at > now,
        )
        .values(expires_at=now)
    )
    session.add(
        OneTimeToken(
            user_id=user_id,
            purpose=purpose,
            token_hash=token_hash,
            new_email=new_email,
            expires_at=now + lifetime,
        )
    )
    await session.commit()


async def redeem_token(
    session: AsyncSession, purpose: TokenPurpose, token_hash: bytes, *, user_id: int | None = None
) -> OneTimeToken | None:
    """Marks an unexpired, unused token used and answers it; None when there is no such token. With
    `user_id`, only that user's token counts. The caller commits with what the token allows."""
    conditions = [
        OneTimeToken.purpose == purpose,
        OneTimeToken.token_hash == token_hash,
        OneTimeToken.used_at.is_(None),
        OneTimeToken.expires_at > func.now(),
    ]
    if user_id is not None:
        conditions.append(OneTimeToken.user_id == user_id)
    redeemed = await session.scalars(
        update(OneTimeToken).where(*conditions).values(used_at=func.now()).returning(OneTimeToken)
    )
    return redeemed.first()


async def live_token(session: AsyncSession, purpose: TokenPurpose, token_hash: bytes) -> OneTimeToken | None:
    """The unused, unexpired token of this hash, not yet redeemed (see redeem_token)."""
    return await session.scalar(
        select(OneTimeToken).where(
            OneTimeToken.purpose == purpose,
            OneTimeToken.token_hash == token_hash,
            OneTimeToken.used_at.is_(None),
            OneTimeToken.expires_at > func.now(),
        )
    )


async def pending_token(session: AsyncSession, user_id: int, purpose: TokenPurpose) -> OneTimeToken | None:
    """The user's unused, unexpired token of `purpose`, if any."""
    return await session.scalar(
        select(OneTimeToken).where(
            OneTimeToken.user_id == user_id,
            OneTimeToken.purpose == purpose,
            OneTimeToken.used_at.is_(None),
            OneTimeToken.expires_at > func.now(),
        )
    )


async def tokens_since(
    session: AsyncSession, user_id: int, purpose: TokenPurpose, since: datetime, *, used: bool = False
) -> int:
    """How many tokens of `purpose` the user was issued since `since` (with `used`: only redeemed ones)."""
    conditions = [
        OneTimeToken.user_id == user_id,
        OneTimeToken.purpose == purpose,
        OneTimeToken.created_at >= since,
    ]
    if used:
        conditions.append(OneTimeToken.used_at.is_not(None))
    found = await session.scalar(select(func.count()).select_from(OneTimeToken).where(*conditions))
    return found or 0


async def expire_token(session: AsyncSession, token_id: int) -> None:
    """Ends a token before its time, as too many wrong codes do (committed)."""
    await session.execute(
        update(OneTimeToken).where(OneTimeToken.id == token_id).values(expires_at=func.now())
    )
    await session.commit()


# Sessions and credentials


async def sessions_of(session: AsyncSession, user_id: int) -> list[UserSession]:
    """The user's unexpired sessions, the newest first."""
    found = await session.scalars(
        select(UserSession)
        .where(UserSession.user_id == user_id, UserSession.expires_at > func.now())
        .order_by(UserSession.created_at.desc(), UserSession.id.desc())
    )
    return list(found)


async def revoke_session(session: AsyncSession, user_id: int, session_id: int) -> bool:
    """Ends one of the user's sessions (committed); False when the user has no session of that id."""
    ended = await session.execute(
        delete(UserSession)
        .where(UserSession.id == session_id, UserSession.user_id == user_id)
        .returning(UserSession.id)
    )
    await session.commit()
    return ended.first() is not None


async def has_external_identity(session: AsyncSession, user_id: int) -> bool:
    """Whether the user signs in through an OpenID Connect provider, which owns their address."""
    found = await session.scalar(select(UserIdentity.id).where(UserIdentity.user_id == user_id).limit(1))
    return found is not None


async def set_password(session: AsyncSession, user_id: int, password_hash: str) -> None:
    """The new password; every session of the user ends with the old one (the caller commits)."""
    await session.execute(update(User).where(User.id == user_id).values(password_hash=password_hash))
    await session.execute(delete(UserSession).where(UserSession.user_id == user_id))
