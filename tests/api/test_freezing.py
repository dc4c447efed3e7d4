"""Freezing a tax year through GraphQL (spec 001 §4, §7, §8): freezeTaxYear / unfreezeTaxYear start the
workflow and freezingStatus follows it; a bad year or a repeated request is refused with its message;
another user's years are untouched; every edit touching a frozen year (and the deletion of a wallet
holding some of it) is refused, later ones are not; the scope, the tax-year start and a country that would
change the scope wait until no year is frozen."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import Account, Flow, Transaction, TransactionEdit, TransactionLink
from tests.api.graphql import gql
from tests.api.test_cost_basis import calculated, signed_up_user
from tests.api.test_settings import OK, TAX_YEAR_START, change
from tests.api.test_settings import refused as settings_refused
from tests.api.test_transactions_edits import (
    BULK_ASSET,
    COST_BASIS,
    CREATE,
    DATETIME,
    DELETE,
    IGNORE,
    LINK,
    PURPOSE,
    TAXABILITY,
    UNLINK,
    UPDATE,
    manual,
    refused,
)
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, link_transfer, out
from vocabulary.enums import FlowDirection
from vocabulary.enums import TransactionType as Type
from vocabulary.errors import (
    FREEZING_ERROR_MESSAGES,
    TRANSACTION_EDIT_ERROR_MESSAGES,
    FreezingError,
    SettingsError,
    TransactionEditError,
)

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

FREEZE = "mutation f($year: Int!) { freezeTaxYear(taxYear: $year) { success error errorMessage } }"
UNFREEZE = "mutation u($year: Int!) { unfreezeTaxYear(taxYear: $year) { success error errorMessage } }"
STATUS = """query s($year: Int!) {
  freezingStatus(taxYear: $year) { taxYear status isAvailable startTime endTime lastUpdatedAt error }
}"""
DELETE_WALLET = "mutation d($id: ID!) { deleteCustomWallet(id: $id) { success error errorMessage } }"
PANEL = "query { costBasisStatus { freezing { status isAvailable } } }"


async def year_status(http: httpx.AsyncClient, year: int) -> dict[str, Any]:
    result: dict[str, Any] = (await gql(http, STATUS, year=year))["freezingStatus"]
    return result


async def settled(http: httpx.AsyncClient, year: int, timeout: float = 60) -> str:
    """Polls freezingStatus until the year is no longer in progress."""
    async with asyncio.timeout(timeout):
        while (status := (await year_status(http, year))["status"]).endswith("_in_progress"):
            await asyncio.sleep(0.1)
    return status


def failed(answer: dict[str, Any], code: FreezingError) -> bool:
    [result] = answer.values()
    return result == {"success": False, "error": code.value, "errorMessage": FREEZING_ERROR_MESSAGES[code]}


async def test_a_bad_year_is_refused_with_its_message(client: httpx.AsyncClient, db_session: Session) -> None:
    await signed_up_user(client, db_session)
    for year in (2008, 2999, 99999, -1):
        assert failed(await gql(client, FREEZE, year=year), FreezingError.INVALID_TAX_YEAR)
        assert failed(await gql(client, UNFREEZE, year=year), FreezingError.INVALID_TAX_YEAR)
    assert failed(await gql(client, UNFREEZE, year=2022), FreezingError.NOT_FROZEN)
    assert (await year_status(client, 2022))["status"] == "unfrozen"


async def test_freeze_and_unfreeze_a_year_and_edits_touching_it(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    await signed_up_user(other_user, db_session)
    wallet = add_wallet(db_session, user)
    bought = add_transaction(
        db_session,
        wallet,
        "2022-03-01 10:00",
        Type.BUY,
        out("fiat_USD", "100", "100"),
        into("crypto_ETH", "1"),
    )
    sent = add_transaction(db_session, wallet, "2023-02-01 10:00", Type.SEND, out("crypto_ETH", "0.5"))
    received = add_transaction(
        db_session, wallet, "2023-02-01 10:05", Type.RECEIVE, into("crypto_ETH", "0.5")
    )
    link = link_transfer(db_session, sent, received)
    later = add_transaction(db_session, wallet, "2024-02-01 10:00", Type.RECEIVE, into("crypto_ETH", "0.1"))
    db_session.commit()
    flow_id = db_session.scalar(
        select(Flow.id).where(Flow.transaction_id == bought.id, Flow.direction == FlowDirection.INFLOW)
    )

    assert (await gql(client, FREEZE, year=2023))["freezeTaxYear"] == {
        "success": True,
        "error": None,
        "errorMessage": None,
    }
    assert await settled(client, 2023) == "frozen"
    status = await year_status(client, 2023)
    assert status["isAvailable"] and status["endTime"] is not None and status["error"] is None
    assert (await year_status(client, 2022))["status"] == "frozen"  # the years before it with it
    assert (await gql(client, PANEL))["costBasisStatus"]["freezing"]["status"] == "frozen"
    assert (await year_status(other_user, 2023))["status"] == "unfrozen"  # another user's years untouched
    assert failed(await gql(client, FREEZE, year=2022), FreezingError.ALREADY_FROZEN)

    # Every edit touching 2022 or 2023 is refused, and nothing is written.
    ids = [str(bought.public_id)]
    frozen = [
        await gql(client, CREATE, input=manual(wallet.id, timestamp="2023-05-01T00:00:00+00:00")),
        await gql(client, IGNORE, ids=ids),
        await gql(client, TAXABILITY, publicId=str(received.public_id), isTaxable=True),
        await gql(client, PURPOSE, publicId=ids[0], type="TRADE", labels=[]),
        await gql(client, DATETIME, publicId=str(later.public_id), timestamp="2023-12-31T00:00:00+00:00"),
        await gql(client, COST_BASIS, flowId=str(flow_id), amount="5"),
        await gql(client, BULK_ASSET, ids=ids, **{"from": "crypto_ETH", "to": "crypto_BTC"}),
        await gql(
            client, LINK, **{"from": str(sent.public_id), "to": str(later.public_id), "type": "TRANSFER"}
        ),
        await gql(client, UNLINK, linkId=str(link.id)),
    ]
    assert all(refused(answer, "frozen_period") for answer in frozen), frozen
    [message] = {next(iter(answer.values()))["errorMessage"] for answer in frozen}
    assert message == TRANSACTION_EDIT_ERROR_MESSAGES[TransactionEditError.FROZEN_PERIOD]
    db_session.expire_all()
    assert db_session.scalars(select(TransactionEdit).where(TransactionEdit.user_id == user.id)).all() == []
    assert db_session.get(TransactionLink, link.id) is not None
    assert db_session.scalar(select(Transaction.is_ignored).where(Transaction.id == bought.id)) is False
    # Deleting the wallet would take its frozen transactions (and their results) with it.
    assert refused(await gql(client, DELETE_WALLET, id=str(wallet.id)), "frozen_period")
    assert db_session.scalar(select(Account.will_be_deleted).where(Account.id == wallet.id)) is False

    # A manual transaction after the frozen years is taken, changed and deleted as before.
    created = (await gql(client, CREATE, input=manual(wallet.id, timestamp="2024-05-01T00:00:00+00:00")))[
        "createTransaction"
    ]
    assert created["success"], created
    moved = await gql(
        client,
        UPDATE,
        publicId=created["publicId"],
        input=manual(wallet.id, timestamp="2023-06-01T00:00:00+00:00"),
    )
    assert refused(moved, "frozen_period")
    assert (await gql(client, DELETE, ids=[created["publicId"]]))["deleteManualTransactions"]["success"]
    await calculated(client)

    # Unfreezing 2022 unfreezes 2023 with it; edits are taken again.
    assert (await gql(client, UNFREEZE, year=2022))["unfreezeTaxYear"]["success"]
    assert await settled(client, 2022) == "unfrozen"
    assert (await year_status(client, 2023))["status"] == "unfrozen"
    assert (await gql(client, IGNORE, ids=ids))["ignoreTransactions"]["success"]


async def test_scope_tax_year_start_and_a_us_country_wait_for_the_frozen_years(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session,
        wallet,
        "2022-03-01 10:00",
        Type.BUY,
        out("fiat_USD", "100", "100"),
        into("crypto_ETH", "1"),
    )
    db_session.commit()
    assert (await gql(client, FREEZE, year=2022))["freezeTaxYear"]["success"]
    assert await settled(client, 2022) == "frozen"

    # The frozen closing lots were taken in today's scope and year bounds: neither may change under them.
    years_frozen = settings_refused(SettingsError.YEARS_FROZEN)
    assert await change(client, "scope", "WALLET") == years_frozen
    assert (await gql(client, TAX_YEAR_START, month=4, day=6))["r"] == years_frozen
    assert await change(client, "country", "US") == years_frozen  # it would move the user to per wallet
    assert await change(client, "scope", "UNIVERSAL") == OK  # what it already is
    assert (await gql(client, TAX_YEAR_START, month=1, day=1))["r"] == OK
    assert await change(client, "country", "GB") == OK

    assert (await gql(client, UNFREEZE, year=2022))["unfreezeTaxYear"]["success"]
    assert await settled(client, 2022) == "unfrozen"
    assert await change(client, "scope", "WALLET") == OK
    assert (await gql(client, TAX_YEAR_START, month=4, day=6))["r"] == OK
