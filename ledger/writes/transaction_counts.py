"""The worker's side of the users' kept transaction counts (ledger.models.transaction_counts): folding a
user's per-statement rows into one per account and day, one per asset and one for the rows to review, so
the page's sums stay sums of few rows."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.orm import Session

# Rows another transaction adds meanwhile are not seen, so they stay: each sum is the same before and
# after. Groups that sum to nothing (a deleted account's, a day the user emptied) are dropped.
_FOLDS = (
    text(
        """
        WITH folded AS (
            DELETE FROM transaction_count_deltas WHERE user_id = :user_id
            RETURNING account_id, utc_day, delta
        )
        INSERT INTO transaction_count_deltas (user_id, account_id, utc_day, delta)
        SELECT :user_id, account_id, utc_day, sum(delta) FROM folded
        GROUP BY account_id, utc_day HAVING sum(delta) <> 0
        """
    ),
    text(
        """
        WITH folded AS (
            DELETE FROM asset_count_deltas WHERE user_id = :user_id RETURNING asset_id, delta
        )
        INSERT INTO asset_count_deltas (user_id, asset_id, delta)
        SELECT :user_id, asset_id, sum(delta) FROM folded GROUP BY asset_id HAVING sum(delta) <> 0
        """
    ),
    text(
        """
        WITH folded AS (DELETE FROM review_count_deltas WHERE user_id = :user_id RETURNING delta)
        INSERT INTO review_count_deltas (user_id, delta)
        SELECT :user_id, sum(delta) FROM folded HAVING sum(delta) <> 0
        """
    ),
)


def fold_transaction_count(session: Session, user_id: int) -> None:
    for fold in _FOLDS:
        session.execute(fold, {"user_id": user_id})
