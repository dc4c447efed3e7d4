"""The activity that deletes an account marked for deletion, batch by batch, heartbeating as it goes."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity

from ledger.models import Account
from ledger.writes.account_deletion import delete_account, delete_transactions_batch

DELETE_BATCH = 10_000


@dataclass(frozen=True)
class DeleteAccountInput:
    account_id: int
    user_id: int


class AccountDeletionActivities:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions

    @activity.defn
    def delete_account(self, params: DeleteAccountInput) -> int:
        """Delete the account's transactions, then the account; answers how many transactions went.
        Only an account of this user marked for deletion is touched, so a stray call deletes nothing."""
        with self._sessions.begin() as session:
            marked = session.scalar(
                select(Account.id).where(
                    Account.id == params.account_id,
                    Account.user_id == params.user_id,
                    Account.will_be_deleted.is_(True),
                )
            )
        if marked is None:
            return 0
        deleted = 0
        while True:
            with self._sessions.begin() as session:
                count = delete_transactions_batch(session, params.account_id, DELETE_BATCH)
            if count == 0:
                break
            deleted += count
            activity.heartbeat(deleted)
        with self._sessions.begin() as session:
            delete_account(session, params.account_id)
        return deleted
