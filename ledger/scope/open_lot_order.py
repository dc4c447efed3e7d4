"""Which open lots a page sorted by market value or unrealized gain (in USD) holds, without valuing every
open lot. A lot's value is remaining × today's close, its gain that less its remaining basis; so one
asset's lots read down their quantity, and down their basis the other way, bound every lot not yet read
by either: its gain is at most (at least, for an ascending sort) the last quantity read times the price
less the last basis read, as a close is not negative. Each asset's lots are read in growing batches from
both ends (every asset's next batch in one statement) until no unread lot can pass the page's last lot
among all the lots read so far: the page is exactly the one a sort of every open lot gives (a threshold
algorithm), and an asset whose lots cannot reach the page stops after its first batch.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, localcontext
from typing import Any

from sqlalchemy import Select, desc, literal, select, text, tuple_, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import TaxLot
from ledger.scope.portfolio import EXACT, USD, close_on

FIRST_BATCH = 128

# The assets of the user's open lots, one index probe each (a skip scan of ix_tax_lots_open_by_remaining),
# with each one's latest USD close on or before :today.
_HELD_ASSETS = text(
    """
    WITH RECURSIVE held(asset) AS (
        (SELECT asset FROM tax_lots WHERE user_id = :user_id AND remaining > 0 ORDER BY asset LIMIT 1)
        UNION ALL
        SELECT (SELECT t.asset FROM tax_lots t
                WHERE t.user_id = :user_id AND t.remaining > 0 AND t.asset > held.asset
                ORDER BY t.asset LIMIT 1)
        FROM held WHERE held.asset IS NOT NULL
    )
    SELECT asset, (SELECT p.close FROM prices p
                   WHERE p.symbol = held.asset AND p.quote = 'USD' AND p.date <= :today
                   ORDER BY p.date DESC LIMIT 1)
    FROM held WHERE asset IS NOT NULL
    """
)


async def valued_page(
    session: AsyncSession,
    user_id: int,
    asset: str | None,
    *,
    gain: bool,
    descending: bool,
    limit: int,
    offset: int,
    today: date,
) -> list[int]:
    """The ids of the page's lots in the page's order: by value (or gain) in USD, nulls (no close) last,
    then by id."""
    wanted = offset + limit
    if asset is None:
        held_assets = await session.execute(_HELD_ASSETS, {"user_id": user_id, "today": today})
        closes = {held: close for held, close in held_assets}
    else:
        closes = {asset: await session.scalar(select(close_on(asset, USD, today)))}
    walks = [_Walk(held, close, gain, descending) for held, close in closes.items() if close is not None]
    candidates = await _walked(session, user_id, walks, wanted, descending)
    page = [lot_id for _, lot_id in candidates[offset:wanted]]
    if len(candidates) >= wanted:
        return page
    # every priced lot is a candidate (no walk stopped early): the unpriced ones follow, by id
    unpriced = [held for held, close in closes.items() if close is None]
    if not unpriced:
        return page
    rest = await session.scalars(
        select(TaxLot.id)
        .where(TaxLot.user_id == user_id, TaxLot.remaining > 0, TaxLot.asset.in_(unpriced))
        .order_by(TaxLot.id)
        .offset(max(0, offset - len(candidates)))
        .limit(limit - len(page))
    )
    return page + list(rest)


@dataclass
class _Walk:
    """One asset's lots read in the sort's order from both ends: quantity the sort's way, basis the other
    (the basis only for a sort by gain)."""

    asset: str
    price: Decimal
    gain: bool
    descending: bool
    seen: dict[int, Decimal] = field(default_factory=dict)
    reached: list[tuple[Decimal, int] | None] = field(default_factory=lambda: [None, None])
    done: bool = False  # every lot of the asset that can enter the page is seen

    @property
    def columns(self) -> list[tuple[Any, bool]]:
        quantity = [(TaxLot.remaining, self.descending)]
        return [*quantity, (TaxLot.remaining_cost_basis, not self.descending)] if self.gain else quantity

    def batch(self, user_id: int, size: int) -> list[Select[Any]]:
        """The next `size` lots from each end, after those read."""
        value = TaxLot.remaining * self.price
        key = value - TaxLot.remaining_cost_basis if self.gain else value
        statements = []
        for index, (column, column_descending) in enumerate(self.columns):
            order = (desc(column), desc(TaxLot.id)) if column_descending else (column, TaxLot.id)
            statement = (
                select(column.label("position"), TaxLot.id, key.label("key"), literal(index).label("side"))
                .where(TaxLot.user_id == user_id, TaxLot.asset == self.asset, TaxLot.remaining > 0)
                .order_by(*order)
                .limit(size)
            )
            after = self.reached[index]
            if after is not None:
                position = tuple_(column, TaxLot.id)
                statement = statement.where(position < after if column_descending else position > after)
            statements.append(statement)
        return statements

    def read(self, sides: list[list[tuple[Decimal, int, Decimal]]], size: int) -> None:
        """Take a batch's (position, lot id, key) rows of each side; a side read to its end has shown
        every lot of the asset."""
        for side, rows in enumerate(sides):
            self.seen.update((lot_id, key) for _, lot_id, key in rows)
            if len(rows) < size:
                self.done = True
            else:
                self.reached[side] = rows[-1][:2]

    def stops_before(self, last: Decimal) -> bool:
        """Whether no lot not yet read can come before a lot of key `last` in the page's order: every
        unread lot is past the last quantity (and basis) read, so its key is past the bound they make.
        Strictly: a lot of an equal key could still come first, by a smaller id."""
        quantity_at, basis_at = self.reached[0], self.reached[len(self.columns) - 1]
        if self.price < 0 or quantity_at is None or basis_at is None:
            return False
        with localcontext(EXACT):
            bound = quantity_at[0] * self.price - (basis_at[0] if self.gain else Decimal(0))
        return bound < last if self.descending else bound > last


async def _walked(
    session: AsyncSession, user_id: int, walks: list[_Walk], wanted: int, descending: bool
) -> list[tuple[Decimal, int]]:
    """The first `wanted` lots of all the walks' assets, in the page's order. Every unfinished asset's
    next batch is read in one statement, in batches growing twice over; an asset's walk ends when no lot
    it has not read can pass the `wanted`-th of all the lots read so far, the page's last as it stands
    (it only moves forward as more are read)."""
    size = FIRST_BATCH
    ranked: list[tuple[Decimal, int]] = []
    while unfinished := [walk for walk in walks if not walk.done]:
        parts = [
            statement.subquery().select().add_columns(literal(number).label("walk"))
            for number, walk in enumerate(unfinished)
            for statement in walk.batch(user_id, size)
        ]
        read: dict[tuple[int, int], list[tuple[Decimal, int, Decimal]]] = defaultdict(list)
        connection = await session.connection()  # Core rows: no ORM loading of thousands of lots
        for position, lot_id, key, side, number in await connection.execute(union_all(*parts)):
            read[number, side].append((position, lot_id, key))
        for number, walk in enumerate(unfinished):
            walk.read([read[number, side] for side in range(len(walk.columns))], size)
        ranked = _ranked([(key, lot_id) for walk in walks for lot_id, key in walk.seen.items()], descending)
        if len(ranked) >= wanted:
            for walk in unfinished:
                walk.done = walk.done or walk.stops_before(ranked[wanted - 1][0])
        size *= 2
    return ranked[:wanted]


def _ranked(keyed: list[tuple[Decimal, int]], descending: bool) -> list[tuple[Decimal, int]]:
    """(key, lot id) pairs in the page's order: by key, then by id."""
    if descending:  # keys are not negated: Decimal's negation rounds to 28 digits
        return sorted(keyed, key=lambda found: (found[0], -found[1]), reverse=True)
    return sorted(keyed)
