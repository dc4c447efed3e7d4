"""UK share identification ahead of the pool: the same-day rule, then the 30-day rule.

HMRC (CRYPTO22250-22256): a disposal is matched first with acquisitions of the same day, then
with acquisitions in the 30 days after it (earliest first, disposals taken in date order), and
only what is left comes out of the section 104 pool. Acquisitions used by a match never enter
the pool. This only looks at quantities, so it runs before the pool is walked.
"""

from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from enum import StrEnum

from analytics.lots.events import split_exactly

BED_AND_BREAKFAST_DAYS = 30


class SpRule(StrEnum):
    """The rule that matched a disposal slice (the disposals' `rule` column)."""

    SAME_DAY = "SAME_DAY"
    BED_AND_BREAKFAST = "BED_AND_BREAKFAST"
    SECTION_104 = "SECTION_104"


@dataclass(frozen=True)
class Match:
    acquisition: int
    quantity: int
    cost: int
    rule: SpRule


@dataclass
class Identification:
    matches: dict[int, list[Match]] = field(default_factory=dict)
    """Disposal event → its same-day and 30-day matches, in rule order."""
    pooled: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Acquisition event → (quantity, cost) left for the section 104 pool, when matched at all."""


@dataclass(frozen=True)
class Flow:
    event: int
    day: int
    quantity: int
    cost: int


def identify(acquisitions: list[Flow], disposals: list[Flow]) -> Identification:
    """Match disposals with acquisitions by the same-day and 30-day rules (both in time order)."""
    left = {flow.event: flow.quantity for flow in acquisitions}
    matched: dict[int, list[tuple[int, int, SpRule]]] = defaultdict(list)

    by_day: dict[int, list[Flow]] = defaultdict(list)
    for flow in acquisitions:
        by_day[flow.day].append(flow)
    wanted = {}
    for disposal in disposals:
        wanted[disposal.event] = _take(disposal, by_day.get(disposal.day, ()), left, matched, SpRule.SAME_DAY)

    days = [flow.day for flow in acquisitions]
    for disposal in disposals:
        if not wanted[disposal.event]:
            continue
        first = bisect_right(days, disposal.day)
        last = bisect_right(days, disposal.day + BED_AND_BREAKFAST_DAYS)
        wanted[disposal.event] = _take(
            Flow(disposal.event, disposal.day, wanted[disposal.event], 0),
            acquisitions[first:last],
            left,
            matched,
            SpRule.BED_AND_BREAKFAST,
        )
    return _costed(acquisitions, matched, left)


def _take(
    disposal: Flow,
    candidates: "list[Flow] | tuple[()]",
    left: dict[int, int],
    matched: dict[int, list[tuple[int, int, SpRule]]],
    rule: SpRule,
) -> int:
    wanted = disposal.quantity
    for acquisition in candidates:
        if not wanted:
            break
        available = left[acquisition.event]
        if available:
            quantity = min(available, wanted)
            left[acquisition.event] = available - quantity
            wanted -= quantity
            matched[acquisition.event].append((disposal.event, quantity, rule))
    return wanted


def _costed(
    acquisitions: list[Flow],
    matched: dict[int, list[tuple[int, int, SpRule]]],
    left: dict[int, int],
) -> Identification:
    """Share each matched acquisition's cost among its matches and the pool, exactly."""
    result = Identification()
    for acquisition in acquisitions:
        uses = matched.get(acquisition.event)
        if not uses:
            continue
        weights = [quantity for _, quantity, _ in uses] + [left[acquisition.event]]
        costs = split_exactly(acquisition.cost, weights)
        for (disposal, quantity, rule), cost in zip(uses, costs, strict=False):
            result.matches.setdefault(disposal, []).append(Match(acquisition.event, quantity, cost, rule))
        result.pooled[acquisition.event] = (left[acquisition.event], costs[-1])
    for matches in result.matches.values():
        matches.sort(key=lambda match: (match.rule != SpRule.SAME_DAY, match.acquisition))
    return result
