"""The users' transaction counts kept by the database (migration 0014's triggers): exact after bulk
imports, rows added and deleted one by one, an account's deletion and a user's, and after the
cost-basis run folds them."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ingest.files.model import Flow as ParsedFlow
from ingest.files.model import ParsedTransaction
from ledger.models import Account, Transaction, TransactionCountDelta, User
from ledger.scope.transaction_search import Search
from ledger.scope.transactions import TransactionsScope
from ledger.writes.bulk_import import AccountImport, ImportSource, encode_batch
from ledger.writes.transaction_counts import fold_transaction_count
from tests.workflows.ledger_rows import new_job, new_wallet
from vocabulary.enums import AccountKind, IntegrationCategory, TransactionType

pytestmark = pytest.mark.servers

WHEN = datetime(2024, 6, 1, 12, tzinfo=UTC)


def buys(*keys: str) -> list[ParsedTransaction]:
    return [
        ParsedTransaction(
            key=key,
            timestamp=WHEN,
            type=TransactionType.BUY,
            flows=(
                ParsedFlow("IN", "BTC", Decimal("0.1")),
                ParsedFlow("OUT", "USD", Decimal("100"), value=Decimal("100"), value_currency="USD"),
            ),
            row=index + 1,
        )
        for index, key in enumerate(keys)
    ]


def imported(session: Session, user: User, account: Account, *keys: str) -> None:
    job_id = new_job(session, user, account)
    source = ImportSource(job_id=job_id, file_key="uploads/x.csv", format_id="generic", format_name="Generic")
    writer = AccountImport(
        session, user_id=user.id, account_id=account.id, source=source, fiat_symbols={"USD"}
    )
    writer.write(encode_batch(buys(*keys)))
    writer.finish(number_ignored=0)
    session.commit()


def second_wallet(session: Session, user: User) -> Account:
    account = Account(
        user_id=user.id,
        kind=AccountKind.CUSTOM_WALLET,
        name="Second",
        integration_slug="csv file import",
        integration_category=IntegrationCategory.WALLET,
    )
    session.add(account)
    session.commit()
    return account


async def kept_and_counted(async_session: AsyncSession, db_session: Session, user_id: int) -> tuple[int, int]:
    """The page's total for the whole ledger, and the rows there are."""
    kept = await TransactionsScope(async_session, user_id).count(Search())
    await async_session.rollback()  # the next read sees what was committed since
    counted = db_session.scalar(select(func.count()).where(Transaction.user_id == user_id))
    return kept, counted or 0


def deltas(session: Session, user_id: int) -> list[int]:
    found = session.scalars(
        select(TransactionCountDelta.delta).where(TransactionCountDelta.user_id == user_id)
    )
    return sorted(found)


async def test_the_count_follows_imports_single_rows_and_deletions(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    other, other_account = new_wallet(db_session)
    imported(db_session, user, account, "a", "b", "c")
    imported(db_session, other, other_account, "x")
    assert await kept_and_counted(async_session, db_session, user.id) == (3, 3)

    imported(db_session, user, account, "c", "d")  # "c" is a duplicate: one row more
    db_session.add(
        Transaction(
            user_id=user.id,
            account_id=account.id,
            natural_key="manual",
            timestamp=WHEN,
            type=TransactionType.BUY,
        )
    )
    db_session.commit()
    assert await kept_and_counted(async_session, db_session, user.id) == (5, 5)

    db_session.execute(
        delete(Transaction).where(Transaction.natural_key == "manual", Transaction.user_id == user.id)
    )
    db_session.commit()
    assert await kept_and_counted(async_session, db_session, user.id) == (4, 4)
    assert await kept_and_counted(async_session, db_session, other.id) == (1, 1)


async def test_a_deleted_account_leaves_the_count_and_a_deleted_user_leaves_nothing(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    second = second_wallet(db_session, user)
    imported(db_session, user, account, "a", "b")
    imported(db_session, user, second, "c")

    db_session.delete(second)
    db_session.commit()
    assert await kept_and_counted(async_session, db_session, user.id) == (2, 2)

    user_id = user.id
    db_session.delete(user)
    db_session.commit()
    assert deltas(db_session, user_id) == []
    assert await kept_and_counted(async_session, db_session, user_id) == (0, 0)


async def test_folding_keeps_the_sum_in_one_row_and_leaves_other_users_alone(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    other, other_account = new_wallet(db_session)
    imported(db_session, user, account, "a", "b")
    imported(db_session, user, account, "c")
    imported(db_session, other, other_account, "x")
    imported(db_session, other, other_account, "y")

    fold_transaction_count(db_session, user.id)
    db_session.commit()

    assert deltas(db_session, user.id) == [3]
    assert deltas(db_session, other.id) == [1, 1]
    assert await kept_and_counted(async_session, db_session, user.id) == (3, 3)
