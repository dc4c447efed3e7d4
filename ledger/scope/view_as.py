"""The user's debug permission (spec 001 §3 user settings): whether an admin viewing as them may change
their data. Off until the user turns it on."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import User

DEBUG_PERMISSION_KEY = "debugPermission"


def debug_permission_of(user: User) -> bool:
    return bool(user.settings.get(DEBUG_PERMISSION_KEY, False))


async def set_debug_permission(session: AsyncSession, user_id: int, granted: bool) -> None:
    user = await session.get(User, user_id)
    if user is not None:
        user.settings = {**user.settings, DEBUG_PERMISSION_KEY: granted}
