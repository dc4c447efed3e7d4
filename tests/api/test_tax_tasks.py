"""The tax page's callouts, tasks and the sidebar's spam count through GraphQL on the real servers: every
callout the run stores is counted for its year, and the page's `callout:` link finds exactly the counted
transactions; tasks are listed by status, ignored and set back, never another user's; unresolved spam
assets are counted per user."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest
from sqlalchemy.orm import Session

from ledger.models import Asset
from ledger.writes.tasks import open_task, resolve_task
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import CurrencyType, TaskType
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

COUNTS = """
query TaxYear($year: Int!) {
  taxSummary(taxYear: $year) {
    calloutCounts {
      insufficientQuantity missingBalance missingPriceHistory unbalancedTransaction valueOutOfBounds
    }
  }
}
"""
FOUND = "query Found($q: String!) { transactions(query: $q, limit: 50) { items { publicId } } }"
TASKS = """
query Tasks($status: TaskStatus!) {
  tasksByType(taskStatus: $status) { syncIssues tasks { id type status accountName detail } }
}
"""
UPDATE = """
mutation updateTaskStatus($taskId: ID!, $status: TaskStatus!) {
  updateTaskStatus(taskId: $taskId, status: $status) { success error errorMessage task { id status } }
}
"""
SIDEBAR = "query { sidebarInfo { unresolvedSpamAssets } }"


async def found(http: httpx.AsyncClient, query: str) -> set[str]:
    return {item["publicId"] for item in (await gql(http, FOUND, q=query))["transactions"]["items"]}


async def test_each_callout_is_counted_for_its_year_and_its_link_finds_those_transactions(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session,
        wallet,
        "2021-06-01 10:00",
        Type.BUY,
        out("fiat_USD", "1000", "1000"),
        into("crypto_BTC", "1", "1000"),
    )
    # 2021's ledger: a BTC price far above its value (out of bounds), more BTC sold than held (the
    # engine's insufficient quantity and the wallet's missing balance), a trade with one side
    oversold = add_transaction(
        db_session,
        wallet,
        "2021-07-01 10:00",
        Type.SELL,
        out("crypto_BTC", "2"),
        into("fiat_USD", "60000", "60000"),
    )
    one_sided = add_transaction(db_session, wallet, "2021-08-01 10:00", Type.TRADE, into("crypto_ETH", "1"))
    # 2022's: one more one-sided trade
    later = add_transaction(db_session, wallet, "2022-08-01 10:00", Type.TRADE, into("crypto_ETH", "1"))
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)

    counts = (await gql(client, COUNTS, year=2021))["taxSummary"]["calloutCounts"]
    assert counts == {
        "insufficientQuantity": 1,
        "missingBalance": 1,
        "missingPriceHistory": 0,
        "unbalancedTransaction": 1,
        "valueOutOfBounds": 1,  # the BTC bought at 1,000 USD when it closed near 36,000
    }
    bought_cheap = await found(client, "callout:VALUE_OUT_OF_BOUNDS tax_year:2021")
    assert len(bought_cheap) == 1 and str(oversold.public_id) not in bought_cheap
    assert await found(client, "callout:MISSING_BALANCE tax_year:2021") == {str(oversold.public_id)}
    assert await found(client, "callout:INSUFFICIENT_QUANTITY tax_year:2021") == {str(oversold.public_id)}
    assert await found(client, "callout:UNBALANCED_TRANSACTION tax_year:2021") == {str(one_sided.public_id)}
    assert await found(client, "callout:UNBALANCED_TRANSACTION tax_year:2022") == {str(later.public_id)}
    assert (await gql(client, COUNTS, year=2022))["taxSummary"]["calloutCounts"]["unbalancedTransaction"] == 1

    theirs = (await gql(other_user, COUNTS, year=2021))["taxSummary"]["calloutCounts"]
    assert set(theirs.values()) == {0}
    assert await found(other_user, "callout:UNBALANCED_TRANSACTION") == set()


def task_of(rows: list[dict[str, Any]], account: str) -> dict[str, Any]:
    (task,) = [row for row in rows if row["accountName"] == account]
    return task


async def test_tasks_are_listed_ignored_and_set_back_by_their_user_only(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    kraken, binance = add_wallet(db_session, user, "Kraken"), add_wallet(db_session, user, "Binance")
    open_task(db_session, user.id, TaskType.FIX_API_CREDENTIALS, kraken.id, "The API key was refused.")
    open_task(db_session, user.id, TaskType.FIX_API_CREDENTIALS, binance.id, "The API key has expired.")
    # opened again: the same task, its detail updated
    open_task(db_session, user.id, TaskType.FIX_API_CREDENTIALS, kraken.id, "The API secret was refused.")
    db_session.commit()

    to_do = (await gql(client, TASKS, status="TO_DO"))["tasksByType"]
    assert to_do["syncIssues"] == 2
    kraken_task = task_of(to_do["tasks"], "Kraken")
    assert kraken_task["type"] == "FIX_API_CREDENTIALS"
    assert (kraken_task["status"], kraken_task["detail"]) == ("TO_DO", "The API secret was refused.")

    # another user can neither see nor change it: "not found", as for an id that does not exist
    assert (await gql(other_user, TASKS, status="TO_DO"))["tasksByType"] == {"syncIssues": 0, "tasks": []}
    not_found = {"success": False, "error": "task_not_found", "errorMessage": "Task not found.", "task": None}
    theirs = await gql(other_user, UPDATE, taskId=kraken_task["id"], status="IGNORED")
    assert theirs["updateTaskStatus"] == not_found
    for bad in ("not-a-task", str(uuid.uuid4())):
        assert (await gql(client, UPDATE, taskId=bad, status="IGNORED"))["updateTaskStatus"] == not_found

    ignored = (await gql(client, UPDATE, taskId=kraken_task["id"], status="IGNORED"))["updateTaskStatus"]
    assert ignored["success"] and ignored["task"] == {"id": kraken_task["id"], "status": "IGNORED"}
    to_do = (await gql(client, TASKS, status="TO_DO"))["tasksByType"]
    assert (to_do["syncIssues"], [task["accountName"] for task in to_do["tasks"]]) == (1, ["Binance"])
    assert [task["id"] for task in (await gql(client, TASKS, status="IGNORED"))["tasksByType"]["tasks"]] == [
        kraken_task["id"]
    ]
    # the worker opening it again does not overrule the user's ignore
    open_task(db_session, user.id, TaskType.FIX_API_CREDENTIALS, kraken.id, "Still refused.")
    db_session.commit()
    assert (await gql(client, TASKS, status="TO_DO"))["tasksByType"]["syncIssues"] == 1

    back = (await gql(client, UPDATE, taskId=kraken_task["id"], status="TO_DO"))["updateTaskStatus"]
    assert back["success"] and back["task"]["status"] == "TO_DO"
    assert (await gql(client, TASKS, status="TO_DO"))["tasksByType"]["syncIssues"] == 2

    resolve_task(db_session, user.id, TaskType.FIX_API_CREDENTIALS, kraken.id)
    db_session.commit()
    assert [
        task["accountName"] for task in (await gql(client, TASKS, status="TO_DO"))["tasksByType"]["tasks"]
    ] == ["Binance"]


async def test_a_bad_task_status_is_refused(client: httpx.AsyncClient, db_session: Session) -> None:
    await signed_up_user(client, db_session)
    answer = await client.post(
        "/graphql", json={"query": UPDATE, "variables": {"taskId": str(uuid.uuid4()), "status": "DONE"}}
    )
    assert answer.json()["data"] is None
    assert "TaskStatus" in answer.json()["errors"][0]["message"]


async def test_unresolved_spam_assets_are_counted_for_the_user_who_holds_them(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    marked, confirmed = (
        Asset(
            id=f"blockchain_ethereum_0x{uuid.uuid4().hex}",
            symbol=symbol,
            name=symbol,
            type=CurrencyType.BLOCKCHAIN_TOKEN,
            is_spam=True,
            was_automarked_as_spam=automarked,
        )
        for symbol, automarked in (("CLAIM-REWARD.COM", True), ("SCAM", False))
    )
    db_session.add_all([marked, confirmed])
    db_session.flush()
    assert (await gql(client, SIDEBAR))["sidebarInfo"] == {"unresolvedSpamAssets": 0}
    for asset in (marked, confirmed):
        add_transaction(db_session, wallet, "2024-01-01 10:00", Type.AIRDROP, into(asset.id, "1000"))
    db_session.commit()

    assert (await gql(client, SIDEBAR))["sidebarInfo"] == {"unresolvedSpamAssets": 1}
    assert (await gql(other_user, SIDEBAR))["sidebarInfo"] == {"unresolvedSpamAssets": 0}
