"""Deleting an account and everything recorded in it, in batches small enough to keep each
database transaction short (an exchange account can hold millions of transactions)."""

from __future__ import annotations

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from ledger.models import Account, Transaction


def delete_transactions_batch(session: Session, account_id: int, batch_size: int) -> int:
    """Delete up to `batch_size` transactions of the account and of its child accounts (their flows,
    labels and links go with them); answers how many were deleted, 0 when none are left."""
    family = select(Account.id).where(or_(Account.id == account_id, Account.parent_id == account_id))
    batch = (
        select(Transaction.id).where(Transaction.account_id.in_(family.scalar_subquery())).limit(batch_size)
    )
    return (
        session.connection()
        .execute(delete(Transaction).where(Transaction.id.in_(batch.scalar_subquery())))
        .rowcount
    )


def delete_account(session: Session, account_id: int) -> bool:
    """Delete the account row (and its child accounts); answers whether it was still there."""
    return session.connection().execute(delete(Account).where(Account.id == account_id)).rowcount > 0
