"""Range lookups over the legs of one asset and direction: by time and quantity together."""

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from operator import itemgetter

from analytics.transfers.model import Leg

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)

# (time in µs since 1970, quantity, account id, transaction id): what matching reads of a leg,
# read once, because visiting each of many leg objects again and again is what costs.
Entry = tuple[int, Decimal, str, str]


def micros(moment: datetime) -> int:
    return (moment - _EPOCH) // _MICROSECOND


def entries_by_asset(legs: Iterable[Leg]) -> dict[str, list[Entry]]:
    by_asset: defaultdict[str, list[Entry]] = defaultdict(list)
    for leg in legs:
        by_asset[leg.asset].append((micros(leg.timestamp), leg.quantity, leg.account_id, leg.transaction_id))
    return by_asset


class SideIndex:
    """Entries in time buckets as wide as the longest query, each bucket sorted by quantity.

    A query spans at most two buckets; in each, bisection finds the quantity range and only
    those entries are checked for time. A busy account (hundreds of legs a day) or round
    amounts (thousands of legs of one quantity) alone keep the walk short; only legs that are
    both close in time and in quantity are walked, and those are the candidates anyway.
    """

    def __init__(self, found: Iterable[Entry], bucket_us: int) -> None:
        self._bucket_us = bucket_us
        self._buckets: dict[int, list[Entry]] = {}
        for entry in sorted(found, key=itemgetter(1)):
            self._buckets.setdefault(entry[0] // bucket_us, []).append(entry)
        self._quantities = {key: [entry[1] for entry in bucket] for key, bucket in self._buckets.items()}

    def fitting(self, start_us: int, end_us: int, low: Decimal, high: Decimal) -> Iterator[Entry]:
        """The entries with start_us ≤ time ≤ end_us and low ≤ quantity ≤ high."""
        for key in range(start_us // self._bucket_us, end_us // self._bucket_us + 1):
            bucket = self._buckets.get(key)
            if bucket is None:
                continue
            quantities = self._quantities[key]
            for position in range(bisect_left(quantities, low), bisect_right(quantities, high)):
                entry = bucket[position]
                if start_us <= entry[0] <= end_us:
                    yield entry

    def between(self, start_us: int, end_us: int) -> Iterator[Entry]:
        """The entries with start_us ≤ time ≤ end_us."""
        for key in range(start_us // self._bucket_us, end_us // self._bucket_us + 1):
            for entry in self._buckets.get(key, ()):
                if start_us <= entry[0] <= end_us:
                    yield entry
