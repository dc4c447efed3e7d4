"""Which open lots a page sorted by market value or unrealized gain (in USD) holds, without valuing every
open lot. A lot's value is remaining × today's close, its gain that less its remaining basis; so one
asset's lots read down their quantity, and down their basis the other way, bound every lot not yet read
by either: its gain is at most (at least, for an ascending sort) the last quantity read times the price
less the last basis read, as a close is not negative. Each asset's lots are read in growing batches from
both ends until no unread lot can enter the page, then the assets' candidates merged: the page is exactly
the one a sort of every open lot gives (a threshold algorithm).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, localcontext

from sqlalchemy import desc, select, text, tuple_
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import TaxLot
from ledger.scope.portfolio import USD, close_on

FIRST_BATCH = 256
EXACT = 120  # digits enough for any product of two NUMERIC(38,18)

# The assets of the user's open lots, one index probe each (a skip scan of ix_tax_lots_open_by_remaining).
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
    SELECT asset FROM held WHERE asset IS NOT NULL
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
    assets = [asset] if asset is not None else list(await session.scalars(_HELD_ASSETS, {"user_id": user_id}))
    closes = {held: await session.scalar(select(close_on(held, USD, today))) for held in assets}
    candidates: list[tuple[Decimal, int]] = []
    for held, close in closes.items():
        if close is not None:
            candidates += await _best_of_asset(session, user_id, held, close, gain, descending, wanted)
    candidates = _ranked(candidates, descending)
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


async def _best_of_asset(
    session: AsyncSession,
    user_id: int,
    asset: str,
    price: Decimal,
    gain: bool,
    descending: bool,
    wanted: int,
) -> list[tuple[Decimal, int]]:
    """The asset's first `wanted` lots in the sort's order (fewer when it has fewer), with their keys."""
    key = TaxLot.remaining * price - TaxLot.remaining_cost_basis if gain else TaxLot.remaining * price
    # each column read from the end that holds the sort's first keys: quantity the sort's way, basis the other
    columns = [(TaxLot.remaining, descending)]
    if gain:
        columns.append((TaxLot.remaining_cost_basis, not descending))
    seen: dict[int, Decimal] = {}
    reached: list[tuple[Decimal, int] | None] = [None] * len(columns)
    batch = max(FIRST_BATCH, wanted + 1)
    while True:
        for index, (column, column_descending) in enumerate(columns):
            order = (desc(column), desc(TaxLot.id)) if column_descending else (column, TaxLot.id)
            statement = (
                select(column, TaxLot.id, key)
                .where(TaxLot.user_id == user_id, TaxLot.asset == asset, TaxLot.remaining > 0)
                .order_by(*order)
                .limit(batch)
            )
            after = reached[index]
            if after is not None:
                position = tuple_(column, TaxLot.id)
                statement = statement.where(position < after if column_descending else position > after)
            rows = (await session.execute(statement)).all()
            seen.update((lot_id, lot_key) for _, lot_id, lot_key in rows)
            if len(rows) < batch:  # read to its end: every lot of the asset is seen
                return _ranked([(found, lot_id) for lot_id, found in seen.items()], descending)[:wanted]
            reached[index] = (rows[-1][0], rows[-1][1])
        best = _ranked([(found, lot_id) for lot_id, found in seen.items()], descending)[:wanted]
        quantity_at, basis_at = reached[0], reached[-1]
        if len(best) == wanted and price >= 0 and quantity_at is not None and basis_at is not None:
            with localcontext(prec=EXACT):
                bound = quantity_at[0] * price - (basis_at[0] if gain else Decimal(0))
            # no unread lot passes the bound: none can enter once the last kept is inside it (a tie
            # could, by a smaller id)
            if (bound < best[-1][0]) if descending else (bound > best[-1][0]):
                return best
        batch *= 2


def _ranked(keyed: list[tuple[Decimal, int]], descending: bool) -> list[tuple[Decimal, int]]:
    """(key, lot id) pairs in the page's order: by key, then by id."""
    if descending:  # keys are not negated: Decimal's negation rounds to 28 digits
        return sorted(keyed, key=lambda found: (found[0], -found[1]), reverse=True)
    return sorted(keyed)
