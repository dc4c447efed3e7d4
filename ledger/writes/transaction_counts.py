"""The worker's side of the users' transaction counts (ledger.models.transaction_counts): folding a
user's per-statement rows into one, so the page's sum stays a sum of few rows."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.orm import Session

# Rows another transaction adds meanwhile are not seen, so they stay: the sum is the same before and after.
_FOLD = text(
    """
    WITH folded AS (DELETE FROM transaction_count_deltas WHERE user_id = :user_id RETURNING delta)
    INSERT INTO transaction_count_deltas (user_id, delta)
    SELECT :user_id, sum(delta) FROM folded HAVING count(*) > 0
    """
)


def fold_transaction_count(session: Session, user_id: int) -> None:
    session.execute(_FOLD, {"user_id": user_id})
