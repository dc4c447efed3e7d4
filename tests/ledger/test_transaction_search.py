"""The transactions page's words and combined filters by index (ledger.scope.word_search, migration 0040)
find exactly the rows `Search.conditions()` finds, row for row and in order, with the same total, through
every page: a word as a symbol (of one asset or of two, any case), a hash, a public id or part of a
description, several words, and words with filters."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ledger.models import Account, Asset, Transaction, TransactionReview
from ledger.scope.transaction_search import Cursor, Search, parse
from ledger.scope.transactions import TransactionsScope
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.ledger_rows import new_wallet
from vocabulary.enums import CurrencyType
from vocabulary.enums import TransactionType as Type

pytestmark = pytest.mark.servers


def ledger(session: Session) -> dict[str, Any]:
    """A user's trades, transfers and notes in two wallets, with a token of their own also called BTC; and
    another user whose rows hold every word too."""
    user, spot = new_wallet(session)
    cold = add_wallet(session, user, "Cold")
    token = Asset(
        id=f"user_asset_{uuid.uuid4().hex[:12]}",
        symbol="BTC",
        name="Their own BTC",
        type=CurrencyType.USER_DEFINED_TOKEN,
        user_id=user.id,
    )
    session.add(token)
    session.flush()
    usd, btc, eth = "fiat_USD", "crypto_BTC", "crypto_ETH"
    rows = [
        (spot, "2021-01-01 10:00", Type.BUY, [out(usd, "100", "100"), into(btc, "1")], "", None),
        (spot, "2021-02-01 10:00", Type.TRADE, [out(btc, "1"), into(eth, "10")], "", None),
        (spot, "2021-03-01 10:00", Type.BUY, [out(usd, "5", "5"), into(eth, "1")], "coffee money", None),
        (cold, "2021-04-01 10:00", Type.RECEIVE, [into(eth, "1")], "from the ledger of btc", "0xabc"),
        (cold, "2021-05-01 10:00", Type.RECEIVE, [into(token.id, "3")], "", None),
        (cold, "2021-06-01 10:00", Type.SEND, [out(btc, "0.1")], "100%_off", "ETH"),
        (spot, "2021-07-01 10:00", Type.TRADE, [out(token.id, "1"), into(btc, "1")], "Coffee, eth", None),
        (spot, "2022-01-01 10:00", Type.UNKNOWN, [into(eth, "2")], "eth staking", "0xdef"),
        (spot, "2022-01-01 10:00", Type.UNKNOWN, [into(usd, "2", "2")], "", None),
        (cold, "2022-03-01 10:00", Type.SELL, [out(eth, "1"), into(usd, "3000", "3000")], "", None),
    ]
    made = [
        _transaction(session, account, when, kind, moves, note, tx_hash)
        for account, when, kind, moves, note, tx_hash in rows
    ]
    for transaction in made[3:6]:
        session.add(
            TransactionReview(
                transaction_id=transaction.id,
                user_id=user.id,
                reason="check it",
                account_id=transaction.account_id,
                timestamp=transaction.timestamp,
            )
        )
    other, elsewhere = new_wallet(session)
    _transaction(
        session, elsewhere, "2021-08-01 10:00", Type.BUY, [into(btc, "1")], "coffee eth btc", "0xabc"
    )
    session.commit()
    return {"user": user.id, "other": other.id, "spot": spot.id, "cold": cold.id, "rows": made}


def _transaction(
    session: Session, account: Any, when: str, kind: Type, moves: list[Any], note: str, tx_hash: str | None
) -> Transaction:
    transaction = add_transaction(session, account, when, kind, *moves)
    transaction.description, transaction.tx_hash = note, tx_hash
    session.flush()
    return transaction


async def reference(session: AsyncSession, user_id: int, search: Search) -> list[int]:
    """The rows as `Search.conditions()` has them, newest first."""
    found = await session.scalars(
        select(Transaction.id)
        .where(Transaction.user_id == user_id, *search.conditions())
        .order_by(Transaction.timestamp.desc(), Transaction.id.desc())
    )
    return list(found)


async def every_page(scope: TransactionsScope, search: Search, limit: int) -> list[int]:
    found: list[int] = []
    after: Cursor | None = None
    while True:
        views, after = await scope.page(search, limit, "USD", after=after)
        found += [view.transaction.id for view in views]
        if after is None:
            return found


async def test_words_and_filters_find_what_the_whole_conditions_find(
    db_session: Session, async_session: AsyncSession
) -> None:
    rows = ledger(db_session)
    scope = TransactionsScope(async_session, rows["user"])
    public_id = str(
        db_session.scalar(select(Transaction.public_id).where(Transaction.id == rows["rows"][4].id))
    )
    queries = [
        "btc",  # two assets of that symbol, any case, and a description
        "ETH",  # a symbol, a hash, descriptions
        "eth btc",  # both
        "coffee",
        "COFFEE eth",
        "0xabc",
        public_id,
        public_id.upper(),
        "100%_off",
        "%",
        "_",
        "nothing",
        "usd has:review",
        "eth has:review",
        f"eth wallet:{rows['cold']}",
        f"btc wallet:{rows['spot']} tax_year:2021",
        "eth asset_id:crypto_BTC",
        "asset_id:crypto_BTC asset_id:crypto_ETH",
        f"asset_id:crypto_ETH wallet:{rows['spot']}",
        "asset_id:crypto_ETH has:review from:2021-04-01",
        f"has:review wallet:{rows['spot']} tax_year:2022",
        "has:review from:2022-01-01 to:2022-01-01",
        "eth is:uncategorized",
        "eth btc coffee usd",  # past the words split by index
        "eth eth",
        "co",  # short words: the start of a description's word
        "st has:review",
        "",
    ]
    for query in queries:
        search = parse(query)
        expected = await reference(async_session, rows["user"], search)
        assert await scope.count(search) == len(expected), query
        for limit in (1, 2, 50):
            assert await every_page(scope, search, limit) == expected, (query, limit)
        second, _ = await scope.page(search, 2, "USD", page=2)
        assert [view.transaction.id for view in second] == expected[2:4], query

    # a word under 3 characters matches a description's word it starts, not letters inside a word
    described = {row.description: row.id for row in rows["rows"]}
    assert await every_page(scope, parse("co"), 50) == [described["Coffee, eth"], described["coffee money"]]
    assert await every_page(scope, parse("St"), 50) == [described["eth staking"]]
    assert await scope.count(parse("ff")) == 0
    assert await scope.count(parse("ee")) == 0

    other = TransactionsScope(async_session, rows["other"])
    assert await other.count(parse("eth")) == 1
    assert await other.count(parse("ledger")) == 0
    assert [view.transaction.id for view in (await other.page(parse("0xabc"), 50, "USD"))[0]] == list(
        await async_session.scalars(select(Transaction.id).where(Transaction.user_id == rows["other"]))
    )


async def test_a_symbols_total_follows_new_rows(db_session: Session, async_session: AsyncSession) -> None:
    """One asset's part of a word's total is read from the kept counts: it follows a new row at once."""
    rows = ledger(db_session)
    scope = TransactionsScope(async_session, rows["user"])
    before = await scope.count(parse("eth"))
    await async_session.rollback()
    account = db_session.get_one(Account, rows["spot"])
    _transaction(db_session, account, "2023-01-01 10:00", Type.RECEIVE, [into("crypto_ETH", "1")], "", None)
    db_session.commit()
    assert await scope.count(parse("eth")) == before + 1
    counted = db_session.scalar(
        select(func.count()).select_from(Transaction).where(Transaction.user_id == rows["user"])
    )
    assert counted == len(rows["rows"]) + 1
    assert datetime(2023, 1, 1, 10, tzinfo=UTC) in {
        view.transaction.timestamp for view in (await scope.page(parse("ETH"), 1, "USD"))[0]
    }
