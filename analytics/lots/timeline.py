"""Method timelines: which lot method applies from which date."""

import csv
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from analytics.lots.ledger_input import LedgerError
from vocabulary.enums import CostBasisMethod

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Period:
    start: date
    end: date | None
    method: CostBasisMethod


@dataclass(frozen=True)
class MethodTimeline:
    """Contiguous periods, each with a method; a period starts at 00:00 UTC of its start date.

    Flows before the first period follow the first method; a closed last period's method
    continues after its end.
    """

    periods: tuple[Period, ...]

    def __post_init__(self) -> None:
        if not self.periods:
            raise ValueError("a timeline needs at least one period")
        for earlier, later in zip(self.periods, self.periods[1:], strict=False):
            if earlier.end is None or later.start != earlier.end + timedelta(days=1):
                raise ValueError(
                    f"periods must follow each other day after day: {earlier.start} → {later.start}"
                )
        for period in self.periods:
            if period.end is not None and period.end < period.start:
                raise ValueError(f"period ending {period.end} starts after it ends")

    @classmethod
    def single(cls, method: CostBasisMethod) -> "MethodTimeline":
        return cls((Period(date(1970, 1, 1), None, method),))

    def outside(self, method: CostBasisMethod) -> "MethodTimeline":
        """This timeline with `method` before its first period and after a closed last one."""
        first, last = self.periods[0], self.periods[-1]
        before = (
            (Period(date.min, first.start - timedelta(days=1), method),) if first.start > date.min else ()
        )
        after = (Period(last.end + timedelta(days=1), None, method),) if last.end is not None else ()
        return MethodTimeline((*before, *self.periods, *after))

    @property
    def methods(self) -> frozenset[CostBasisMethod]:
        return frozenset(period.method for period in self.periods)

    def switch_points(self) -> tuple[list[int], list[CostBasisMethod]]:
        """Start instants (µs since the epoch) of every period after the first, and all methods."""
        starts = [_micros(period.start) for period in self.periods[1:]]
        return starts, [period.method for period in self.periods]

    def method_at(self, micros: int) -> CostBasisMethod:
        starts, methods = self.switch_points()
        return methods[bisect_right(starts, micros)]


def settings_timeline(
    periods: Sequence[tuple[date, date | None, CostBasisMethod]], default: CostBasisMethod
) -> MethodTimeline:
    """The timeline of a user's settings: periods (start, end or None, method), by start, each running
    until its end (exclusive) when it has one, else until the next period starts; `default` applies
    from an end until the next period (or for ever). Before the first period, its method applies.
    Raises ValueError when a period ends after the next one starts."""
    built: list[Period] = []
    for index, (start, end, method) in enumerate(periods):
        following = periods[index + 1][0] if index + 1 < len(periods) else None
        if end is not None and following is not None and end > following:
            raise ValueError(f"the period starting {start} ends after the next one starts ({following})")
        until = end or following
        built.append(Period(start, None if until is None else until - timedelta(days=1), method))
        if end is not None and end != following:
            built.append(Period(end, None if following is None else following - timedelta(days=1), default))
    return MethodTimeline(tuple(built))


def _micros(day: date) -> int:
    return (datetime(day.year, day.month, day.day, tzinfo=UTC) - _EPOCH) // timedelta(microseconds=1)


def read_timeline(path: Path) -> MethodTimeline:
    """Read a `start_date,end_date,method` CSV (end date may be empty)."""
    with path.open(newline="") as handle:
        reader = csv.DictReader(handle)
        missing = {"start_date", "end_date", "method"} - set(reader.fieldnames or ())
        if missing:
            raise LedgerError(f"timeline: missing column(s): {', '.join(sorted(missing))}")
        periods = []
        for row_number, row in enumerate(reader, start=1):
            try:
                start = date.fromisoformat(row["start_date"].strip())
            except ValueError as error:
                raise LedgerError(f"timeline: {error}", row=row_number, column="start_date") from None
            end_text = (row["end_date"] or "").strip()
            try:
                end = date.fromisoformat(end_text) if end_text else None
            except ValueError as error:
                raise LedgerError(f"timeline: {error}", row=row_number, column="end_date") from None
            try:
                method = CostBasisMethod(row["method"].strip().upper())
            except ValueError:
                raise LedgerError(
                    f"timeline: unknown method {row['method']!r}", row=row_number, column="method"
                ) from None
            periods.append(Period(start, end, method))
    try:
        return MethodTimeline(tuple(sorted(periods, key=lambda period: period.start)))
    except ValueError as error:
        raise LedgerError(f"timeline: {error}") from None
