"""Transfer matching: a send and a receive of one asset between own accounts become one transfer.

Runs after each import over the user's crypto sends and receives that are not yet linked (the
caller leaves out fiat and flows already classified otherwise). A send s and a receive r may
pair when

- they move the same asset between different accounts,
- s.time − CLOCK_SKEW ≤ r.time ≤ s.time + window (exchanges' clocks differ by minutes),
- 0 ≤ s.quantity − r.quantity ≤ plausible_fee(asset, s.quantity) (analytics.transfers.fees),
- the user has not unlinked them by hand.

The pair with the smallest penalty (analytics.transfers.confidence) is taken first, then the
next whose legs are both still free, and so on; ties go to the smaller time gap, then to the
smaller send id and receive id, so the result depends on the set of legs and not their order.
Pairs linked by hand are kept as they are and their legs pair with nothing else. Every other
leg comes back unmatched with its reason, for the user to review: an unmatched leg would
otherwise reset or lose cost basis without anyone noticing.

Candidates are found per asset by range lookups (analytics.transfers.index), never by trying
all pairs.
"""

from collections.abc import Collection, Sequence
from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Context, Decimal, localcontext

from analytics.transfers.confidence import confidence, penalty
from analytics.transfers.fees import plausible_fee
from analytics.transfers.index import Entry, SideIndex, entries_by_asset, micros
from analytics.transfers.model import Leg, Match, MatchResult, Unmatched

CLOCK_SKEW = timedelta(minutes=10)
LINKED_BY_HAND = "linked by hand"

_MICROSECOND = timedelta(microseconds=1)
_SKEW_US = CLOCK_SKEW // _MICROSECOND
# Enough digits that a fee between two Decimal(38, 18) quantities is exact.
_EXACT = Context(prec=80, rounding=ROUND_HALF_EVEN)

# (penalty, time gap in µs, send id, receive id, send time, receive time, fee): the ranking key
# first, unique by its ids, then what the match is made of.
Pair = tuple[int, int, str, str, int, int, Decimal]


def match_transfers(
    sends: Sequence[Leg],
    receives: Sequence[Leg],
    *,
    already_linked: Collection[tuple[str, str]] = (),
    forbidden: Collection[tuple[str, str]] = (),
    window: timedelta = timedelta(hours=24),
) -> MatchResult:
    """Links sends (OUT legs) to receives (IN legs) of the same asset in other accounts.

    already_linked: (send id, receive id) pairs linked by hand; both legs must be given.
    forbidden: (send id, receive id) pairs unlinked by hand; never matched.
    Raises ValueError on a leg on the wrong side or given twice, or on contradictory links.
    """
    if window <= timedelta(0):
        raise ValueError("the matching window must be positive")
    legs = _legs_by_id(sends, receives)
    refused_pairs = set(forbidden)
    window_us = window // _MICROSECOND
    bucket_us = window_us + _SKEW_US
    with localcontext(_EXACT):
        hand = _hand_matches(already_linked, refused_pairs, legs)
        linked = {leg_id for _, match in hand for leg_id in (match.send_id, match.receive_id)}
        sends_by_asset = entries_by_asset(leg for leg in sends if leg.transaction_id not in linked)
        receives_by_asset = entries_by_asset(leg for leg in receives if leg.transaction_id not in linked)
        receive_index = {asset: SideIndex(found, bucket_us) for asset, found in receives_by_asset.items()}
        pairs, refused = _candidate_pairs(sends_by_asset, receive_index, refused_pairs, window_us)
        paired = {leg_id for found in pairs.values() for pair in found for leg_id in pair[2:4]}
        automatic = _assign(pairs)
        matched = linked | {leg_id for _, match in automatic for leg_id in (match.send_id, match.receive_id)}

        lone_sends = _unmatched(sends_by_asset, matched)
        lone_receives = _unmatched(receives_by_asset, matched)
        send_index = {
            asset: SideIndex(sends_by_asset[asset], bucket_us)
            for asset in {asset for asset, _ in lone_receives}
            if asset in sends_by_asset
        }
        unmatched_sends = tuple(
            Unmatched(
                entry[3],
                _unmatched_reason(asset, entry, paired, refused, receive_index, window_us, sending=True),
            )
            for asset, entry in lone_sends
        )
        unmatched_receives = tuple(
            Unmatched(
                entry[3],
                _unmatched_reason(asset, entry, paired, refused, send_index, window_us, sending=False),
            )
            for asset, entry in lone_receives
        )
    matches = [match for _, match in sorted(hand + automatic, key=lambda item: (item[0], item[1].send_id))]
    return MatchResult(tuple(matches), unmatched_sends, unmatched_receives)


def _legs_by_id(sends: Sequence[Leg], receives: Sequence[Leg]) -> dict[str, Leg]:
    legs: dict[str, Leg] = {}
    for side, direction in ((sends, "OUT"), (receives, "IN")):
        for leg in side:
            if leg.direction != direction:
                raise ValueError(f"leg {leg.transaction_id} is {leg.direction}, given among {direction} legs")
            if leg.transaction_id in legs:
                raise ValueError(f"leg {leg.transaction_id} is given twice")
            legs[leg.transaction_id] = leg
    return legs


def _hand_matches(
    already_linked: Collection[tuple[str, str]], forbidden: set[tuple[str, str]], legs: dict[str, Leg]
) -> list[tuple[int, Match]]:
    """The pairs linked by hand, each with its send time."""
    matches: list[tuple[int, Match]] = []
    taken: set[str] = set()
    for send_id, receive_id in already_linked:
        send, receive = legs.get(send_id), legs.get(receive_id)
        if send is None or send.direction != "OUT":
            raise ValueError(f"linked pair ({send_id}, {receive_id}): {send_id} is not among the sends")
        if receive is None or receive.direction != "IN":
            raise ValueError(f"linked pair ({send_id}, {receive_id}): {receive_id} is not among the receives")
        if send_id in taken or receive_id in taken:
            raise ValueError(f"linked pair ({send_id}, {receive_id}): a leg is already linked to another")
        if (send_id, receive_id) in forbidden:
            raise ValueError(f"pair ({send_id}, {receive_id}) is both linked and unlinked by hand")
        if send.asset != receive.asset:
            raise ValueError(f"linked pair ({send_id}, {receive_id}): a transfer moves a single asset")
        taken.update((send_id, receive_id))
        fee = send.quantity - receive.quantity
        match = Match(send_id, receive_id, send.asset, fee, Decimal("1.00"), LINKED_BY_HAND)
        matches.append((micros(send.timestamp), match))
    return matches


def _candidate_pairs(
    sends: dict[str, list[Entry]],
    receives: dict[str, SideIndex],
    forbidden: set[tuple[str, str]],
    window_us: int,
) -> tuple[dict[str, list[Pair]], set[str]]:
    """Every allowed pair by asset, and the ids of legs refused a pair by hand."""
    pairs: dict[str, list[Pair]] = {}
    refused: set[str] = set()
    for asset, asset_sends in sends.items():
        index = receives.get(asset)
        if index is None:
            continue
        found = pairs[asset] = []
        for sent_us, sent, account_id, send_id in asset_sends:
            allowance = plausible_fee(asset, sent)
            fitting = index.fitting(sent_us - _SKEW_US, sent_us + window_us, sent - allowance, sent)
            for received_us, received, receiving_account_id, receive_id in fitting:
                if receiving_account_id == account_id:
                    continue
                if forbidden and (send_id, receive_id) in forbidden:
                    refused.update((send_id, receive_id))
                    continue
                gap_us = abs(received_us - sent_us)
                fee = sent - received
                rank = penalty(gap_us, fee, allowance, window_us)
                found.append((rank, gap_us, send_id, receive_id, sent_us, received_us, fee))
    return pairs, refused


def _assign(pairs: dict[str, list[Pair]]) -> list[tuple[int, Match]]:
    """Greedy by ranking key, asset by asset: the best remaining pair whose legs are both free.

    Each match comes with its send time.
    """
    matches: list[tuple[int, Match]] = []
    for asset, found in pairs.items():
        found.sort()
        used: set[str] = set()
        for pair_penalty, _, send_id, receive_id, sent_us, received_us, fee in found:
            if send_id in used or receive_id in used:
                continue
            used.add(send_id)
            used.add(receive_id)
            reason = _match_reason(asset, fee, received_us - sent_us)
            matches.append(
                (sent_us, Match(send_id, receive_id, asset, fee, confidence(pair_penalty), reason))
            )
    return matches


def _unmatched(by_asset: dict[str, list[Entry]], matched: set[str]) -> list[tuple[str, Entry]]:
    """The entries not in `matched` with their asset, in time order (ties by id)."""
    lone = [(asset, entry) for asset, found in by_asset.items() for entry in found if entry[3] not in matched]
    return sorted(lone, key=lambda item: (item[1][0], item[1][3]))


def _match_reason(asset: str, fee: Decimal, delay_us: int) -> str:
    amount = "same quantity" if fee == 0 else f"{_plain(fee)} {asset} less (network fee)"
    if delay_us >= 0:
        return f"{amount}, received {_span(delay_us)} after the send"
    return f"{amount}, received {_span(-delay_us)} before the send (clock skew)"


def _unmatched_reason(
    asset: str,
    leg: Entry,
    paired: set[str],
    refused: set[str],
    counterparts: dict[str, SideIndex],
    window_us: int,
    *,
    sending: bool,
) -> str:
    """Why a send (or a receive) matched nothing; `counterparts` indexes the legs of the other side."""
    at_us, quantity, account_id, leg_id = leg
    this, other = ("send", "receive") if sending else ("receive", "send")
    if leg_id in paired:
        return f"every {other} that fits was matched to another {this} that fits it better"
    if leg_id in refused:
        return f"every {other} that fits was unlinked from it by hand"
    toward = "into" if sending else "from"
    before_us, after_us = (_SKEW_US, window_us) if sending else (window_us, _SKEW_US)
    index = counterparts.get(asset)
    nearby = () if index is None else index.between(at_us - before_us, at_us + after_us)
    if any(entry[2] != account_id for entry in nearby):
        if sending:
            allowance = plausible_fee(asset, quantity)
            fitting = (
                f"{_plain(quantity - allowance)} to {_plain(quantity)}: the difference is more "
                f"than a plausible network fee ({_plain(allowance)} {asset})"
            )
        else:
            fitting = f"{_plain(quantity)} or at most a plausible network fee more"
        return f"{other}s of {asset} {toward} other accounts within {_span(window_us)}, but none of {fitting}"
    return (
        f"no {other} of {asset} {toward} another account "
        f"from {_span(before_us)} before to {_span(after_us)} after the {this}"
    )


def _plain(quantity: Decimal) -> str:
    return f"{quantity.normalize():f}"


def _span(duration_us: int) -> str:
    seconds = duration_us // 1_000_000
    if seconds < 60:
        return f"{seconds} s"
    hours, minutes = divmod(seconds // 60, 60)
    if hours == 0:
        return f"{minutes} min"
    return f"{hours} h" if minutes == 0 else f"{hours} h {minutes} min"
