"""The activity that deletes an account marked for deletion, batch by batch, heartbeating as it goes."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity

from activities.heartbeat import heartbeating
from contracts.account_deletion import DELETE_ACCOUNT, DeleteAccountInput
from ledger.models import Account
from ledger.writes.account_deletion import delete_account, delete_transactions_batch

DELETE_BATCH = 10_000


class AccountDeletionActivities:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions

    @activity.defn(name=DELETE_ACCOUNT)
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
        with heartbeating():
            while True:
                with self._sessions.begin() as session:
                    count = delete_transactions_batch(session, params.account_id, DELETE_BATCH)
                if count == 0:
                    break
                deleted += count
            with self._sessions.begin() as session:
                delete_account(session, params.account_id)
        return deleted
