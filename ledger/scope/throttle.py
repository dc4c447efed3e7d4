"""Counting attempts in PostgreSQL, so that every API process refuses the same ones.

Each key (an action and what it is counted against: an account or a client address) has a window that
opens with its first attempt. An attempt beyond the limit within the window is refused until the window
ends. Keys are stored hashed: the table names no e-mail and no address.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import case, delete, func
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import AuthAttempts


@dataclass(frozen=True)
class Limit:
    attempts: int
    window: timedelta


def attempt_key(action: str, counted_against: str, value: str) -> str:
    """The key of `action` ("sign-in") counted against `value`, an account's e-mail or an address."""
    return f"{action}:{counted_against}:{hashlib.sha256(value.encode()).hexdigest()}"


async def take_attempt(session: AsyncSession, key: str, limit: Limit) -> timedelta | None:
    """Counts one attempt (committed); answers how long until the key may try again when this attempt is
    beyond its limit, None when it may go ahead."""
    expired = AuthAttempts.window_ends_at <= func.now()
    counted = (
        insert(AuthAttempts)
        .values(key=key, attempts=1, window_ends_at=func.now() + limit.window)
        .on_conflict_do_update(
            index_elements=[AuthAttempts.key],
            set_={
                "attempts": case((expired, 1), else_=AuthAttempts.attempts + 1),
                "window_ends_at": case(
                    (expired, func.now() + limit.window), else_=AuthAttempts.window_ends_at
                ),
            },
        )
        .returning(AuthAttempts.attempts, AuthAttempts.window_ends_at, func.now())
    )
    attempts, window_ends_at, now = (await session.execute(counted)).one()
    await session.commit()
    return window_ends_at - now if attempts > limit.attempts else None


async def forget_attempts(session: AsyncSession, key: str) -> None:
    """Starts the key afresh (committed), as a successful sign-in does for its account."""
    await session.execute(delete(AuthAttempts).where(AuthAttempts.key == key))
    await session.commit()
