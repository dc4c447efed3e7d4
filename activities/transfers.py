"""The activity that matches a user's transfers between their own accounts after an import: the legs
no link settles yet go through analytics' matching, with the pairs the user linked and unlinked by hand;
each new match is stored as an automatic `transfer` link with its confidence, and each leg left alone
is flagged for review with its reason (matched legs are cleared)."""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker
from temporalio import activity

from activities.heartbeat import heartbeating
from analytics.transfers import LINKED_BY_HAND, Leg, match_transfers
from contracts.transfers import MATCH_TRANSFERS, TransferMatching
from ledger.writes.transfers import LegRow, lock_matching, store_matching, transfer_legs, user_links


def _leg(row: LegRow) -> Leg:
    return Leg(
        transaction_id=str(row.transaction_id),
        account_id=str(row.account_id),
        asset=row.asset,
        timestamp=row.timestamp,
        quantity=row.quantity,
        direction="OUT" if row.is_send else "IN",
    )


class TransferActivities:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions

    @activity.defn(name=MATCH_TRANSFERS)
    def match_transfers_for_user(self, user_id: int) -> TransferMatching:
        with heartbeating(), self._sessions.begin() as session:
            lock_matching(session, user_id)
            rows = transfer_legs(session, user_id)
            links = user_links(session, user_id)
            legs = [_leg(row) for row in rows]
            loaded = {leg.transaction_id for leg in legs}
            result = match_transfers(
                [leg for leg in legs if leg.direction == "OUT"],
                [leg for leg in legs if leg.direction == "IN"],
                already_linked=[
                    (str(send), str(receive))
                    for send, receive in links.by_user
                    if str(send) in loaded and str(receive) in loaded
                ],
                forbidden=[(str(send), str(receive)) for send, receive in links.unlinked_by_user],
            )
            automatic = [match for match in result.matches if match.reason != LINKED_BY_HAND]
            review: dict[int, str | None] = {}
            for match in result.matches:
                review[int(match.send_id)] = review[int(match.receive_id)] = None
            for lone in (*result.unmatched_sends, *result.unmatched_receives):
                review[int(lone.transaction_id)] = lone.reason
            store_matching(
                session,
                user_id,
                [(int(match.send_id), int(match.receive_id), match.confidence) for match in automatic],
                review,
            )
        return TransferMatching(
            legs=len(legs),
            new_links=len(automatic),
            to_review=len(result.unmatched_sends) + len(result.unmatched_receives),
        )
