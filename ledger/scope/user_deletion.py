"""Marking the signed-in user for deletion, before DeleteUserWorkflow removes them: their e-mail is
replaced by the mark (contracts.user_deletion.marked_email), so it is free at once and the worker
recognises the user; the password can no longer match; every session goes, and sign-in through the
identity provider refuses a marked user, so nobody is signed in as them any more; invites sent to their
e-mail and not accepted go. `unmark` undoes the mark when the workflow could not be started (the invites
stay deleted: a sender invites again)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.user_deletion import marked_email
from ledger.models import TaxProInvite, User, UserSession
from ledger.scope.identities import NO_PASSWORD


@dataclass(frozen=True)
class Unmarked:
    """What the mark replaced."""

    email: str
    password_hash: str


async def mark_for_deletion(session: AsyncSession, user: User) -> Unmarked:
    """The caller commits."""
    was = Unmarked(user.email, user.password_hash)
    user.email = marked_email(user.public_id)
    user.password_hash = NO_PASSWORD
    await session.execute(delete(UserSession).where(UserSession.user_id == user.id))
    # invites not yet accepted name the user only by this e-mail, which the worker will not know
    await session.execute(
        delete(TaxProInvite).where(
            TaxProInvite.invitee_email == was.email, TaxProInvite.accepted_at.is_(None)
        )
    )
    await session.flush()
    return was


async def unmark(session: AsyncSession, user: User, was: Unmarked) -> None:
    """The caller commits."""
    user.email = was.email
    user.password_hash = was.password_hash
    await session.flush()
