"""The users' transaction counts kept by the database (migrations 0014, 0034 and 0037's triggers): exact
after bulk imports, rows added, moved and deleted one by one, an account's deletion and a user's, and after
the cost-basis run folds them; per wallet and span of days as well as whole, per asset, and the rows to
review."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ingest.files.model import Flow as ParsedFlow
from ingest.files.model import ParsedTransaction
from ledger.models import (
    Account,
    AssetCountDelta,
    Flow,
    ReviewCountDelta,
    Transaction,
    TransactionCallout,
    TransactionCountDelta,
    User,
)
from ledger.scope.transaction_search import Search, parse
from ledger.scope.transactions import TransactionsScope
from ledger.writes.bulk_import import AccountImport, ImportSource, encode_batch
from ledger.writes.transaction_counts import fold_transaction_count
from ledger.writes.transfers import store_matching
from tests.workflows.ledger_rows import new_job, new_wallet
from vocabulary.enums import AccountKind, CalloutType, FlowDirection, IntegrationCategory, TransactionType

pytestmark = pytest.mark.servers

WHEN = datetime(2024, 6, 1, 12, tzinfo=UTC)


def buys(*keys: str, when: datetime = WHEN, review: str | None = None) -> list[ParsedTransaction]:
    return [
        ParsedTransaction(
            key=key,
            timestamp=when + timedelta(hours=index),
            type=TransactionType.BUY,
            flows=(
                ParsedFlow("IN", "BTC", Decimal("0.1")),
                ParsedFlow("OUT", "USD", Decimal("100"), value=Decimal("100"), value_currency="USD"),
            ),
            row=index + 1,
            review=review,
        )
        for index, key in enumerate(keys)
    ]


def written_by(session: Session, user: User, account: Account, rows: list[ParsedTransaction]) -> None:
    """`rows` imported into `account` as a file's."""
    job_id = new_job(session, user, account)
    source = ImportSource(job_id=job_id, file_key="uploads/x.csv", format_id="generic", format_name="Generic")
    writer = AccountImport(
        session, user_id=user.id, account_id=account.id, source=source, fiat_symbols={"USD"}
    )
    writer.write(encode_batch(rows))
    writer.finish(number_ignored=0)
    session.commit()


def imported(
    session: Session,
    user: User,
    account: Account,
    *keys: str,
    when: datetime = WHEN,
    review: str | None = None,
) -> None:
    written_by(session, user, account, buys(*keys, when=when, review=review))


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


async def kept_and_counted_each(
    async_session: AsyncSession, db_session: Session, user_id: int, searches: list[Search]
) -> list[tuple[int, int]]:
    """For each search, the page's total and the rows its filters match, counted one by one."""
    found = []
    for search in searches:
        kept = await TransactionsScope(async_session, user_id).count(search)
        await async_session.rollback()
        where = [Transaction.user_id == user_id, *search.conditions()]
        counted = db_session.scalar(select(func.count()).select_from(Transaction).where(*where)) or 0
        found.append((kept, counted))
    return found


def exact(pairs: list[tuple[int, int]]) -> list[int]:
    assert all(kept == counted for kept, counted in pairs), pairs
    return [kept for kept, _ in pairs]


async def test_wallet_and_day_totals_follow_imports_moves_and_deletions(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    second = second_wallet(db_session, user)
    other, other_account = new_wallet(db_session)
    imported(db_session, user, account, "a", "b", "c")  # 12:00, 13:00, 14:00 on 1 June 2024
    imported(db_session, user, second, "d", when=datetime(2024, 12, 31, 23, 30, tzinfo=UTC))
    imported(db_session, other, other_account, "x")
    manual = Transaction(
        user_id=user.id,
        account_id=second.id,
        natural_key="manual",
        timestamp=datetime(2024, 6, 2, 0, 0, tzinfo=UTC),
        type=TransactionType.BUY,
    )
    db_session.add(manual)
    db_session.commit()
    searches = [
        Search(),
        Search(account_ids=(account.id,)),
        Search(account_ids=(second.id,)),
        Search(account_ids=(account.id, second.id)),
        Search(account_ids=(other_account.id,)),  # another user's wallet: nothing of this user's
        parse("from:2024-06-02"),
        parse("to:2024-06-01"),
        parse("tax_year:2024"),
        parse("tax_year:2025"),
        parse(f"wallet:{second.id} from:2024-06-02 to:2024-06-02"),
        parse("from:2024-06-03 to:2024-06-01"),
        parse("tax_year:2024", tax_year_start=(6, 2)),
    ]
    before = exact(await kept_and_counted_each(async_session, db_session, user.id, searches))
    assert before == [5, 3, 2, 5, 0, 2, 3, 5, 0, 1, 0, 2]

    manual.account_id = account.id  # an edit moves it to the other wallet and the day before
    manual.timestamp = datetime(2024, 6, 1, 23, 59, tzinfo=UTC)
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        5, 4, 1, 5, 0, 1, 4, 5, 0, 0, 0, 1,
    ]  # fmt: skip
    rows = len(deltas(db_session, user.id))
    manual.description = "an edit that moves nothing"
    db_session.commit()
    assert len(deltas(db_session, user.id)) == rows

    db_session.delete(manual)
    db_session.commit()
    fold_transaction_count(db_session, user.id)
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        4, 3, 1, 4, 0, 1, 3, 4, 0, 0, 0, 1,
    ]  # fmt: skip
    assert deltas(db_session, user.id) == [1, 3]  # one row per wallet and day

    db_session.delete(second)
    db_session.commit()
    fold_transaction_count(db_session, user.id)
    db_session.commit()
    after = exact(await kept_and_counted_each(async_session, db_session, user.id, searches))
    assert after[:4] == [3, 3, 0, 3]
    assert deltas(db_session, user.id) == [3]


def reviews(session: Session, user_id: int) -> list[int]:
    found = session.scalars(select(ReviewCountDelta.delta).where(ReviewCountDelta.user_id == user_id))
    return sorted(found)


async def test_the_total_to_review_follows_imports_matching_links_and_deletions(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    second = second_wallet(db_session, user)
    other, other_account = new_wallet(db_session)
    imported(db_session, user, account, "a", "b", review="a type the parser did not know")
    imported(db_session, user, second, "c", "d", "e")
    imported(db_session, other, other_account, "x", review="a type the parser did not know")
    mine = select(Transaction.natural_key, Transaction.id).where(Transaction.user_id == user.id)
    ids = {key: tx_id for key, tx_id in db_session.execute(mine)}
    searches = [
        Search(needs_review=True),
        Search(needs_review=False),
        parse("has:review"),
        parse(f"has:review wallet:{second.id}"),  # read from the review rows' index, as the next two
        parse(f"has:review wallet:{account.id} wallet:{second.id} tax_year:2024"),
        parse("has:review from:2024-06-02"),
    ]
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        2, 3, 2, 0, 2, 0,
    ]  # fmt: skip

    # transfer matching flags two legs, then gives one a new reason and clears the other
    store_matching(db_session, user.id, [], {ids["c"]: "no receive matches", ids["d"]: "no send matches"})
    db_session.commit()
    link = (ids["c"], ids["e"], Decimal(1))
    store_matching(db_session, user.id, [link], {ids["c"]: "other", ids["d"]: None})
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        3, 2, 3, 1, 3, 0,
    ]  # fmt: skip

    # unlinking by hand flags both legs, one of them already flagged
    scope = TransactionsScope(async_session, user.id)
    assert await scope.unlink_transfer(ids["c"], ids["e"]) is None
    await async_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        4, 1, 4, 2, 4, 0,
    ]  # fmt: skip

    # an edit moving a flagged transaction to the other wallet and the next day moves its review too
    db_session.execute(
        update(Transaction)
        .where(Transaction.id == ids["a"])
        .values(account_id=second.id, timestamp=WHEN + timedelta(days=1))
    )
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        4, 1, 4, 3, 4, 1,
    ]  # fmt: skip

    # a flagged transaction deleted takes its review with it, and so does a deleted wallet
    db_session.execute(delete(Transaction).where(Transaction.id == ids["b"]))
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        3, 1, 3, 3, 3, 1,
    ]  # fmt: skip
    db_session.delete(second)
    db_session.commit()
    fold_transaction_count(db_session, user.id)
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [
        0, 0, 0, 0, 0, 0,
    ]  # fmt: skip
    assert reviews(db_session, user.id) == []
    # the other user's one flag, in none of this user's wallets
    assert exact(await kept_and_counted_each(async_session, db_session, other.id, searches)) == [
        1, 0, 1, 0, 0, 0,
    ]  # fmt: skip

    other_id = other.id
    db_session.delete(other)
    db_session.commit()
    assert reviews(db_session, other_id) == []


async def test_the_totals_of_wallets_days_and_reviews_are_read_not_counted(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    imported(db_session, user, account, "a", "b", review="a type the parser did not know")
    scope = TransactionsScope(async_session, user.id)
    async_session.add_all(  # rows no transaction stands behind: only a total that reads them sees them
        [
            TransactionCountDelta(user_id=user.id, account_id=account.id, utc_day=WHEN.date(), delta=100),
            ReviewCountDelta(user_id=user.id, delta=10),
        ]
    )
    await async_session.flush()
    read = [parse(f"wallet:{account.id} tax_year:2024"), parse("has:review"), Search(needs_review=False)]
    assert [await scope.count(search) for search in read] == [102, 12, 90]
    counted = [
        parse(f"wallet:{account.id} has:review"),
        parse("BTC"),
        parse("from:2024-06-01 is:uncategorized"),
    ]
    assert [await scope.count(search) for search in counted] == [2, 2, 0]
    await async_session.rollback()


async def test_one_callouts_total_is_the_runs_rows_and_leaves_with_their_transactions(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    other, other_account = new_wallet(db_session)
    imported(db_session, user, account, "a", "b", "c")
    imported(db_session, other, other_account, "a")
    flagged = db_session.execute(
        select(Transaction.id, Transaction.user_id, Transaction.timestamp).where(
            Transaction.natural_key.in_(("a", "b")), Transaction.user_id.in_((user.id, other.id))
        )
    ).all()
    db_session.add_all(  # as a cost-basis run writes them (ledger.writes.callouts)
        TransactionCallout(transaction_id=tx_id, type=kind, user_id=owner, timestamp=moment)
        for tx_id, owner, moment in flagged
        for kind in (CalloutType.INSUFFICIENT_QUANTITY, CalloutType.MISSING_PRICE_HISTORY)
    )
    db_session.commit()
    searches = [
        parse("callout:INSUFFICIENT_QUANTITY"),
        parse("callout:MISSING_BALANCE"),
        parse("callout:INSUFFICIENT_QUANTITY callout:MISSING_PRICE_HISTORY"),
        parse(f"callout:INSUFFICIENT_QUANTITY wallet:{account.id}"),
    ]
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [2, 0, 2, 2]

    db_session.execute(
        delete(Transaction).where(Transaction.natural_key == "a", Transaction.user_id == user.id)
    )
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [1, 0, 1, 1]
    assert exact(await kept_and_counted_each(async_session, db_session, other.id, searches)) == [1, 0, 1, 0]


def asset_rows(session: Session, user_id: int) -> list[int]:
    found = session.scalars(select(AssetCountDelta.delta).where(AssetCountDelta.user_id == user_id))
    return sorted(found)


async def test_asset_totals_count_transactions_through_imports_edits_deletions_and_a_fold(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    second = second_wallet(db_session, user)
    other, other_account = new_wallet(db_session)
    imported(db_session, user, account, "a", "b", "c")  # each buys BTC with USD
    imported(db_session, user, second, "d")
    imported(db_session, other, other_account, "x")
    moves = select(Flow.direction, Flow.asset_id).where(Flow.user_id == user.id).distinct()
    assets = {direction: asset_id for direction, asset_id in db_session.execute(moves)}
    btc, usd = assets[FlowDirection.INFLOW], assets[FlowDirection.OUTFLOW]
    searches = [
        Search(asset_ids=(btc,)),
        parse(f"asset_id:{usd}"),
        Search(asset_ids=("crypto_NOT_HELD",)),
        Search(asset_ids=(btc, usd)),  # both: counted row by row
    ]
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [4, 4, 0, 4]

    # the import counts its own pairs (migration 0044): a file's row paying its fee in the bought asset
    # counts once; a row the account already has is skipped and counts nothing
    paid_in_kind = buys("fee-in-btc")[0]
    paid_in_kind = dataclasses.replace(
        paid_in_kind, flows=(*paid_in_kind.flows, ParsedFlow("OUT", "BTC", Decimal("0.001"), is_fee=True))
    )
    written_by(db_session, user, account, [paid_in_kind, *buys("a")])
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [5, 5, 0, 5]
    db_session.execute(delete(Transaction).where(Transaction.natural_key == "fee-in-btc"))
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [4, 4, 0, 4]

    # a transaction with two flows of BTC counts once, and a third flow of it later changes nothing
    manual = Transaction(
        user_id=user.id, account_id=account.id, natural_key="manual", timestamp=WHEN, type=TransactionType.BUY
    )
    db_session.add(manual)
    db_session.flush()
    flows = [(FlowDirection.INFLOW, btc), (FlowDirection.INFLOW, btc), (FlowDirection.OUTFLOW, usd)]
    db_session.add_all(
        Flow(transaction_id=manual.id, user_id=user.id, direction=d, asset_id=a, quantity=Decimal(1))
        for d, a in flows
    )
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [5, 5, 0, 5]
    rows = len(asset_rows(db_session, user.id))
    third = Flow(
        transaction_id=manual.id,
        user_id=user.id,
        direction=FlowDirection.INFLOW,
        asset_id=btc,
        quantity=Decimal(1),
    )
    db_session.add(third)
    db_session.commit()
    third.value_override = Decimal(5)  # an edit of a value moves no asset
    db_session.commit()
    assert len(asset_rows(db_session, user.id)) == rows

    # bulk asset updates: the manual one's USD becomes BTC (which it has), "a"'s BTC becomes USD (likewise)
    keys = select(Transaction.natural_key, Transaction.id).where(Transaction.user_id == user.id)
    ids = {key: tx_id for key, tx_id in db_session.execute(keys)}
    db_session.execute(
        update(Flow).where(Flow.transaction_id == manual.id, Flow.asset_id == usd).values(asset_id=btc)
    )
    db_session.execute(
        update(Flow).where(Flow.transaction_id == ids["a"], Flow.asset_id == btc).values(asset_id=usd)
    )
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [4, 4, 0, 3]

    # one of several flows deleted; a transaction deleted; a wallet deleted
    db_session.delete(third)
    db_session.commit()
    db_session.execute(delete(Transaction).where(Transaction.id == ids["b"]))
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [3, 3, 0, 2]
    db_session.delete(second)
    db_session.commit()
    fold_transaction_count(db_session, user.id)
    db_session.commit()
    assert exact(await kept_and_counted_each(async_session, db_session, user.id, searches)) == [2, 2, 0, 1]
    assert asset_rows(db_session, user.id) == [2, 2]  # one row per asset
    assert exact(await kept_and_counted_each(async_session, db_session, other.id, searches)) == [1, 1, 0, 1]

    other_id = other.id
    db_session.delete(other)
    db_session.commit()
    assert asset_rows(db_session, other_id) == []
