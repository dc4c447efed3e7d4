"""The lots page sorted by market value or unrealized gain, chosen by walking each asset's lots only as far
as the page needs (ledger.scope.open_lot_order): every page equals the one a sort of all the open lots
gives, ties (by id), lots without a close (last) and other users' lots included."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal, localcontext

import pytest
from sqlalchemy import Engine, delete
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ledger.models import Account, Price, TaxLot, Transaction, User
from ledger.scope import open_lot_order
from ledger.scope.open_lot_order import valued_page
from tests.workflows.cost_basis_rows import stored_lot
from tests.workflows.ledger_rows import new_wallet
from vocabulary.enums import TransactionType

pytestmark = pytest.mark.servers

TODAY = date(2026, 11, 29)


def bought(session: Session, user: User, account: Account) -> Transaction:
    """The buy every lot of a test comes from."""
    acquisition = Transaction(
        user_id=user.id,
        account_id=account.id,
        natural_key="lots",
        timestamp=datetime(2024, 1, 1, tzinfo=UTC),
        type=TransactionType.BUY,
    )
    session.add(acquisition)
    session.flush()
    return acquisition


def add_lots(
    session: Session, user: User, account: Account, assets: list[str], count: int, seed: int
) -> list[TaxLot]:
    rng = random.Random(seed)
    acquisition = bought(session, user, account)
    lots = []
    for index in range(count):
        # few distinct quantities and bases, so many keys tie; some lots closed, some without basis
        remaining = rng.choice([Decimal(0), Decimal("0.5"), Decimal(1), Decimal(3), Decimal("12.345678")])
        basis = rng.choice([Decimal(0), Decimal(1), Decimal("2.5"), Decimal(7), Decimal(40)])
        lots.append(
            stored_lot(
                acquisition,
                rng.choice(assets),
                quantity=remaining + 1,
                remaining=remaining,
                cost_basis=basis + 1,
                remaining_cost_basis=basis,
                lot_id=f"lot-{index}",
            )
        )
    session.add_all(lots)
    session.commit()
    return [lot for lot in lots if lot.remaining > 0]


def sorted_by_all(
    lots: list[TaxLot], closes: dict[str, Decimal], *, gain: bool, descending: bool
) -> list[int]:
    def key(lot: TaxLot) -> tuple[int, Decimal, int]:
        close = closes.get(lot.asset)
        if close is None:
            return (1, Decimal(0), lot.id)
        with localcontext(prec=120):
            value = lot.remaining * close
            found = value - lot.remaining_cost_basis if gain else value
        return (0, -found if descending else found, lot.id)

    return [lot.id for lot in sorted(lots, key=key)]


@pytest.fixture
def tag(db_engine: Engine) -> Iterator[str]:
    """The suffix of this test's symbols; their closes are deleted after it (the price table is shared)."""
    tag = uuid.uuid4().hex[:8].upper()
    yield tag
    with Session(db_engine) as session, session.begin():
        session.execute(delete(Price).where(Price.symbol.in_([f"R{tag}", f"F{tag}"])))


async def test_every_page_by_value_or_gain_is_the_page_of_a_full_sort(
    db_session: Session, async_session: AsyncSession, tag: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(open_lot_order, "FIRST_BATCH", 1)  # small batches: the walks stop early
    rising, falling, unpriced = f"R{tag}", f"F{tag}", f"U{tag}"
    closes = {rising: Decimal("9.75"), falling: Decimal("0.000000000000000001")}
    db_session.add_all(
        [
            Price(symbol=rising, quote="USD", date=TODAY, close=Decimal(1000), source="test"),  # a later day
            Price(symbol=rising, quote="USD", date=date(2026, 11, 1), close=closes[rising], source="test"),
            Price(symbol=falling, quote="USD", date=date(2025, 1, 1), close=closes[falling], source="test"),
        ]
    )
    user, account = new_wallet(db_session)
    other, other_account = new_wallet(db_session)
    lots = add_lots(db_session, user, account, [rising, falling, unpriced], 600, seed=1)
    add_lots(db_session, other, other_account, [rising, falling], 100, seed=2)
    before = date(2026, 11, 28)  # the later close is not yet known then

    for gain in (True, False):
        for descending in (True, False):
            every = sorted_by_all(lots, closes, gain=gain, descending=descending)
            pages = [(3, 0), (50, 0), (50, 50), (3, 197), (50, len(every) - 60), (50, len(every))]
            for limit, offset in pages:
                page = await valued_page(
                    async_session,
                    user.id,
                    None,
                    gain=gain,
                    descending=descending,
                    limit=limit,
                    offset=offset,
                    today=before,
                )
                assert page == every[offset : offset + limit], (gain, descending, limit, offset)
            one = [lot for lot in lots if lot.asset == falling]
            page = await valued_page(
                async_session,
                user.id,
                falling,
                gain=gain,
                descending=descending,
                limit=50,
                offset=10,
                today=before,
            )
            assert page == sorted_by_all(one, closes, gain=gain, descending=descending)[10:60]


async def test_the_walks_stop_at_the_page_of_all_assets(
    db_session: Session, async_session: AsyncSession, tag: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each asset's walk ends once no lot it has not read can pass the page's last lot among every
    asset's lots read, not its own: the page of the largest gains reads fewer of the cheap asset's lots
    than a page from each end (its own first page, which an asset's walk read before)."""
    monkeypatch.setattr(open_lot_order, "FIRST_BATCH", 8)
    rising, falling = f"R{tag}", f"F{tag}"
    closes = {rising: Decimal("30000.5"), falling: Decimal("0.25")}
    db_session.add_all(
        [
            Price(symbol=symbol, quote="USD", date=TODAY, close=close, source="test")
            for symbol, close in closes.items()
        ]
    )
    user, account = new_wallet(db_session)
    rng = random.Random(3)
    acquisition = bought(db_session, user, account)
    lots = []
    for index in range(800):
        remaining = Decimal(rng.randrange(1, 10**9)) / 10**6
        basis = remaining * Decimal(rng.randrange(1, 40_000))
        lots.append(
            stored_lot(
                acquisition,
                rising if index % 8 == 0 else falling,
                quantity=remaining,
                remaining=remaining,
                cost_basis=basis,
                remaining_cost_basis=basis,
                lot_id=f"lot-{index}",
            )
        )
    db_session.add_all(lots)
    db_session.commit()
    read: dict[str, int] = {}
    walk_read = open_lot_order._Walk.read

    def counted(
        walk: open_lot_order._Walk, sides: list[list[tuple[Decimal, int, Decimal]]], size: int
    ) -> None:
        read[walk.asset] = read.get(walk.asset, 0) + sum(len(rows) for rows in sides)
        walk_read(walk, sides, size)

    monkeypatch.setattr(open_lot_order._Walk, "read", counted)
    lots_read = {}
    for descending in (True, False):
        read.clear()
        page = await valued_page(
            async_session, user.id, None, gain=True, descending=descending, limit=50, offset=0, today=TODAY
        )
        assert page == sorted_by_all(lots, closes, gain=True, descending=descending)[:50]
        lots_read[descending] = read[falling]
    # the largest gains are the dear asset's: few of the cheap one's are read; its lots bought at up to
    # 40,000 a unit make the largest losses, which are read as far as they go
    assert lots_read[True] < 2 * 50 <= lots_read[False], lots_read
