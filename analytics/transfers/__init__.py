"""Transfer matching: a send from one own account and a receive into another become one transfer.

The import activity passes the user's crypto sends and receives that no link joins yet, with
the pairs linked and unlinked by hand; it stores each Match as a `transfer` link with its
confidence, and each Unmatched leg as an item to review with its reason.
"""

from analytics.transfers.fees import plausible_fee
from analytics.transfers.matching import CLOCK_SKEW, LINKED_BY_HAND, match_transfers
from analytics.transfers.model import Leg, Match, MatchResult, Unmatched

__all__ = [
    "CLOCK_SKEW",
    "LINKED_BY_HAND",
    "Leg",
    "Match",
    "MatchResult",
    "Unmatched",
    "match_transfers",
    "plausible_fee",
]
