"""Lot matching: walks each asset's events in order and consumes lots by the method in force.

This is the one tight loop of the engine, on Python integers (quantities and money in units of
10**-18), so it stays exact. Everything before (valuation) and after (tables) is vectorised.

A piece is a list [quantity, cost, order, acquired_at, row, rank]: `row` is its line in the
lots table, `order` its acquisition order (shared by the pieces a lot is split into by
transfers) and `rank` its cost per unit, scaled so that integer comparison is exact.
"""

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from heapq import heapify, heappop, heappush
from typing import Any

from analytics.lots.events import ACQUIRE, CARRY, DISPOSE, MOVE, split_exactly
from analytics.lots.timeline import MethodTimeline
from analytics.lots.uk_matching import Flow, Identification, SpRule, identify
from vocabulary.enums import AllocationScope, CostBasisMethod

QTY, COST, ORDER, ACQUIRED, ROW, RANK = range(6)
Piece = list[int]
# Two different costs per unit, each a ratio of integers below 2**127, differ by more than
# 10**-80: scaled by 10**80 their floors are distinct, so the order is exact.
RANK_SCALE = 10**80
ROW_BITS = 40
MICROS_PER_DAY = 86_400_000_000
SUPERFICIAL_DAYS = 30
# the methods that consume a pool (its quantity and cost), not lots one by one
POOLED_METHODS = frozenset({CostBasisMethod.ACB, CostBasisMethod.WAC, CostBasisMethod.SP})
_SP_RULES = {SpRule.SAME_DAY: 1, SpRule.BED_AND_BREAKFAST: 2, SpRule.SECTION_104: 3}


UNRANKED = -(2**300)
# the order of the kinds of events at one instant when every asset is walked together
_TOGETHER_RANK = {ACQUIRE: 0, MOVE: 1, CARRY: 2, DISPOSE: 3}


def rank(piece: Piece) -> int:
    """The piece's cost per unit, computed when first needed (at acquisition under HIFO/LOFO,
    else when a timeline switches to them) and kept while transfers split the lot."""
    if piece[RANK] == UNRANKED:
        piece[RANK] = piece[COST] * RANK_SCALE // piece[QTY]
    return piece[RANK]


_KEYS: dict[CostBasisMethod, Callable[[Piece], Any]] = {
    CostBasisMethod.FIFO: lambda piece: piece[ORDER],
    CostBasisMethod.LIFO: lambda piece: -piece[ORDER],
    CostBasisMethod.HIFO: lambda piece: (-rank(piece), piece[ORDER]),
    CostBasisMethod.LOFO: lambda piece: (rank(piece), piece[ORDER]),
}
_POOLED_KEY = _KEYS[CostBasisMethod.FIFO]


class Pool:
    """The open pieces of one asset (universal) or one asset in one account (wallet).

    Under the pooled methods the pool's own quantity and cost are what count, and the pieces
    (consumed first in, first out) only carry identity and dates; their costs are shared out
    again whenever the pool's cost is needed per piece.
    """

    __slots__ = ("cost", "heap", "quantity")

    def __init__(self) -> None:
        self.heap: list[tuple[Any, Piece]] = []
        self.quantity = 0
        self.cost = 0

    def pieces(self) -> list[Piece]:
        return sorted((piece for _, piece in self.heap), key=lambda piece: (piece[ORDER], piece[ROW]))

    def share_cost(self) -> None:
        pieces = self.pieces()
        if pieces:
            for piece, cost in zip(pieces, split_exactly(self.cost, [p[QTY] for p in pieces]), strict=True):
                piece[COST] = cost

    def rekey(self, key: Callable[[Piece], Any]) -> None:
        self.heap = [(key(piece), piece) for _, piece in self.heap]
        heapify(self.heap)


@dataclass
class StartLot:
    """An open piece carried in from a snapshot."""

    asset: str
    account: str
    quantity: int
    cost: int
    order: int
    acquired_at: int
    rank: int


@dataclass
class Matching:
    """What the walk produced, by row of the lots table and by event."""

    slices: list[tuple[int, int, int, int, int, int, int]] = field(default_factory=list)
    """(event, lots-table row or -1 beyond holdings, quantity, cost, acquired_at, SP rule, proceeds)."""
    denied_loss: dict[int, int] = field(default_factory=dict)
    """Slice index → the part of its loss denied by the superficial-loss rule (ACB)."""
    moved_parent: list[int] = field(default_factory=list)
    """Lots-table rows created by transfers: the row they came from (-1: beyond holdings)."""
    moved_event: list[int] = field(default_factory=list)
    moved_account: list[str] = field(default_factory=list)
    moved_quantity: list[int] = field(default_factory=list)
    moved_cost: list[int] = field(default_factory=list)
    moved_acquired: list[int] = field(default_factory=list)
    open_pieces: list[Piece] = field(default_factory=list)


@dataclass(frozen=True)
class EventColumns:
    asset: Sequence[str]
    ts: Sequence[int]
    kind: Sequence[int]
    account: Sequence[str]
    to_account: Sequence[str | None]
    quantity: Sequence[int]
    amount: Sequence[int]
    acquisition: Sequence[int]
    """How many acquisitions (of any asset) come before the event."""
    to_asset: Sequence[str | None] | None = None
    """What a CARRY event converts into (None: the ledger has no carries)."""


def match(
    columns: EventColumns,
    timeline: MethodTimeline,
    scope: AllocationScope,
    start: Sequence[StartLot],
) -> Matching:
    """Walk every asset's events (sorted by asset, then time) and consume lots.

    Rows of the lots table: first the `start` lots, then one per acquisition (in event
    order), then the pieces transfers create (in the order they happen).
    """
    walk = _Walk(columns, timeline, scope, start)
    carried: dict[str, list[tuple[str, Piece]]] = {}
    for row, lot in enumerate(start):
        piece = [lot.quantity, lot.cost, lot.order << ROW_BITS | row, lot.acquired_at, row, lot.rank]
        carried.setdefault(lot.asset, []).append((lot.account, piece))
    if columns.to_asset is not None and CARRY in columns.kind:
        walk.together(carried)
        return walk.result
    assets = columns.asset
    begin = 0
    while begin < len(assets):
        asset = assets[begin]
        end = begin
        while end < len(assets) and assets[end] == asset:
            end += 1
        walk.asset(begin, end, carried.pop(asset, []))
        begin = end
    for pieces in carried.values():
        walk.asset(0, 0, pieces)
    return walk.result


Slice = tuple[int, int, int, int, int]
"""(lots-table row or -1, quantity, cost, acquired_at, SP rule code) of one disposal slice."""


class _Walk:
    def __init__(
        self,
        columns: EventColumns,
        timeline: MethodTimeline,
        scope: AllocationScope,
        start: Sequence[StartLot],
    ):
        self.columns = columns
        self.switches, self.methods = timeline.switch_points()
        self.wallet = scope is AllocationScope.WALLET
        self.first_acquisition_row = len(start)
        self.first_order = max((lot.order for lot in start), default=-1) + 1
        self.next_row = len(start) + sum(1 for kind in columns.kind if kind == ACQUIRE)
        self.result = Matching()
        self.pools: dict[str | None, Pool] = {}
        self._use(CostBasisMethod.FIFO)

    def _use(self, method: CostBasisMethod) -> None:
        self.method = method
        self.pooled = method in POOLED_METHODS
        self.key = _POOLED_KEY if self.pooled else _KEYS[method]

    def asset(self, begin: int, end: int, carried: list[tuple[str, Piece]]) -> None:
        c = self.columns
        ts, kind, quantity, amount = c.ts, c.kind, c.quantity, c.amount
        account, to_account = c.account, c.to_account
        wallet = self.wallet
        pools: dict[str | None, Pool] = {}
        self.pools = pools
        period = bisect_right(self.switches, ts[begin]) if end > begin else len(self.switches)
        self._use(self.methods[period])
        next_switch = self.switches[period] if period < len(self.switches) else None
        for owner, piece in carried:
            start = pools.setdefault(owner if wallet else None, Pool())
            start.quantity += piece[QTY]
            start.cost += piece[COST]
            heappush(start.heap, (self.key(piece), piece))
        self.identification = (
            self._identify(begin, end) if CostBasisMethod.SP in self.methods else Identification()
        )
        self.holdings = _Holdings(c, begin, end) if CostBasisMethod.ACB in self.methods else None

        acquire, dispose = self._acquire, self._dispose
        for i in range(begin, end):
            if next_switch is not None and ts[i] >= next_switch:
                period = bisect_right(self.switches, ts[i])
                next_switch = self.switches[period] if period < len(self.switches) else None
                self._switch(self.methods[period])
            holder = account[i] if wallet else None
            found = pools.get(holder)
            pool = found if found is not None else pools.setdefault(holder, Pool())
            event_kind = kind[i]
            if event_kind == ACQUIRE:
                acquire(pool, i, quantity[i], amount[i])
            elif event_kind == DISPOSE:
                dispose(pool, i, quantity[i], amount[i])
            elif wallet:
                receiver = to_account[i]
                found = pools.get(receiver)
                destination = found if found is not None else pools.setdefault(receiver, Pool())
                self._move(pool, destination, i, quantity[i])
        for pool in pools.values():
            if self.pooled:
                pool.share_cost()
            self.result.open_pieces.extend(pool.pieces())

    def together(self, carried: dict[str, list[tuple[str, Piece]]]) -> None:
        """Every asset's events in one pass by time, for a ledger with carries (a carry takes lots of
        one asset into another's pools). At one instant: acquisitions, moves, carries, disposals; then
        by asset and the events' order within it. Pools are per (asset, account or None)."""
        c = self.columns
        to_asset = c.to_asset
        assert to_asset is not None
        ts, kind, quantity, amount = c.ts, c.kind, c.quantity, c.amount
        account, to_account = c.account, c.to_account
        ranges: dict[str, tuple[int, int]] = {}
        for i, asset in enumerate(c.asset):
            ranges[asset] = (ranges.get(asset, (i, i))[0], i + 1)
        order = sorted(range(len(kind)), key=lambda i: (ts[i], _TOGETHER_RANK[kind[i]], i))
        period = bisect_right(self.switches, ts[order[0]])
        self._use(self.methods[period])
        next_switch = self.switches[period] if period < len(self.switches) else None
        wallet = self.wallet
        pools: dict[tuple[str, str | None], Pool] = {}
        self.pools = pools  # type: ignore[assignment]  # every asset's, for _switch

        def pool_of(asset: str, holder: str | None) -> Pool:
            found = pools.get((asset, holder))
            return found if found is not None else pools.setdefault((asset, holder), Pool())

        for asset, pieces in carried.items():
            for owner, piece in pieces:
                start = pool_of(asset, owner if wallet else None)
                start.quantity += piece[QTY]
                start.cost += piece[COST]
                heappush(start.heap, (self.key(piece), piece))
        rules = {
            asset: (
                self._identify(begin, end) if CostBasisMethod.SP in self.methods else Identification(),
                _Holdings(c, begin, end) if CostBasisMethod.ACB in self.methods else None,
            )
            for asset, (begin, end) in ranges.items()
        }
        for i in order:
            if next_switch is not None and ts[i] >= next_switch:
                period = bisect_right(self.switches, ts[i])
                next_switch = self.switches[period] if period < len(self.switches) else None
                self._switch(self.methods[period])
            asset = c.asset[i]
            self.identification, self.holdings = rules[asset]
            pool = pool_of(asset, account[i] if wallet else None)
            event_kind = kind[i]
            if event_kind == ACQUIRE:
                self._acquire(pool, i, quantity[i], amount[i])
            elif event_kind == DISPOSE:
                self._dispose(pool, i, quantity[i], amount[i])
            elif event_kind == CARRY:
                into = to_asset[i] or asset
                self._carry(pool, pool_of(into, to_account[i] if wallet else None), i)
            elif wallet:
                self._move(pool, pool_of(asset, to_account[i]), i, quantity[i])
        for pool in pools.values():
            if self.pooled:
                pool.share_cost()
            self.result.open_pieces.extend(pool.pieces())
        self._slices_by_event()

    def _slices_by_event(self) -> None:
        """The slices in the events' order (by asset, then time), as the walk per asset makes them."""
        slices, denied = self.result.slices, self.result.denied_loss
        order = sorted(range(len(slices)), key=lambda index: slices[index][0])
        self.result.slices = [slices[index] for index in order]
        position = {old: new for new, old in enumerate(order)}
        self.result.denied_loss = {position[index]: amount for index, amount in denied.items()}

    def _carry(self, source: Pool, destination: Pool, event: int) -> None:
        """A conversion that is not a disposal: the lots taken (as a disposal would take them) arrive
        as lots of the other asset with their basis and dates, their quantities scaled to what was
        received. A share of no quantity gives its basis to the last piece that arrives."""
        c = self.columns
        received = c.amount[event]
        taken, short = self._take(source, c.quantity[event])
        arrivals = [[piece[ROW], part, cost, piece[ACQUIRED], piece[ORDER]] for piece, part, cost in taken]
        if short or not taken:
            last_order = self.first_order + c.acquisition[event] - 1
            arrivals.append([-1, short, 0, c.ts[event], last_order << ROW_BITS])
        sent = [arrival[1] for arrival in arrivals]
        # nothing sent (a share of a carry of several legs): what was received has no basis
        shares = split_exactly(received, sent) if any(sent) else [*sent[:-1], received]
        kept = []
        for arrival, share in zip(arrivals, shares, strict=True):
            arrival[1] = share
            if share:
                kept.append(arrival)
        if not kept:
            return
        kept[-1][2] += sum(arrival[2] for arrival in arrivals if not arrival[1])
        receiver = c.to_account[event] or ""
        for parent, share, cost, acquired, order in kept:
            self._arrive(destination, parent, event, receiver, share, cost, acquired, order, UNRANKED)

    def _switch(self, method: CostBasisMethod) -> None:
        if self.pooled:
            for pool in self.pools.values():
                pool.share_cost()
                for _, piece in pool.heap:
                    piece[RANK] = UNRANKED
        self._use(method)
        for pool in self.pools.values():
            pool.quantity = sum(piece[QTY] for _, piece in pool.heap)
            pool.cost = sum(piece[COST] for _, piece in pool.heap)
            pool.rekey(self.key)

    def _identify(self, begin: int, end: int) -> Identification:
        c = self.columns
        acquisitions: list[Flow] = []
        disposals: list[Flow] = []
        for i in range(begin, end):
            if (
                c.kind[i] in (MOVE, CARRY)
                or self.methods[bisect_right(self.switches, c.ts[i])] is not CostBasisMethod.SP
            ):
                continue
            flow = Flow(i, c.ts[i] // MICROS_PER_DAY, c.quantity[i], c.amount[i])
            (acquisitions if c.kind[i] == ACQUIRE else disposals).append(flow)
        return identify(acquisitions, disposals)

    def _acquire(self, pool: Pool, event: int, quantity: int, cost: int) -> None:
        ordinal = self.columns.acquisition[event]
        row = self.first_acquisition_row + ordinal
        if self.identification.pooled:
            pooled = self.identification.pooled.get(event)
            if pooled is not None:
                quantity, cost = pooled
                if not quantity:
                    return
        order = (self.first_order + ordinal) << ROW_BITS | row
        piece = [quantity, cost, order, self.columns.ts[event], row, UNRANKED]
        if self.pooled:
            pool.quantity += quantity
            pool.cost += cost
        heappush(pool.heap, (self.key(piece), piece))

    def _take(self, pool: Pool, quantity: int) -> tuple[list[tuple[Piece, int, int]], int]:
        """Consume up to `quantity` in the method's order: (piece, quantity, cost) and the shortfall."""
        if self.pooled:
            return self._take_pooled(pool, quantity)
        heap = pool.heap
        taken = []
        wanted = quantity
        while wanted and heap:
            piece = heap[0][1]
            held = piece[QTY]
            if held <= wanted:
                heappop(heap)
                taken.append((piece, held, piece[COST]))
                wanted -= held
            else:
                cost = piece[COST] * wanted // held
                taken.append((piece, wanted, cost))
                piece[QTY] = held - wanted
                piece[COST] -= cost
                wanted = 0
        return taken, wanted

    def _take_pooled(self, pool: Pool, quantity: int) -> tuple[list[tuple[Piece, int, int]], int]:
        """Cost at the pool's average; pieces leave first in, first out."""
        held = min(quantity, pool.quantity)
        if not held:
            return [], quantity
        cost = pool.cost if held == pool.quantity else pool.cost * held // pool.quantity
        pool.quantity -= held
        pool.cost -= cost
        taken = []
        wanted = held
        heap = pool.heap
        while wanted:
            piece = heap[0][1]
            part = min(piece[QTY], wanted)
            if part == piece[QTY]:
                heappop(heap)
            piece[QTY] -= part
            wanted -= part
            taken.append((piece, part))
        costs = split_exactly(cost, [part for _, part in taken])
        return [
            (piece, part, share) for (piece, part), share in zip(taken, costs, strict=True)
        ], quantity - held

    def _dispose(self, pool: Pool, event: int, quantity: int, proceeds: int) -> None:
        parts: list[Slice] = []
        rule = 0
        if self.method is CostBasisMethod.SP:
            ts, acquisition = self.columns.ts, self.columns.acquisition
            for matched in self.identification.matches.get(event, ()):
                row = self.first_acquisition_row + acquisition[matched.acquisition]
                code = _SP_RULES[matched.rule]
                parts.append((row, matched.quantity, matched.cost, ts[matched.acquisition], code))
                quantity -= matched.quantity
            rule = _SP_RULES[SpRule.SECTION_104]
        if quantity:
            taken, short = self._take(pool, quantity)
            parts += [(piece[ROW], part, cost, piece[ACQUIRED], rule) for piece, part, cost in taken]
            if short:
                parts.append((-1, short, 0, self.columns.ts[event], rule))
        shares = split_exactly(proceeds, [part[1] for part in parts]) if len(parts) > 1 else [proceeds]
        slices = self.result.slices
        first = len(slices)
        for part, share in zip(parts, shares, strict=True):
            slices.append((event, *part, share))
        if self.holdings is not None and self.method is CostBasisMethod.ACB:
            self._superficial(pool, event, first, self.holdings)

    def _superficial(self, pool: Pool, event: int, first: int, holdings: "_Holdings") -> None:
        """Canada: a loss is denied in the proportion min(sold, bought in the 61-day window,
        held 30 days after) / sold, and the denied loss is added to the pool's cost."""
        slices = self.result.slices
        held = [index for index in range(first, len(slices)) if slices[index][1] >= 0]
        sold = sum(slices[index][2] for index in held)
        loss = sum(slices[index][3] - slices[index][6] for index in held)
        if loss <= 0 or not sold:
            return
        day = self.columns.ts[event] // MICROS_PER_DAY
        bought = holdings.bought_between(day - SUPERFICIAL_DAYS, day + SUPERFICIAL_DAYS)
        kept = holdings.held_at_end_of(day + SUPERFICIAL_DAYS)
        denied = loss * min(sold, bought, kept) // sold
        if not denied:
            return
        for index, share in zip(
            held, split_exactly(denied, [slices[index][2] for index in held]), strict=True
        ):
            self.result.denied_loss[index] = share
        pool.cost += denied

    def _move(self, source: Pool, destination: Pool, event: int, quantity: int) -> None:
        """A transfer between own accounts: the lots it carries keep their dates and basis."""
        taken, short = self._take(source, quantity)
        receiver = self.columns.to_account[event] or ""
        for piece, part, cost in taken:
            self._arrive(
                destination,
                piece[ROW],
                event,
                receiver,
                part,
                cost,
                piece[ACQUIRED],
                piece[ORDER],
                piece[RANK],
            )
        if short:
            last_order = self.first_order + self.columns.acquisition[event] - 1
            moment = self.columns.ts[event]
            self._arrive(destination, -1, event, receiver, short, 0, moment, last_order << ROW_BITS, UNRANKED)

    def _arrive(
        self,
        pool: Pool,
        parent: int,
        event: int,
        receiver: str,
        quantity: int,
        cost: int,
        acquired: int,
        order: int,
        rank: int,
    ) -> None:
        result = self.result
        row = self.next_row
        self.next_row += 1
        result.moved_parent.append(parent)
        result.moved_event.append(event)
        result.moved_account.append(receiver)
        result.moved_quantity.append(quantity)
        result.moved_cost.append(cost)
        result.moved_acquired.append(acquired)
        piece = [quantity, cost, order >> ROW_BITS << ROW_BITS | row, acquired, row, rank]
        if self.pooled:
            pool.quantity += quantity
            pool.cost += cost
        heappush(pool.heap, (self.key(piece), piece))


class _Holdings:
    """Per asset: quantities bought by day and the balance after each event (for ACB)."""

    def __init__(self, columns: EventColumns, begin: int, end: int) -> None:
        self.days: list[int] = []
        self.balances: list[int] = []
        self.bought_days: list[int] = []
        self.bought_totals: list[int] = []
        balance = bought = 0
        for i in range(begin, end):
            day = columns.ts[i] // MICROS_PER_DAY
            if columns.kind[i] == ACQUIRE:
                balance += columns.quantity[i]
                bought += columns.quantity[i]
                self.bought_days.append(day)
                self.bought_totals.append(bought)
            elif columns.kind[i] in (DISPOSE, CARRY):
                balance -= columns.quantity[i]
            self.days.append(day)
            self.balances.append(balance)

    def bought_between(self, first_day: int, last_day: int) -> int:
        low = bisect_left(self.bought_days, first_day)
        high = bisect_right(self.bought_days, last_day)
        before = self.bought_totals[low - 1] if low else 0
        return (self.bought_totals[high - 1] if high else 0) - before

    def held_at_end_of(self, day: int) -> int:
        position = bisect_right(self.days, day)
        return max(0, self.balances[position - 1]) if position else 0
