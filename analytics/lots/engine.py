"""The lot engine: from a ledger to lots, disposals and income, exactly and deterministically."""

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

import polars as pl

from analytics.lots.events import build_events
from analytics.lots.ledger_input import validate_ledger
from analytics.lots.snapshot import Snapshot
from analytics.lots.tables import (
    decimal_lots,
    disposals_table,
    finish_lots,
    income_table,
    lots_table,
    open_pieces,
)
from analytics.lots.timeline import MethodTimeline
from analytics.lots.walk import Walked, walk
from vocabulary.enums import AllocationScope, CostBasisMethod

# the methods whose pool holds all of a taxpayer's holdings, whichever wallet they sit in
TAXPAYER_WIDE_METHODS = frozenset({CostBasisMethod.ACB, CostBasisMethod.SP})


@dataclass
class LotResult:
    """The engine's answer. Money and quantities are Decimal(38, 18); times are UTC.

    lots: every lot (opened by an acquisition, moved by a transfer in the wallet scope, or
    carried from the starting snapshot) with what remains of it.
    disposals: one row per lot slice consumed.
    income: one row per income flow.
    snapshot: the open lots at the end, to start a later computation from.
    """

    method: str
    scope: AllocationScope
    lots: pl.DataFrame
    disposals: pl.DataFrame
    income: pl.DataFrame
    as_of: datetime | None
    _scaled_lots: pl.DataFrame = field(repr=False)
    _walked: Walked = field(repr=False)

    @cached_property
    def snapshot(self) -> Snapshot:
        return Snapshot(as_of=self.as_of, scope=self.scope, lots=open_pieces(self._scaled_lots, self._walked))


def compute(
    ledger: pl.DataFrame,
    method: CostBasisMethod | MethodTimeline,
    scope: AllocationScope = AllocationScope.UNIVERSAL,
    *,
    base_currency: str = "USD",
    start: Snapshot | None = None,
    until: datetime | None = None,
) -> LotResult:
    """Compute lots, disposals and income from a ledger (see ledger_input for its columns).

    `start`: continue from a snapshot; flows before its `as_of` are already in it.
    `until`: only flows before this instant count (the snapshot is then "as of" it).
    Raises LedgerError for bad input and ValueError for an impossible method/scope pair.
    """
    timeline = checked_timeline(method, scope, start)
    flows = validate_ledger(ledger)
    del ledger  # the caller may have handed over its only reference: free it early
    events = lot_events(flows, base_currency, start, until)
    del flows
    return result_from_events(events, timeline, scope, start, until)


def result_from_events(
    events: pl.DataFrame,
    timeline: MethodTimeline,
    scope: AllocationScope,
    start: Snapshot | None = None,
    until: datetime | None = None,
) -> LotResult:
    """`compute`'s result from its events (see `lot_events`)."""
    carried = start.lots if start is not None else Snapshot.empty(scope).lots
    walked = walk(events, timeline, scope, carried)

    lots = finish_lots(lots_table(events, carried, walked), walked)
    disposals = disposals_table(events, lots, walked)
    return LotResult(
        method=label(timeline),
        scope=scope,
        lots=decimal_lots(lots),
        disposals=disposals,
        income=income_table(events),
        as_of=until,
        _scaled_lots=lots,
        _walked=walked,
    )


def checked_timeline(
    method: CostBasisMethod | MethodTimeline, scope: AllocationScope, start: Snapshot | None
) -> MethodTimeline:
    """The method as a timeline; ValueError for an impossible method/scope/snapshot combination."""
    timeline = method if isinstance(method, MethodTimeline) else MethodTimeline.single(method)
    if scope is AllocationScope.WALLET and timeline.methods & TAXPAYER_WIDE_METHODS:
        raise ValueError("ACB and SP pool all of a taxpayer's holdings: use the universal scope")
    if start is not None and start.scope is not scope:
        raise ValueError(f"the snapshot was computed in the {start.scope} scope, not {scope}")
    return timeline


def lot_events(
    flows: pl.DataFrame, base_currency: str, start: Snapshot | None, until: datetime | None
) -> pl.DataFrame:
    """The validated flows' events, sorted, with their `acquisition` order (see events.py)."""
    if start is not None and start.as_of is not None:
        flows = flows.filter(pl.col("timestamp") >= start.as_of)
    if until is not None:
        flows = flows.filter(pl.col("timestamp") < until)
    return build_events(flows, base_currency).sorted()


def label(timeline: MethodTimeline) -> str:
    """The method as LotResult.method and the summary name it."""
    text = "+".join(sorted({period.method.value for period in timeline.periods}))
    if len(timeline.periods) > 1:
        text = "TIMELINE(" + ",".join(f"{p.start}:{p.method.value}" for p in timeline.periods) + ")"
    return text
