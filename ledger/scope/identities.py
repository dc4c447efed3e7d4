"""Users who sign in through the OpenID Connect provider: found by the issuer's subject, or created on their
first sign-in, with no password of their own."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import User, UserIdentity
from ledger.scope.sessions import EmailTaken, normalise_email

NO_PASSWORD = "!"  # not an Argon2 hash: no password matches it


async def user_for_identity(session: AsyncSession, issuer: str, subject: str) -> User | None:
    return await session.scalar(
        select(User)
        .join(UserIdentity, UserIdentity.user_id == User.id)
        .where(UserIdentity.issuer == issuer, UserIdentity.subject == subject)
    )


async def create_identity_user(session: AsyncSession, email: str, issuer: str, subject: str) -> User:
    """A new user (committed) who signs in as `subject` at `issuer`; raises EmailTaken."""
    user = User(email=normalise_email(email), password_hash=NO_PASSWORD)
    session.add(user)
    try:
        await session.flush()
        session.add(UserIdentity(user_id=user.id, issuer=issuer, subject=subject))
        await session.commit()
    except IntegrityError as exc:
        await session.rollback()
        raise EmailTaken(email) from exc
    return user
