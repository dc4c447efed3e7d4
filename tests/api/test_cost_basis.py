"""enqueueCostBasis, GetCostBasisStatus and the stored results through GraphQL, on a hand-worked ledger:
buy 1 BTC for 10,000 USD plus a 10 USD fee, sell 0.4 at 30,000 with a 5 USD fee, then sell 1 BTC more
than a year later (only 0.6 is left), plus income with and without a price."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from api.app import create_app
from ledger.infra.settings import Settings
from ledger.models import CostBasisStatus, User
from stack.servers import free_port
from tests.api.graphql import gql
from tests.clients import app_client, sign_up
from tests.workflows.cost_basis_rows import add_transaction, add_user_token, add_wallet, into, out
from vocabulary.enums import CostBasisMethod
from vocabulary.enums import TransactionType as Type
from vocabulary.errors import COST_BASIS_FAILED, ENQUEUE_FAILED

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

ENQUEUE = """
mutation enqueueCostBasis($priority: QueuePriority!) {
  enqueueCostBasis(priority: $priority) { success error errorMessage }
}
"""
STATUS = """
query GetCostBasisStatus {
  costBasisStatus {
    isCostBasisRunning costBasisLastSyncedAt costBasisComputeStartTime costBasisComputeEndTime
    costBasisStatus { state priority errorMessage }
    costBasisRecomputationDate costBasisPaused
  }
}
"""
TAX_LOTS = """
query Lots($asset: String, $limit: Int!, $offset: Int!) {
  taxLots(asset: $asset, limit: $limit, offset: $offset) {
    total
    items { asset acquiredAt quantity remaining costBasis remainingCostBasis callout transactionId accountId }
  }
}
"""
DISPOSED_LOTS = """
query Disposed($asset: String) {
  disposedLots(asset: $asset) {
    total
    items { asset type quantity proceeds costBasis gain term holdingDays callout lotId disposedAt }
  }
}
"""
TAX_SUMMARY = """
query Summary($year: Int!) {
  taxSummary(taxYear: $year) {
    taxYear start end capitalGain shortTermGain longTermGain proceeds costBasis taxableIncomeTotal
    calloutCounts { insufficientQuantity missingPriceHistory }
  }
}
"""


async def signed_up_user(http: httpx.AsyncClient, session: Session) -> User:
    email = await sign_up(http)
    user = session.scalar(select(User).where(User.email == email))
    assert user is not None
    return user


def hand_worked_ledger(session: Session, user: User) -> None:
    wallet = add_wallet(session, user)
    token = add_user_token(session, user, "ZZTOKEN")
    add_transaction(
        session,
        wallet,
        "2021-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "10000", "10000"),
        into("crypto_BTC", "1"),
        out("fiat_USD", "10", "10", fee=True),
    )
    add_transaction(
        session,
        wallet,
        "2021-06-01 10:00",
        Type.SELL,
        out("crypto_BTC", "0.4"),
        into("fiat_USD", "12000", "12000"),
        out("fiat_USD", "5", "5", fee=True),
    )
    add_transaction(
        session, wallet, "2021-07-01 10:00", Type.STAKING_REWARD, into("crypto_ETH", "0.5", "1000")
    )
    add_transaction(session, wallet, "2021-08-01 10:00", Type.STAKING_REWARD, into(token, "5"))  # no price
    add_transaction(
        session,
        wallet,
        "2022-03-01 10:00",
        Type.SELL,
        out("crypto_BTC", "1"),
        into("fiat_USD", "40000", "40000"),
    )
    session.commit()


async def status(http: httpx.AsyncClient) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, STATUS))["costBasisStatus"]
    return found


async def calculated(http: httpx.AsyncClient, timeout: float = 60) -> dict[str, Any]:
    """Polls GetCostBasisStatus (as the status panel does, but faster) until no run is going."""
    async with asyncio.timeout(timeout):
        while (found := await status(http))["isCostBasisRunning"]:
            assert found["costBasisStatus"]["state"] in ("Enqueued", "Scheduled", "Started")
            await asyncio.sleep(0.1)
    return found


async def test_the_status_request_reads_two_statements(app: FastAPI, user: httpx.AsyncClient) -> None:
    """The panel polls: a request reads the session with whom it views as, then the panel, nothing more."""
    statements: list[str] = []

    def record(_connection: object, _cursor: object, statement: str, *_: object) -> None:
        statements.append(statement)

    engine = app.state.services.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        await status(user)
    finally:
        event.remove(engine, "before_cursor_execute", record)

    assert len(statements) == 2, statements
    assert "user_sessions" in statements[0] and "cost_basis_status" in statements[1]


async def test_enqueue_computes_the_hand_worked_lots_gains_and_summary(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    before = await status(client)
    assert before["costBasisLastSyncedAt"] is None and not before["isCostBasisRunning"]

    answer = (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]

    assert answer == {"success": True, "error": None, "errorMessage": None}
    done = await calculated(client)
    assert done["costBasisStatus"] == {"state": None, "priority": "HIGH", "errorMessage": None}
    assert done["costBasisLastSyncedAt"] is not None and done["costBasisComputeEndTime"] is not None
    assert done["costBasisRecomputationDate"] is None and done["costBasisPaused"] is False

    lots = (await gql(client, TAX_LOTS, asset="BTC", limit=50, offset=0))["taxLots"]
    assert lots["total"] == 1
    assert [
        (lot["quantity"], lot["remaining"], lot["costBasis"], lot["remainingCostBasis"], lot["callout"])
        for lot in lots["items"]
    ] == [("1", "0", "10010", "0", None)]
    assert lots["items"][0]["acquiredAt"] == "2021-01-01T10:00:00+00:00"

    every = (await gql(client, TAX_LOTS, asset=None, limit=50, offset=0))["taxLots"]
    assert every["total"] == 3 and sorted(lot["asset"] for lot in every["items"]) == ["BTC", "ETH", "ZZTOKEN"]
    page = (await gql(client, TAX_LOTS, asset=None, limit=1, offset=2))["taxLots"]
    assert page["total"] == 3 and [lot["asset"] for lot in page["items"]] == ["ZZTOKEN"]

    disposed = (await gql(client, DISPOSED_LOTS, asset="BTC"))["disposedLots"]
    rows = [
        {
            key: item[key]
            for key in ("quantity", "proceeds", "costBasis", "gain", "term", "holdingDays", "callout")
        }
        for item in disposed["items"]
    ]
    assert disposed["total"] == 3
    # 2021: 0.4 of the lot, proceeds 12,000 - 5 = 11,995 against 0.4 x 10,010 = 4,004.
    # 2022: the 0.6 left (proceeds 24,000 against 6,006, long term) and 0.4 nobody held (basis 0).
    assert sorted(rows, key=lambda row: (row["quantity"], row["term"])) == [
        {
            "quantity": "0.4",
            "proceeds": "11995",
            "costBasis": "4004",
            "gain": "7991",
            "term": "SHORT",
            "holdingDays": 151,
            "callout": None,
        },
        {
            "quantity": "0.4",
            "proceeds": "16000",
            "costBasis": "0",
            "gain": "16000",
            "term": "SHORT",
            "holdingDays": 0,
            "callout": "INSUFFICIENT_QUANTITY",
        },
        {
            "quantity": "0.6",
            "proceeds": "24000",
            "costBasis": "6006",
            "gain": "17994",
            "term": "LONG",
            "holdingDays": 424,
            "callout": None,
        },
    ]

    first = (await gql(client, TAX_SUMMARY, year=2021))["taxSummary"]
    assert first == {
        "taxYear": 2021,
        "start": "2021-01-01T00:00:00+00:00",
        "end": "2022-01-01T00:00:00+00:00",
        "capitalGain": "7991",
        "shortTermGain": "7991",
        "longTermGain": "0",
        "proceeds": "11995",
        "costBasis": "4004",
        "taxableIncomeTotal": "1000",
        "calloutCounts": {"insufficientQuantity": 0, "missingPriceHistory": 1},
    }
    second = (await gql(client, TAX_SUMMARY, year=2022))["taxSummary"]
    assert (second["capitalGain"], second["shortTermGain"], second["longTermGain"]) == (
        "33994",
        "16000",
        "17994",
    )
    assert (second["proceeds"], second["costBasis"], second["taxableIncomeTotal"]) == ("40000", "6006", "0")
    assert second["calloutCounts"] == {"insufficientQuantity": 1, "missingPriceHistory": 0}

    # Another user sees none of it.
    assert (await gql(other_user, TAX_LOTS, asset=None, limit=50, offset=0))["taxLots"] == {
        "total": 0,
        "items": [],
    }
    assert (await gql(other_user, DISPOSED_LOTS, asset=None))["disposedLots"] == {"total": 0, "items": []}
    theirs = (await gql(other_user, TAX_SUMMARY, year=2021))["taxSummary"]
    assert (theirs["capitalGain"], theirs["taxableIncomeTotal"]) == ("0", "0")
    assert (await status(other_user))["costBasisLastSyncedAt"] is None


async def test_a_failed_calculation_shows_the_failure_message(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    user.cost_basis_method = CostBasisMethod.ACB  # pools a taxpayer's holdings: not per wallet
    user.cost_basis_by_wallet = True
    hand_worked_ledger(db_session, user)

    answer = (await gql(client, ENQUEUE, priority="LOW"))["enqueueCostBasis"]

    assert answer["success"] is True
    done = await calculated(client)
    assert done["costBasisStatus"] == {
        "state": "Failed",
        "priority": "LOW",
        "errorMessage": COST_BASIS_FAILED,
    }
    assert COST_BASIS_FAILED == "We were not able to calculate your tax, portfolio, and performance values."
    lots = (await gql(client, TAX_LOTS, asset=None, limit=50, offset=0))["taxLots"]
    assert lots["total"] == 0


async def test_a_request_temporal_cannot_take_answers_the_enqueue_failure(
    servers: Settings, db_session: Session
) -> None:
    unreachable = servers.model_copy(update={"temporal_address": f"127.0.0.1:{free_port()}"})
    app = create_app(unreachable, None)  # connects to Temporal on first use, and nothing listens there
    async with (
        app.router.lifespan_context(app),
        app_client(app) as http,
    ):
        user = await signed_up_user(http, db_session)

        answer = (await gql(http, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]

        assert answer == {"success": False, "error": "generic_error", "errorMessage": ENQUEUE_FAILED}
        assert ENQUEUE_FAILED == (
            "There was a problem while enqueuing portfolio and tax calculations. Please try again."
        )
        found = await status(http)
        assert not found["isCostBasisRunning"] and found["costBasisStatus"]["state"] is None
        assert db_session.get(CostBasisStatus, user.id) is None  # the request was withdrawn
