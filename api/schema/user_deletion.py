"""Delete user (spec 001 §7 Settings): the signed-in user confirms with their password (or, when they
sign in only through an identity provider and have none, by typing DELETE); they are marked, signed out
everywhere, and DeleteUserWorkflow removes every row and object of theirs. A firm goes with its only
member; its only admin is refused while others remain, as when leaving it (ledger.scope.tax_pros)."""

from __future__ import annotations

import math

import strawberry

from api.auth import too_many_attempts
from api.context import CairnInfo
from api.jobs import start_work
from api.limits import SIGN_IN_PER_ACCOUNT
from api.passwords import verify_password
from api.schema.common import MutationResult
from contracts.user_deletion import user_deletion
from ledger.scope.identities import NO_PASSWORD
from ledger.scope.tax_pros import leaves_firm_without_admin
from ledger.scope.throttle import attempt_key, take_attempt
from ledger.scope.user_deletion import mark_for_deletion, unmark

CONFIRMATION_WORD = "DELETE"
NOT_ALLOWED = "You can't delete a user on behalf of them."
WRONG_PASSWORD = "Incorrect password."
NOT_CONFIRMED = f"Type {CONFIRMATION_WORD} to confirm."
NOT_STARTED = "Your account could not be deleted. Please try again later."
LAST_FIRM_ADMIN = (
    "You are your firm's only admin. Make another member an admin before you delete your account."
)


def _failed(code: str, message: str) -> MutationResult:
    return MutationResult(success=False, error=code, error_message=message)


@strawberry.type
class AccountDeletion:
    requires_password: bool  # else the user confirms by typing DELETE


@strawberry.type
class UserDeletionQuery:
    @strawberry.field(description="How the signed-in user confirms deleting their account.")
    async def account_deletion(self, info: CairnInfo) -> AccountDeletion:
        return AccountDeletion(requires_password=info.context.user.password_hash != NO_PASSWORD)


@strawberry.type
class UserDeletionMutation:
    @strawberry.mutation(description="Deletes the signed-in user with all their data, and signs them out.")
    async def delete_user(
        self, info: CairnInfo, password: str | None = None, confirmation: str | None = None
    ) -> MutationResult:
        context = info.context
        if context.viewing_as:
            return _failed("NOT_ALLOWED", NOT_ALLOWED)
        user = context.user
        if await leaves_firm_without_admin(context.session, user.id):
            return _failed("LAST_FIRM_ADMIN", LAST_FIRM_ADMIN)
        if user.password_hash == NO_PASSWORD:
            if confirmation != CONFIRMATION_WORD:
                return _failed("NOT_CONFIRMED", NOT_CONFIRMED)
        else:
            # counted as sign-in attempts: this is one more place a password can be guessed
            wait = await take_attempt(
                context.session, attempt_key("sign-in", "account", user.email), SIGN_IN_PER_ACCOUNT
            )
            if wait is not None:
                seconds = max(1, math.ceil(wait.total_seconds()))
                return _failed("TOO_MANY_ATTEMPTS", too_many_attempts(seconds))
            if not await verify_password(user.password_hash, password or ""):
                return _failed("WRONG_PASSWORD", WRONG_PASSWORD)
        was = await mark_for_deletion(context.session, user)
        started = await start_work(
            context,
            user_deletion(user.id, user.public_id),
            undo=lambda: unmark(context.session, user, was),
        )
        return MutationResult.ok() if started.ok else _failed("UNKNOWN_ERROR", NOT_STARTED)
