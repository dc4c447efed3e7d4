"""Sign-up and sign-in records: users by e-mail, and browser sessions known by the hash of their token.

The cookie carries a random token; the database keeps only its SHA-256, so a leaked table opens nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from ledger.models import User, UserSession

TOKEN_BYTES = 32
USER_AGENT_CHARS = 300  # UserSession.user_agent's length


class EmailTaken(ValueError):
    """An account with this e-mail already exists."""


def normalise_email(email: str) -> str:
    return email.strip().lower()


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


async def create_user(session: AsyncSession, email: str, password_hash: str) -> User:
    """A new user (committed); raises EmailTaken."""
    user = User(email=normalise_email(email), password_hash=password_hash)
    session.add(user)
    try:
        await session.commit()
    except IntegrityError as exc:
        await session.rollback()
        raise EmailTaken(email) from exc
    return user


async def user_by_email(session: AsyncSession, email: str) -> User | None:
    return await session.scalar(select(User).where(User.email == normalise_email(email)))


async def open_session(
    session: AsyncSession, user: User, lifetime: timedelta, user_agent: str = ""
) -> tuple[str, datetime]:
    """A new session for `user` (committed): its cookie token and its expiry."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    expires_at = datetime.now(UTC) + lifetime
    session.add(
        UserSession(
            token_hash=token_hash(token),
            user_id=user.id,
            expires_at=expires_at,
            user_agent=user_agent[:USER_AGENT_CHARS],
        )
    )
    await session.commit()
    return token, expires_at


@dataclass(frozen=True)
class SessionUsers:
    signed_in: User
    viewed: User | None  # whom the session views as (an admin's view-as, a tax pro's client), if anyone


_viewed = aliased(User, name="viewed")
# Built once: building it (an aliased User) took every request longer than running it
_SESSION_USERS = (
    select(User, _viewed)
    .join(UserSession, UserSession.user_id == User.id)
    .outerjoin(_viewed, _viewed.id == UserSession.view_as_user_id)
    .where(UserSession.token_hash == bindparam("token_hash"), UserSession.expires_at > bindparam("now"))
)


async def session_users(session: AsyncSession, token: str) -> SessionUsers | None:
    """The user of an unexpired session and whom it views as, in one statement (every /graphql request
    asks)."""
    found = await session.execute(_SESSION_USERS, {"token_hash": token_hash(token), "now": datetime.now(UTC)})
    row = found.one_or_none()
    return None if row is None else SessionUsers(*row)


async def user_for_token(session: AsyncSession, token: str) -> User | None:
    """The user of an unexpired session."""
    users = await session_users(session, token)
    return None if users is None else users.signed_in


async def viewed_user_for_token(session: AsyncSession, token: str) -> User | None:
    """The user the session's admin views as, if any."""
    return await session.scalar(
        select(User)
        .join(UserSession, UserSession.view_as_user_id == User.id)
        .where(UserSession.token_hash == token_hash(token))
    )


async def set_view_as(session: AsyncSession, token: str, user_id: int | None) -> None:
    """The session views as `user_id` from now on (None: its own user again); the caller commits."""
    await session.execute(
        update(UserSession).where(UserSession.token_hash == token_hash(token)).values(view_as_user_id=user_id)
    )


async def session_id_for_token(session: AsyncSession, token: str) -> int | None:
    return await session.scalar(select(UserSession.id).where(UserSession.token_hash == token_hash(token)))


async def close_session(session: AsyncSession, token: str) -> None:
    await session.execute(delete(UserSession).where(UserSession.token_hash == token_hash(token)))
    await session.commit()
