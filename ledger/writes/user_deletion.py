"""Deleting a user and every row of theirs, in batches small enough to keep each database transaction
short (a user can hold millions of transactions and result rows).

Which rows are the user's is read from the tables' foreign keys, not listed here: every column that
references `users.id` with ON DELETE CASCADE holds rows that go with the user, so a table added later is
covered without a change here. Columns with ON DELETE SET NULL record what this user did to someone
else's data (an admin's retry, an editor); those rows stay, without the reference. Audit rows about the
user (staff acting on their account) stay too, as a record of what staff did, stripped of the workflow
and run ids that name the user's work. A tax firm whose only member the user is goes too (its invites
and client assignments with it): no row of it names the user, and nobody is left to run it.
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import Column, Table, delete, exists, select, text, update
from sqlalchemy.orm import Session

from contracts.user_deletion import marked_email
from ledger.models import Account, AdminAction, Base, TaxFirm, TaxFirmMember, Transaction, User


def is_marked(session: Session, user_id: int, public_id: str) -> bool:
    """Whether the user exists and carries the mark of a user being deleted (see contracts)."""
    email = session.scalar(select(User.email).where(User.id == user_id, User.public_id == public_id))
    return email == marked_email(public_id)


def objects_may_go(session: Session, public_id: str) -> bool:
    """Whether a user's stored objects may be deleted: the user is gone, or marked for deletion."""
    email = session.scalar(select(User.email).where(User.public_id == public_id))
    return email is None or email == marked_email(public_id)


def account_ids(session: Session, user_id: int) -> list[int]:
    return list(session.scalars(select(Account.id).where(Account.user_id == user_id)))


def owned_columns() -> Iterator[tuple[Table, Column[object]]]:
    """Every column whose rows go with the user, children's tables before their parents'."""
    users = User.__table__
    for table in reversed(Base.metadata.sorted_tables):
        for key in table.foreign_keys:
            if key.column.table is users and key.ondelete == "CASCADE":
                yield table, key.parent


def delete_transactions_batch(session: Session, user_id: int, size: int) -> int:
    """Delete up to `size` of the user's transactions (their flows, labels, links and results go
    with them); answers how many. Done before the other tables: a user's own assets stay referenced by
    their flows until the transactions are gone."""
    batch = select(Transaction.id).where(Transaction.user_id == user_id).limit(size)
    return (
        session.connection()
        .execute(delete(Transaction).where(Transaction.id.in_(batch.scalar_subquery())))
        .rowcount
    )


def delete_rows_batch(session: Session, table: Table, column: Column[object], user_id: int, size: int) -> int:
    """Delete up to `size` rows of `table` whose `column` is the user; answers how many. Rows are named by
    their physical address, so any table works, whatever its key."""
    statement = text(
        f'DELETE FROM "{table.name}" WHERE ctid = ANY(ARRAY('
        f'SELECT ctid FROM "{table.name}" WHERE "{column.name}" = :user_id LIMIT :size))'
    )
    return session.connection().execute(statement, {"user_id": user_id, "size": size}).rowcount


def strip_audit(session: Session, user_id: int) -> None:
    """Staff actions on the user's account keep who did what and when, nothing naming the user."""
    session.execute(
        update(AdminAction)
        .where(AdminAction.user_id == user_id)
        .values(user_id=None, workflow_id=None, run_id=None)
    )


def delete_sole_firms(session: Session, user_id: int) -> None:
    """Delete the firm the user is the only member of."""
    others = select(TaxFirmMember.user_id).where(
        TaxFirmMember.firm_id == TaxFirm.id, TaxFirmMember.user_id != user_id
    )
    mine = select(TaxFirmMember.firm_id).where(TaxFirmMember.user_id == user_id)
    session.execute(delete(TaxFirm).where(TaxFirm.id.in_(mine), ~exists(others)))


def delete_user(session: Session, user_id: int) -> bool:
    """Delete the user row (what is left of theirs goes by cascade); answers whether it was there."""
    return session.connection().execute(delete(User).where(User.id == user_id)).rowcount > 0
