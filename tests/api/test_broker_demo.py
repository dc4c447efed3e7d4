"""The broker demo (CBE, spec 001 §2, §6) through GraphQL: a broker sees their connected users with their
deposits, currencies, tax method and pipeline stages and the exchange-level report of a tax year, keeps
their settings, adds deposits and sell orders to the demo account through the manual-transaction path,
and resets the demo account (broker id cbe_demo), which deletes the demo user's accounts, seeds a new one
and turns user wallet connect off. Anyone else gets nothing: a non-broker, a user with only enableCbe, a
broker asking about a user not connected to them (another broker's), a bad id or a bad input."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any, Protocol

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ledger.infra.settings import Settings
from ledger.models import Account, Transaction, TransactionEdit, User
from stack.staff import make_broker
from tests.api.graphql import gql
from tests.api.test_cost_basis import calculated, signed_up_user
from tests.clients import app_client, sign_up
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into
from vocabulary.broker import DEMO_ACCOUNT_NAME
from vocabulary.enums import CostBasisMethod
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

ME = "query { me { publicId enableCbe isBroker } }"
CONNECTED = """query { connectedCtUsers { publicId email depositCount lastDepositAt } }"""
CONNECTED_ONE = """query($userId: ID!) {
  connectedCtUser(userId: $userId) { publicId email depositCount lastDepositAt }
}"""
HISTORY = """query($userId: ID!) {
  cbeDepositHistory(userId: $userId, limit: 50, offset: 0) {
    total items { type accountName assetId quantity value valueCurrency timestamp }
  }
}"""
REPORT = """query($taxYear: Int!) {
  exchangeLevelReport(taxYear: $taxYear) {
    taxYear
    users { email totals { proceeds costBasis capitalGain } }
    totals { proceeds costBasis capitalGain shortTermGain longTermGain taxableIncomeTotal }
  }
}"""
DEMO_ACCOUNT = "query { cbeDemoAccountId }"
CURRENCIES = """query($userId: ID!) {
  cbeUserCurrencies(userId: $userId) { assetId symbol quantity costBasis }
}"""
TAX_METHOD = """query($userId: ID!) { cbeTaxMethod(userId: $userId) { costBasisMethod costBasisByWallet } }"""
STAGES = """query($userId: ID!) { cbePipelineStages(userId: $userId) { stage status updatedAt } }"""
SETTINGS = "query { cbeSettings { allowUserWalletConnect } }"
UPDATE_SETTINGS = """mutation($allow: Boolean!) {
  updateCbeSettings(input: { allowUserWalletConnect: $allow }) {
    success error errorMessage settings { allowUserWalletConnect }
  }
}"""
DEPOSIT = """mutation($input: CbeDepositInput!) {
  addCbeDeposit(input: $input) { success error errorMessage publicId }
}"""
DISPOSAL = """mutation($input: CbeDisposalInput!) {
  addCbeDisposal(input: $input) { success error errorMessage publicId }
}"""
RESET = """mutation($brokerId: String!) {
  resetDemoUser(input: { brokerId: $brokerId }) { success error errorMessage }
}"""
NOT_FOUND = {"success": False, "error": "not_found", "errorMessage": "Not found."}
NOT_FOUND_ADDED = {**NOT_FOUND, "publicId": None}
NOT_FOUND_SETTINGS = {**NOT_FOUND, "settings": None}
USER_QUERIES = {  # a connected user's, by their public id
    "cbeUserCurrencies": CURRENCIES,
    "cbeTaxMethod": TAX_METHOD,
    "cbePipelineStages": STAGES,
    "connectedCtUser": CONNECTED_ONE,
}


def deposit(**changes: str) -> dict[str, str]:
    return {
        "assetId": "crypto_BTC",
        "quantity": "1",
        "costBasis": "30000",
        "timestamp": "2025-04-01T12:00:00+00:00",
        **changes,
    }


def sell_order(**changes: str) -> dict[str, str]:
    return {
        "assetId": "crypto_BTC",
        "quantity": "0.25",
        "proceeds": "20000",
        "timestamp": "2025-05-01T12:00:00+00:00",
        **changes,
    }


def transactions_of(session: Session, user: User) -> list[tuple[str, Type, bool]]:
    session.expire_all()
    rows = session.execute(
        select(Account.name, Transaction.type, Transaction.is_manual)
        .join(Account, Account.id == Transaction.account_id)
        .where(Transaction.user_id == user.id)
        .order_by(Transaction.timestamp)
    )
    return [(name, kind, manual) for name, kind, manual in rows]


def accounts_of(session: Session, user: User) -> list[tuple[str, bool]]:
    session.expire_all()
    rows = session.execute(
        select(Account.name, Account.will_be_deleted).where(Account.user_id == user.id).order_by(Account.id)
    )
    return [(name, marked) for name, marked in rows]


async def broker_user(http: httpx.AsyncClient, servers: Settings, session: Session, *connect: str) -> User:
    email = await sign_up(http)
    assert make_broker(servers, email, list(connect)) is None
    found = session.scalar(select(User).where(User.email == email))
    assert found is not None
    return found


async def public_id(http: httpx.AsyncClient) -> str:
    found: str = (await gql(http, ME))["me"]["publicId"]
    return found


async def deleted(session: Session, user: User, timeout: float = 60) -> None:
    """Waits until the accounts a reset marked are gone."""
    async with asyncio.timeout(timeout):
        while any(marked for _, marked in accounts_of(session, user)):
            await asyncio.sleep(0.2)


async def test_a_broker_sees_connected_users_their_deposits_and_the_exchange_level_report(
    client: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
    app: FastAPI,
    servers: Settings,
    db_session: Session,
) -> None:
    connected = await signed_up_user(other_user, db_session)
    wallet = add_wallet(db_session, connected)
    add_transaction(db_session, wallet, "2025-02-01 09:00", Type.DEPOSIT, into("crypto_ETH", "2", "5000"))
    add_transaction(
        db_session, wallet, "2025-02-02 09:00", Type.DEPOSIT, into("crypto_ETH", "1"), ignored=True
    )
    db_session.commit()
    broker = await broker_user(client, servers, db_session, connected.email)

    assert (await gql(client, ME))["me"]["enableCbe"] and (await gql(client, ME))["me"]["isBroker"]
    assert (await gql(other_user, ME))["me"] == {
        "publicId": str(connected.public_id),
        "enableCbe": False,
        "isBroker": False,
    }
    assert (await gql(client, DEMO_ACCOUNT))["cbeDemoAccountId"] is None  # until the demo is seeded
    assert (await gql(client, RESET, brokerId="cbe_demo"))["resetDemoUser"] == {
        "success": True,
        "error": None,
        "errorMessage": None,
    }
    await deleted(db_session, broker)
    await calculated(client)

    users = (await gql(client, CONNECTED))["connectedCtUsers"]
    assert [(user["email"], user["depositCount"]) for user in users] == [
        (broker.email, 2),
        (connected.email, 1),
    ]
    assert users[1]["lastDepositAt"].startswith("2025-02-01T09:00:00")
    one = (await gql(client, CONNECTED_ONE, userId=str(connected.public_id)))["connectedCtUser"]
    assert one == users[1]
    history = (await gql(client, HISTORY, userId=str(connected.public_id)))["cbeDepositHistory"]
    assert history["total"] == 1
    assert [
        (i["type"], i["assetId"], Decimal(i["quantity"]), Decimal(i["value"])) for i in history["items"]
    ] == [("DEPOSIT", "crypto_ETH", Decimal(2), Decimal(5000))]
    demo = (await gql(client, HISTORY, userId=str(broker.public_id)))["cbeDepositHistory"]
    assert [(i["accountName"], i["assetId"]) for i in demo["items"]] == [
        (DEMO_ACCOUNT_NAME, "crypto_ETH"),
        (DEMO_ACCOUNT_NAME, "crypto_BTC"),
    ]

    report = (await gql(client, REPORT, taxYear=2025))["exchangeLevelReport"]
    # the seed sells 0.2 of the 0.5 BTC deposited for 21,000: basis 8,400, proceeds 16,000
    assert [(u["email"], Decimal(u["totals"]["proceeds"])) for u in report["users"]] == [
        (broker.email, Decimal(16000)),
        (connected.email, Decimal(0)),
    ]
    totals = {name: Decimal(value) for name, value in report["totals"].items()}
    assert totals == {
        "proceeds": Decimal(16000),
        "costBasis": Decimal(8400),
        "capitalGain": Decimal(7600),
        "shortTermGain": Decimal(7600),
        "longTermGain": Decimal(0),
        "taxableIncomeTotal": Decimal(0),
    }
    earlier = (await gql(client, REPORT, taxYear=2024))["exchangeLevelReport"]
    assert Decimal(earlier["totals"]["proceeds"]) == 0

    async with app_client(app) as stranger:
        await sign_up(stranger)
        their_id = await public_id(stranger)
        for user_id in (their_id, "not-an-id", "00000000-0000-0000-0000-000000000000"):
            assert (await gql(client, CONNECTED_ONE, userId=user_id))["connectedCtUser"] is None
            assert (await gql(client, HISTORY, userId=user_id))["cbeDepositHistory"] is None


async def test_a_broker_sees_a_connected_users_currencies_tax_method_and_pipeline_stages(
    client: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
    app: FastAPI,
    servers: Settings,
    db_session: Session,
) -> None:
    connected = await signed_up_user(other_user, db_session)
    wallet = add_wallet(db_session, connected)
    add_transaction(db_session, wallet, "2025-02-01 09:00", Type.DEPOSIT, into("crypto_ETH", "2", "5000"))
    db_session.execute(
        update(User).where(User.id == connected.id).values(cost_basis_method=CostBasisMethod.HIFO)
    )
    db_session.commit()
    await broker_user(client, servers, db_session, connected.email)
    user_id = str(connected.public_id)

    stages = (await gql(client, STAGES, userId=user_id))["cbePipelineStages"]
    assert [(s["stage"], s["status"], s["updatedAt"]) for s in stages] == [
        ("IMPORT", "DONE", None),  # a wallet entered by hand was never synced
        ("COST_BASIS", "NOT_STARTED", None),
    ]
    assert (await gql(other_user, "mutation { enqueueCostBasis { success } }"))["enqueueCostBasis"]["success"]
    await calculated(other_user)

    stages = (await gql(client, STAGES, userId=user_id))["cbePipelineStages"]
    assert [(s["stage"], s["status"]) for s in stages] == [("IMPORT", "DONE"), ("COST_BASIS", "DONE")]
    assert stages[1]["updatedAt"] is not None
    currencies = (await gql(client, CURRENCIES, userId=user_id))["cbeUserCurrencies"]
    assert [
        (c["assetId"], c["symbol"], Decimal(c["quantity"]), Decimal(c["costBasis"])) for c in currencies
    ] == [("crypto_ETH", "ETH", Decimal(2), Decimal(5000))]
    assert (await gql(client, TAX_METHOD, userId=user_id))["cbeTaxMethod"] == {
        "costBasisMethod": "HIFO",
        "costBasisByWallet": False,
    }

    async with app_client(app) as another_broker:
        await broker_user(another_broker, servers, db_session)  # connected to themselves only
        theirs = await public_id(another_broker)
        for name, query in USER_QUERIES.items():
            assert (await gql(another_broker, query, userId=user_id))[name] is None, name
            for bad in (theirs, "not-an-id", "00000000-0000-0000-0000-000000000000"):
                assert (await gql(client, query, userId=bad))[name] is None, (name, bad)
    for name, query in USER_QUERIES.items():
        assert (await gql(other_user, query, userId=user_id))[name] is None, name  # not their broker


async def test_a_broker_keeps_their_settings_on_the_server(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, servers: Settings, db_session: Session
) -> None:
    broker = await broker_user(client, servers, db_session)
    await broker_user(other_user, servers, db_session)

    assert (await gql(client, SETTINGS))["cbeSettings"] == {"allowUserWalletConnect": False}
    assert (await gql(client, UPDATE_SETTINGS, allow=True))["updateCbeSettings"] == {
        "success": True,
        "error": None,
        "errorMessage": None,
        "settings": {"allowUserWalletConnect": True},
    }
    assert (await gql(client, SETTINGS))["cbeSettings"] == {"allowUserWalletConnect": True}
    assert (await gql(other_user, SETTINGS))["cbeSettings"] == {"allowUserWalletConnect": False}

    for bad in ({"allow": None}, {"allow": "yes"}, {}):
        answer = await client.post("/graphql", json={"query": UPDATE_SETTINGS, "variables": bad})
        assert answer.json()["errors"] and answer.json().get("data") is None, bad
    db_session.refresh(broker)
    assert broker.settings["cbeAllowUserWalletConnect"] is True


async def test_deposits_and_sell_orders_are_manual_transactions_of_the_demo_account(
    client: httpx.AsyncClient, servers: Settings, db_session: Session
) -> None:
    broker = await broker_user(client, servers, db_session)

    added = (await gql(client, DEPOSIT, input=deposit()))["addCbeDeposit"]
    sold = (await gql(client, DISPOSAL, input=sell_order()))["addCbeDisposal"]

    assert added["success"] and sold["success"], (added, sold)
    assert transactions_of(db_session, broker) == [
        (DEMO_ACCOUNT_NAME, Type.DEPOSIT, True),
        (DEMO_ACCOUNT_NAME, Type.SELL, True),
    ]
    recorded = db_session.scalars(
        select(TransactionEdit.new_value).where(TransactionEdit.transaction_public_id == added["publicId"])
    ).all()
    assert recorded == ["created by hand"]
    account_id = (await gql(client, DEMO_ACCOUNT))["cbeDemoAccountId"]
    assert accounts_of(db_session, broker) == [(DEMO_ACCOUNT_NAME, False)]
    await calculated(client)
    lots = await gql(client, 'query { taxLots(asset: "BTC", limit: 50, offset: 0) { items { remaining } } }')
    assert [Decimal(lot["remaining"]) for lot in lots["taxLots"]["items"]] == [Decimal("0.75")]

    for bad, code in (
        (deposit(quantity="-1"), "not_positive"),
        (deposit(costBasis="0"), "not_positive"),
        (deposit(quantity="0.1234567890123456789"), "too_precise"),
        (deposit(assetId="crypto_NOPE"), "asset_not_found"),
        (deposit(timestamp="2999-01-01T00:00:00+00:00"), "in_the_future"),
    ):
        answer = (await gql(client, DEPOSIT, input=bad))["addCbeDeposit"]
        assert (answer["success"], answer["error"], answer["publicId"]) == (False, code, None), code
    answer = (await gql(client, DISPOSAL, input=sell_order(proceeds="-5")))["addCbeDisposal"]
    assert (answer["success"], answer["error"]) == (False, "not_positive")
    assert len(transactions_of(db_session, broker)) == 2
    assert (await gql(client, DEMO_ACCOUNT))["cbeDemoAccountId"] == account_id
    too_long = await client.post(
        "/graphql", json={"query": DEPOSIT, "variables": {"input": deposit(assetId="x" * 500)}}
    )
    assert too_long.json()["errors"]
    bad_year = await client.post("/graphql", json={"query": REPORT, "variables": {"taxYear": 1900}})
    assert bad_year.json()["errors"][0]["message"] == "taxYear must be between 2009 and 2100"


async def test_a_reset_deletes_the_demo_users_accounts_and_seeds_the_demo_account_again(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, servers: Settings, db_session: Session
) -> None:
    connected = await signed_up_user(other_user, db_session)
    connected_wallet = add_wallet(db_session, connected, "Theirs")
    add_transaction(db_session, connected_wallet, "2025-01-01 09:00", Type.DEPOSIT, into("crypto_BTC", "1"))
    db_session.commit()
    broker = await broker_user(client, servers, db_session, connected.email)
    wallet = add_wallet(db_session, broker, "Linked wallet")
    add_transaction(db_session, wallet, "2024-06-01 09:00", Type.DEPOSIT, into("crypto_SOL", "10", "1500"))
    db_session.commit()
    assert (await gql(client, DEPOSIT, input=deposit()))["addCbeDeposit"]["success"]
    assert (await gql(client, UPDATE_SETTINGS, allow=True))["updateCbeSettings"]["success"]

    assert (await gql(client, RESET, brokerId="cbe_demo"))["resetDemoUser"]["success"]
    await deleted(db_session, broker)
    await calculated(client)

    assert (await gql(client, SETTINGS))["cbeSettings"] == {"allowUserWalletConnect": False}

    assert accounts_of(db_session, broker) == [(DEMO_ACCOUNT_NAME, False)]
    assert transactions_of(db_session, broker) == [
        (DEMO_ACCOUNT_NAME, Type.DEPOSIT, True),
        (DEMO_ACCOUNT_NAME, Type.DEPOSIT, True),
        (DEMO_ACCOUNT_NAME, Type.SELL, True),
    ]
    lots = await gql(client, "query { taxLots(limit: 50, offset: 0) { items { asset remaining } } }")
    assert sorted((lot["asset"], Decimal(lot["remaining"])) for lot in lots["taxLots"]["items"]) == [
        ("BTC", Decimal("0.3")),
        ("ETH", Decimal(4)),
    ]
    assert accounts_of(db_session, connected) == [("Theirs", False)]
    assert len(transactions_of(db_session, connected)) == 1


async def test_anyone_but_a_broker_gets_nothing_and_changes_nothing(
    client: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
    app: FastAPI,
    servers: Settings,
    db_session: Session,
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    db_session.commit()
    await broker_user(other_user, servers, db_session, user.email)
    broker_id = await public_id(other_user)

    async def refused_everything(http: httpx.AsyncClient) -> None:
        assert (await gql(http, CONNECTED))["connectedCtUsers"] is None
        for name, query in USER_QUERIES.items():
            assert (await gql(http, query, userId=broker_id))[name] is None, name
            assert (await gql(http, query, userId=str(user.public_id)))[name] is None, name
        assert (await gql(http, SETTINGS))["cbeSettings"] is None
        assert (await gql(http, UPDATE_SETTINGS, allow=True))["updateCbeSettings"] == NOT_FOUND_SETTINGS
        assert (await gql(http, HISTORY, userId=str(user.public_id)))["cbeDepositHistory"] is None
        assert (await gql(http, REPORT, taxYear=2025))["exchangeLevelReport"] is None
        assert (await gql(http, DEMO_ACCOUNT))["cbeDemoAccountId"] is None
        assert (await gql(http, DEPOSIT, input=deposit()))["addCbeDeposit"] == NOT_FOUND_ADDED
        assert (await gql(http, DISPOSAL, input=sell_order()))["addCbeDisposal"] == NOT_FOUND_ADDED
        assert (await gql(http, RESET, brokerId="cbe_demo"))["resetDemoUser"] == NOT_FOUND

    await refused_everything(client)  # a user connected to a broker is no broker
    db_session.execute(update(User).where(User.id == user.id).values(enable_cbe=True))
    db_session.commit()
    await refused_everything(client)  # enableCbe alone is not broker mode
    assert accounts_of(db_session, user) == [(wallet.name, False)]
    assert transactions_of(db_session, user) == []
    db_session.refresh(user)
    assert "cbeAllowUserWalletConnect" not in user.settings

    assert (await gql(other_user, RESET, brokerId="another_broker"))["resetDemoUser"] == NOT_FOUND
    assert (await gql(other_user, RESET, brokerId="CBE_DEMO"))["resetDemoUser"] == NOT_FOUND

    async with app_client(app) as anonymous:
        for query in (CONNECTED, DEMO_ACCOUNT, SETTINGS):
            assert (await anonymous.post("/graphql", json={"query": query})).status_code == 401


# The authorization matrix (tests/security/test_authorization_matrix.py) runs these with two users who are
# not brokers: each names the other's ids (their user, their own token as the asset) and gets nothing.


class Signed(Protocol):
    @property
    def client(self) -> httpx.AsyncClient: ...

    @property
    def token_id(self) -> str: ...


def _not_connected(query: str, field: str) -> Callable[[Signed, Signed], Awaitable[None]]:
    async def rule(mine: Signed, theirs: Signed) -> None:
        answer = await gql(mine.client, query, userId=await public_id(theirs.client))
        assert answer[field] is None

    return rule


def _not_a_broker(
    query: str, field: str, entered: Callable[..., dict[str, str]]
) -> Callable[..., Awaitable[None]]:
    async def rule(mine: Signed, theirs: Signed) -> None:
        answer: dict[str, Any] = await gql(mine.client, query, input=entered(assetId=theirs.token_id))
        assert answer[field] == NOT_FOUND_ADDED

    return rule


async def _reset(mine: Signed, theirs: Signed) -> None:
    assert (await gql(mine.client, RESET, brokerId="cbe_demo"))["resetDemoUser"] == NOT_FOUND


AUTHORIZATION_RULES: dict[str, Callable[[Signed, Signed], Awaitable[None]]] = {
    "Query.connectedCtUser": _not_connected(CONNECTED_ONE, "connectedCtUser"),
    "Query.cbeDepositHistory": _not_connected(HISTORY, "cbeDepositHistory"),
    "Query.cbeUserCurrencies": _not_connected(CURRENCIES, "cbeUserCurrencies"),
    "Query.cbeTaxMethod": _not_connected(TAX_METHOD, "cbeTaxMethod"),
    "Query.cbePipelineStages": _not_connected(STAGES, "cbePipelineStages"),
    "Mutation.addCbeDeposit": _not_a_broker(DEPOSIT, "addCbeDeposit", deposit),
    "Mutation.addCbeDisposal": _not_a_broker(DISPOSAL, "addCbeDisposal", sell_order),
    "Mutation.resetDemoUser": _reset,
}
