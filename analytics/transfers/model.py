"""The values transfer matching works on: legs in, matches and unmatched legs out."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Literal

Direction = Literal["OUT", "IN"]


@dataclass(frozen=True, slots=True)
class Leg:
    """One side of a possible transfer: crypto leaving (OUT) or entering (IN) one account."""

    transaction_id: str
    account_id: str
    asset: str
    timestamp: datetime
    quantity: Decimal
    direction: Direction

    def __post_init__(self) -> None:
        if self.timestamp.utcoffset() != timedelta(0):
            raise ValueError(f"leg {self.transaction_id}: timestamp must be timezone-aware UTC")
        if not (self.quantity.is_finite() and self.quantity > 0):
            raise ValueError(f"leg {self.transaction_id}: quantity must be a positive number")
        if self.direction not in ("OUT", "IN"):
            raise ValueError(f"leg {self.transaction_id}: direction must be OUT or IN")


@dataclass(frozen=True, slots=True)
class Match:
    """A send and a receive linked as one transfer (link type `transfer`).

    fee is sent − received. An automatic match always has 0 ≤ fee ≤ the plausible network fee
    (analytics.transfers.fees); a pair linked by hand is kept as the user linked it.
    confidence is in [0, 1] with two decimals (analytics.transfers.confidence); 1.00 by hand.
    """

    send_id: str
    receive_id: str
    asset: str
    fee: Decimal
    confidence: Decimal
    reason: str


@dataclass(frozen=True, slots=True)
class Unmatched:
    """A leg left without a partner: an item for the user to review, never a silent basis reset."""

    transaction_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Matches ordered by send time, unmatched legs by their own time (ties by id)."""

    matches: tuple[Match, ...]
    unmatched_sends: tuple[Unmatched, ...]
    unmatched_receives: tuple[Unmatched, ...]
