"""What transfer matching reads and writes for one user: the worker's side (the API's is
ledger.scope.transactions).

A transfer leg is a crypto SEND / WITHDRAWAL (one asset out) or RECEIVE / DEPOSIT (one asset in) that
is not ignored: exactly one flow that is not a fee, of an asset that is not fiat, in the direction its
type says. Legs an automatic transfer link or any other kind of link already joins are settled; legs
the user linked by hand come with their pair, so matching keeps it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import bindparam, text
from sqlalchemy.orm import Session

from ledger.locks import transfer_links_lock
from ledger.writes.copy import copy_rows
from vocabulary.transfers import RECEIVE_TYPES, SEND_TYPES

# Links other than the user's own transfer links settle both of their transactions.
_SETTLED = """
    SELECT 1 FROM transaction_links k
    WHERE k.{end} = t.id AND NOT (k.created_by = 'user' AND k.link_type = 'transfer')
"""

_LEGS = f"""
SELECT t.id, t.account_id, a.symbol, t.timestamp, f.quantity, f.direction = 'OUTFLOW' AS is_send
FROM transactions t
JOIN flows f ON f.transaction_id = t.id AND f.user_id = t.user_id AND NOT f.is_fee
JOIN assets a ON a.id = f.asset_id
WHERE t.user_id = :user_id AND NOT t.is_ignored AND t.type IN :types AND a.type <> 'FIAT'
  AND (f.direction = 'OUTFLOW') = (t.type IN :send_types)
  AND NOT EXISTS (SELECT 1 FROM flows o WHERE o.transaction_id = t.id AND NOT o.is_fee AND o.id <> f.id)
  AND NOT EXISTS ({_SETTLED.format(end="from_transaction_id")})
  AND NOT EXISTS ({_SETTLED.format(end="to_transaction_id")})
"""

_USER_LINKS = """
SELECT from_transaction_id, to_transaction_id FROM transaction_links
WHERE user_id = :user_id AND link_type = 'transfer' AND created_by = 'user'
"""

_EXCLUSIONS = """
SELECT from_transaction_id, to_transaction_id FROM transaction_link_exclusions WHERE user_id = :user_id
"""

_INSERT_LINK = """
INSERT INTO transaction_links
    (user_id, link_type, from_transaction_id, to_transaction_id, confidence, created_by)
VALUES (:user_id, 'transfer', :send_id, :receive_id, :confidence, 'auto')
ON CONFLICT (from_transaction_id, to_transaction_id, link_type) DO NOTHING
"""

_REVIEW_STAGING = "CREATE TEMPORARY TABLE staging_review (id bigint PRIMARY KEY, reason text) ON COMMIT DROP"

# The legs given are all the user's (they were just read for this user): flagged ones get or keep their
# row with the reason, cleared ones lose it. A flag its import set (an unrecognised type) stays as it is.
_APPLY_REVIEW = [
    """DELETE FROM transaction_reviews v USING staging_review r
       WHERE v.transaction_id = r.id AND r.reason IS NULL AND NOT v.from_import""",
    """INSERT INTO transaction_reviews (transaction_id, user_id, reason, account_id, timestamp)
       SELECT r.id, :user_id, r.reason, t.account_id, t.timestamp
       FROM staging_review r JOIN transactions t ON t.id = r.id WHERE r.reason IS NOT NULL
       ON CONFLICT (transaction_id) DO UPDATE SET reason = excluded.reason
       WHERE transaction_reviews.reason IS DISTINCT FROM excluded.reason
         AND NOT transaction_reviews.from_import""",
]


@dataclass(frozen=True, slots=True)
class LegRow:
    transaction_id: int
    account_id: int
    asset: str  # the symbol
    timestamp: datetime
    quantity: Decimal
    is_send: bool


@dataclass(frozen=True, slots=True)
class TransferLinks:
    by_user: list[tuple[int, int]]  # (send, receive) pairs linked by hand
    unlinked_by_user: list[tuple[int, int]]  # pairs unlinked by hand: never to be matched again


def lock_matching(session: Session, user_id: int) -> None:
    """One matching at a time per user (two imports finishing together), until the transaction ends."""
    session.execute(transfer_links_lock(user_id))


def transfer_legs(session: Session, user_id: int) -> list[LegRow]:
    """The user's legs not yet settled by a link other than the user's own transfer links."""
    statement = text(_LEGS).bindparams(
        bindparam("types", expanding=True), bindparam("send_types", expanding=True)
    )
    rows = session.execute(
        statement,
        {
            "user_id": user_id,
            "types": [kind.value for kind in (*SEND_TYPES, *RECEIVE_TYPES)],
            "send_types": [kind.value for kind in SEND_TYPES],
        },
    )
    return [LegRow(*row) for row in rows]


def user_links(session: Session, user_id: int) -> TransferLinks:
    params = {"user_id": user_id}
    return TransferLinks(
        by_user=[(send, receive) for send, receive in session.execute(text(_USER_LINKS), params)],
        unlinked_by_user=[(send, receive) for send, receive in session.execute(text(_EXCLUSIONS), params)],
    )


def store_matching(
    session: Session,
    user_id: int,
    links: Iterable[tuple[int, int, Decimal]],
    review: Mapping[int, str | None],
) -> None:
    """Insert automatic transfer links (send, receive, confidence) and set each leg's review flag: a
    reason flags it, None clears it. Every id given must be one of the user's transfer legs."""
    found = [
        {"user_id": user_id, "send_id": send_id, "receive_id": receive_id, "confidence": confidence}
        for send_id, receive_id, confidence in links
    ]
    if found:
        session.execute(text(_INSERT_LINK), found)
    session.execute(text(_REVIEW_STAGING))
    copy_rows(session, "staging_review", ("id", "reason"), review.items())
    for statement in _APPLY_REVIEW:
        session.execute(text(statement), {"user_id": user_id})
