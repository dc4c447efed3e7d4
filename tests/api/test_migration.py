"""The universal → per-wallet migration on the real servers (Rev. Proc. 2024-28; spec 001 §4, §7–§9):
bad input and another user's id on every mutation and the poll, then a two-wallet user's migration
through MigrationWorkflow: the report in S3, 2024 frozen as computed in the universal scope, 2025
computed wallet by wallet from the allocated lots, and a second start refused."""

from __future__ import annotations

import asyncio
import csv
import io
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from contracts.migration import COST_BASIS_FAILED
from ledger.models import CostBasisStatus, DisposedLot, TaxYearFreeze, User, WalletMigration
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.api.test_freezing import UNFREEZE, failed
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import CostBasisState, FreezingStatus, JobStatus
from vocabulary.enums import TransactionType as Type
from vocabulary.errors import FreezingError
from vocabulary.lot_allocation import MIGRATION_ERROR_MESSAGES, MigrationError

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

STATE = """
query { m: universalToPerWalletMigration {
  lotAllocationMethod costBasisByWallet hasTransitioned migrationPreviouslySoftBlocked
  isUndergoingAllocation isAvailable jobId
} }
"""
SET_METHOD = """
mutation($m: LotAllocationMethod!) { r: updateLotAllocationMethod(method: $m) { success error errorMessage } }
"""
START = "mutation { r: startUniversalToPerWalletMigration { success jobId error errorMessage } }"
POLL = """
query($jobId: String!) {
  r: universalToPerWalletMigrationPollResult(jobId: $jobId) { success isStatusFinal url csvUrl errorMessage }
}
"""


def refused(code: MigrationError) -> dict[str, Any]:
    return {"success": False, "error": code.value, "errorMessage": MIGRATION_ERROR_MESSAGES[code]}


async def state(http: httpx.AsyncClient) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, STATE))["m"]
    return found


async def start(http: httpx.AsyncClient) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, START))["r"]
    return answer


async def migrated(http: httpx.AsyncClient, job_id: str, timeout: float = 120) -> dict[str, Any]:
    """Polls as the banner does (every 2 s there; faster here) until the answer is final."""
    async with asyncio.timeout(timeout):
        while not (found := (await gql(http, POLL, jobId=job_id))["r"])["isStatusFinal"]:
            await asyncio.sleep(0.3)
    return found


def us_universal(session: Session, user: User) -> None:
    session.get_one(User, user.id).country = "US"
    session.commit()


def two_wallet_ledger(session: Session, user: User) -> tuple[int, int]:
    """Wallet A buys 1 BTC at 100 (Jan 2024) and 1 at 500 (Mar); wallet B buys 1 at 300 (Feb) and sells
    1 (Apr): universal FIFO sells A's January lot, so at the cut the record's lots are B's February
    lot and A's March lot, while A holds 2 and B nothing. In 2025 A sells 1."""
    a, b = add_wallet(session, user, "Wallet A"), add_wallet(session, user, "Wallet B")
    for wallet, when, kind, moves in (
        (a, "2024-01-10 10:00", Type.BUY, (out("fiat_USD", "100", "100"), into("crypto_BTC", "1"))),
        (b, "2024-02-10 10:00", Type.BUY, (out("fiat_USD", "300", "300"), into("crypto_BTC", "1"))),
        (a, "2024-03-10 10:00", Type.BUY, (out("fiat_USD", "500", "500"), into("crypto_BTC", "1"))),
        (b, "2024-04-10 10:00", Type.SELL, (out("crypto_BTC", "1"), into("fiat_USD", "600", "600"))),
        (a, "2025-02-10 10:00", Type.SELL, (out("crypto_BTC", "1"), into("fiat_USD", "900", "900"))),
    ):
        add_transaction(session, wallet, when, kind, *moves)
    session.commit()
    return a.id, b.id


async def test_every_refusal_and_another_users_job(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    before = await state(client)
    assert before["isAvailable"] is False and before["lotAllocationMethod"] is None  # not a US taxpayer
    assert (await gql(client, SET_METHOD, m="GLOBAL"))["r"] == refused(MigrationError.NOT_AVAILABLE)
    assert await start(client) == {**refused(MigrationError.NOT_AVAILABLE), "jobId": None}

    us_universal(db_session, user)
    assert (await state(client))["isAvailable"] is True
    assert await start(client) == {**refused(MigrationError.NO_ALLOCATION_METHOD), "jobId": None}
    bad = await client.post("/graphql", json={"query": SET_METHOD, "variables": {"m": "FIFO"}})
    assert "errors" in bad.json()  # not a lot allocation method
    assert (await gql(client, SET_METHOD, m="GLOBAL"))["r"] == {
        "success": True,
        "error": None,
        "errorMessage": None,
    }
    assert (await state(client))["lotAllocationMethod"] == "GLOBAL"

    # the other user's settings and migration are untouched, and this user's job is not theirs
    theirs = await state(other_user)
    assert theirs["lotAllocationMethod"] is None and theirs["jobId"] is None
    answer = await start(client)
    assert answer["success"] is True and answer["jobId"].startswith("migration/")
    assert (await gql(other_user, POLL, jobId=answer["jobId"]))["r"] == {
        "success": False,
        "isStatusFinal": True,
        "url": None,
        "csvUrl": None,
        "errorMessage": "Migration not found.",
    }
    assert (await gql(client, POLL, jobId="migration/not-a-job"))["r"][
        "errorMessage"
    ] == "Migration not found."
    # a user without wallets migrates to nothing: still frozen through 2024 and per wallet
    done = await migrated(client, answer["jobId"])
    assert done["success"] is True, done
    assert await start(client) == {**refused(MigrationError.ALREADY_MIGRATED), "jobId": None}
    assert (await gql(client, SET_METHOD, m="SPECIFIC_UNIT"))["r"] == refused(MigrationError.ALREADY_MIGRATED)


async def test_a_two_wallet_user_migrates_with_2024_frozen_and_2025_per_wallet(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    us_universal(db_session, user)
    wallet_a, wallet_b = two_wallet_ledger(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"] is True
    await calculated(client)
    assert (await gql(client, SET_METHOD, m="SPECIFIC_UNIT"))["r"]["success"] is True

    answer = await start(client)
    assert answer["success"] is True
    done = await migrated(client, answer["jobId"])
    assert done["success"] is True, done
    async with httpx.AsyncClient() as s3:
        pdf = await s3.get(done["url"])
        rows = list(csv.DictReader(io.StringIO((await s3.get(done["csvUrl"])).text)))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    placed = sorted(
        (row["Date Acquired"][:10], row["Allocated To Wallet"], row["Quantity"], row["Cost Basis (USD)"])
        for row in rows
    )
    assert placed == [("2024-02-10", "Wallet A", "1", "300"), ("2024-03-10", "Wallet A", "1", "500")]
    assert {row["Universal Record Wallet"] for row in rows} == {"Wallet A", "Wallet B"}

    state_after = await state(client)
    assert state_after["hasTransitioned"] is True and state_after["costBasisByWallet"] is True
    assert state_after["isUndergoingAllocation"] is False and state_after["isAvailable"] is False
    db_session.expire_all()
    frozen = db_session.scalars(select(TaxYearFreeze).where(TaxYearFreeze.user_id == user.id)).all()
    assert {row.year: row.status for row in frozen} == {2024: FreezingStatus.FROZEN}
    assert db_session.get_one(WalletMigration, user.id).status is JobStatus.FINISHED

    await calculated(client)  # the run the migration asked for
    db_session.expire_all()
    disposed = {
        (row.disposed_at.year, row.account_id): row.cost_basis
        for row in db_session.scalars(select(DisposedLot).where(DisposedLot.user_id == user.id))
    }
    # 2024 stays universal (B's sale took A's January lot); 2025 is A's own: the February lot it was
    # allocated (a per-wallet run from scratch would have sold A's January lot, at 100)
    assert disposed == {(2024, wallet_b): Decimal("100"), (2025, wallet_a): Decimal("300")}
    assert await start(client) == {**refused(MigrationError.ALREADY_MIGRATED), "jobId": None}
    # irreversible: 2024 cannot be unfrozen, which would throw the allocated lots away
    assert failed(await gql(client, UNFREEZE, year=2024), FreezingError.MIGRATED)


async def test_a_failed_migration_can_be_started_again(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    us_universal(db_session, user)
    assert (await gql(client, SET_METHOD, m="GLOBAL"))["r"]["success"] is True
    db_session.add(CostBasisStatus(user_id=user.id, state=CostBasisState.FAILED))  # the last run failed
    db_session.commit()

    failed = await migrated(client, (await start(client))["jobId"])
    assert failed == {
        "success": False,
        "isStatusFinal": True,
        "url": None,
        "csvUrl": None,
        "errorMessage": COST_BASIS_FAILED,
    }
    after = await state(client)
    assert after["migrationPreviouslySoftBlocked"] is True and after["isUndergoingAllocation"] is False
    assert after["hasTransitioned"] is False and after["isAvailable"] is True
    db_session.expire_all()
    assert db_session.scalars(select(TaxYearFreeze).where(TaxYearFreeze.user_id == user.id)).all() == []

    db_session.get_one(CostBasisStatus, user.id).state = None
    db_session.commit()
    again = await start(client)
    assert again["success"] is True and again["jobId"] == f"migration/{user.public_id}"
    assert (await migrated(client, again["jobId"]))["success"] is True
    assert (await state(client))["migrationPreviouslySoftBlocked"] is False
