"""UserScope, the one gate to a user's data: balances and their prices, counts, and nothing of another
user's."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ledger.models import Asset, Flow, Price, Transaction
from ledger.scope import UserScope
from tests.workflows.ledger_rows import new_wallet
from vocabulary.enums import AccountKind, CurrencyType, FlowDirection, JobKind, TransactionType

pytestmark = pytest.mark.servers


def add_transaction(
    session: Session,
    user_id: int,
    account_id: int,
    key: str,
    flows: list[tuple[FlowDirection, str, str]],
    **extra: bool,
) -> None:
    tx = Transaction(
        user_id=user_id,
        account_id=account_id,
        natural_key=key,
        timestamp=datetime(2024, 1, 1, tzinfo=UTC),
        type=TransactionType.TRADE,
        **extra,
    )
    session.add(tx)
    session.flush()
    session.add_all(
        Flow(transaction_id=tx.id, user_id=user_id, direction=d, asset_id=a, quantity=Decimal(q))
        for d, a, q in flows
    )
    session.commit()


def latest(session: Session, symbol: str, quote: str) -> Decimal:
    close = session.scalar(
        select(Price.close)
        .where(Price.symbol == symbol, Price.quote == quote)
        .order_by(Price.date.desc())
        .limit(1)
    )
    assert close is not None
    return close


async def test_balances_are_priced_directly_or_through_the_inverse_pair(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    inflow, outflow = FlowDirection.INFLOW, FlowDirection.OUTFLOW
    add_transaction(
        db_session, user.id, account.id, "buy", [(inflow, "crypto_ETH", "2"), (outflow, "fiat_CAD", "100")]
    )
    add_transaction(db_session, user.id, account.id, "sell", [(outflow, "crypto_ETH", "0.5")])
    add_transaction(
        db_session, user.id, account.id, "ignored", [(inflow, "crypto_ETH", "1000")], is_ignored=True
    )
    add_transaction(db_session, user.id, account.id, "manual", [(inflow, "fiat_CAD", "100")], is_manual=True)

    scope = UserScope(async_session, user.id).accounts
    balances = {b.symbol: b for b in (await scope.balances([account.id]))[account.id]}
    counts = (await scope.transaction_counts([account.id]))[account.id]

    assert set(balances) == {"ETH"}  # the CAD flows cancel out; the ignored transaction does not count
    assert balances["ETH"].quantity == Decimal("1.5")
    assert balances["ETH"].price_usd == latest(db_session, "ETH", "USD")
    assert (counts.total, counts.crypto, counts.manual) == (3, 2, 1)
    prices = await scope._latest_prices_usd({"CAD", "EUR", "USD"})
    assert prices["CAD"] == 1 / latest(db_session, "USD", "CAD")
    assert prices["EUR"] == latest(db_session, "EUR", "USD")
    assert prices["USD"] == 1


async def test_tokens_marked_as_spam_hold_no_balance_until_the_user_unmarks_them(
    db_session: Session, async_session: AsyncSession
) -> None:
    user, account = new_wallet(db_session)
    verdicts = {"SPAM": True, "UNSURE": None, "FINE": False}
    for symbol, verdict in verdicts.items():
        db_session.add(
            Asset(
                id=f"blockchain_ethereum_0x{symbol.lower()}",
                symbol=symbol,
                name=symbol,
                type=CurrencyType.BLOCKCHAIN_TOKEN,
                is_spam=verdict,
                was_automarked_as_spam=verdict is True,
            )
        )
        add_transaction(
            db_session,
            user.id,
            account.id,
            symbol,
            [(FlowDirection.INFLOW, f"blockchain_ethereum_0x{symbol.lower()}", "1000")],
        )
    scope = UserScope(async_session, user.id).accounts

    held = {b.symbol for b in (await scope.balances([account.id]))[account.id]}
    assert held == {"UNSURE", "FINE"}  # the spam center, not the balances, lists the marked token

    await UserScope(async_session, user.id).spam.judge("blockchain_ethereum_0xspam", False)
    await async_session.commit()
    held = {b.symbol for b in (await scope.balances([account.id]))[account.id]}
    assert held == {"SPAM", "UNSURE", "FINE"}


async def test_another_users_accounts_and_jobs_are_invisible(
    db_session: Session, async_session: AsyncSession
) -> None:
    owner, account = new_wallet(db_session)
    stranger, own = new_wallet(db_session)
    add_transaction(db_session, owner.id, account.id, "a", [(FlowDirection.INFLOW, "crypto_BTC", "1")])
    await UserScope(async_session, owner.id).jobs.create_job(
        "csv-import/scoped-test", JobKind.CSV_IMPORT, account.id
    )
    await async_session.commit()

    scope = UserScope(async_session, stranger.id).accounts
    jobs = UserScope(async_session, stranger.id).jobs

    assert await scope.account(account.id) is None
    page, total = await scope.accounts_page(AccountKind.CUSTOM_WALLET, 1, 50)
    assert ([a.id for a in page], total) == ([own.id], 1)
    assert await scope.balances([account.id]) == {account.id: []}
    assert (await scope.transaction_counts([account.id]))[account.id].total == 0
    assert await jobs.latest_jobs([account.id]) == {}
    assert await jobs.job("csv-import/scoped-test", JobKind.CSV_IMPORT) is None
    assert await jobs.claim_job("csv-import/scoped-test", JobKind.CSV_IMPORT) is False
    assert await scope.rename_account(account.id, AccountKind.CUSTOM_WALLET, "mine now") is None
    assert await scope.mark_account_for_deletion(account.id, AccountKind.CUSTOM_WALLET) is None
    await scope.discard_account(account.id)
    await async_session.commit()
    assert await UserScope(async_session, owner.id).accounts.account(account.id) is not None


async def test_accounts_are_paged_oldest_first(db_session: Session, async_session: AsyncSession) -> None:
    user, first = new_wallet(db_session)
    scope = UserScope(async_session, user.id).accounts
    integration = first.integration
    assert integration is not None
    second = await scope.create_account(AccountKind.CUSTOM_WALLET, "Second", integration)
    third = await scope.create_account(AccountKind.CUSTOM_WALLET, "Third", integration)
    await async_session.commit()

    page, total = await scope.accounts_page(AccountKind.CUSTOM_WALLET, 2, 2)

    assert total == 3 and [account.id for account in page] == [third.id]
    assert [a.id for a in (await scope.accounts_page(AccountKind.CUSTOM_WALLET, 1, 2))[0]] == [
        first.id,
        second.id,
    ]
