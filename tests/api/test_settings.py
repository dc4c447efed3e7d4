"""The user's settings on the real servers: every mutation with a good and a bad input, what each
changes for this user only, and the cost-basis run the changes that alter results request."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy.orm import Session

from ledger.models import CostBasisStatus
from tests.api.graphql import gql
from tests.api.test_cost_basis import calculated, signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import TransactionType as Type
from vocabulary.errors import SETTINGS_ERROR_MESSAGES, SettingsError

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

SETTINGS = """
query userSettings {
  userSettings {
    baseCurrency baseCurrencies country costBasisMethod allocationScope universalAllowed
    costBasisTimeline { startDate method } taxStartMonth taxStartDay selectedTheme
  }
}
"""
RESULT = "{ success error errorMessage }"
MUTATIONS = {
    "baseCurrency": f"mutation($v: String!) {{ r: updateBaseCurrency(baseCurrency: $v) {RESULT} }}",
    "country": f"mutation($v: String!) {{ r: updateCountry(countryCode: $v) {RESULT} }}",
    "method": f"mutation($v: CostBasisMethod!) {{ r: updateCostBasisMethod(method: $v) {RESULT} }}",
    "scope": f"mutation($v: AllocationScope!) {{ r: updateLotAllocation(scope: $v) {RESULT} }}",
    "theme": f"mutation($v: Theme!) {{ r: updateTheme(theme: $v) {RESULT} }}",
}
ADD_PERIOD = """
mutation($start: Date!, $method: CostBasisMethod!) {
  r: addCostBasisMethodPeriod(startDate: $start, method: $method) { success error errorMessage }
}
"""
DELETE_PERIOD = """
mutation($start: Date!) { r: deleteCostBasisMethodPeriod(startDate: $start) { success error errorMessage } }
"""
TAX_YEAR_START = """
mutation($month: Int!, $day: Int!) {
  r: updateTaxYearStart(month: $month, day: $day) { success error errorMessage }
}
"""
DISPOSED = "query { disposedLots(limit: 50) { items { quantity costBasis gain } } }"
OK = {"success": True, "error": None, "errorMessage": None}


def refused(code: SettingsError) -> dict[str, Any]:
    return {"success": False, "error": code.value, "errorMessage": SETTINGS_ERROR_MESSAGES[code]}


async def change(http: httpx.AsyncClient, name: str, value: Any) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, MUTATIONS[name], v=value))["r"]
    return answer


async def settings(http: httpx.AsyncClient) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, SETTINGS))["userSettings"]
    return found


async def test_read_only_settings_are_saved_and_bad_values_refused(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    before = await settings(client)
    assert before["baseCurrency"] == "USD" and before["selectedTheme"] == "LIGHT"
    assert {"USD", "EUR", "GBP", "CAD", "JPY"} <= set(before["baseCurrencies"])

    assert await change(client, "baseCurrency", "eur") == OK
    assert await change(client, "baseCurrency", "XYZ") == refused(SettingsError.INVALID_BASE_CURRENCY)
    assert await change(client, "theme", "DARK") == OK
    assert (await gql(client, TAX_YEAR_START, month=4, day=6))["r"] == OK
    assert (await gql(client, TAX_YEAR_START, month=2, day=29))["r"] == refused(
        SettingsError.INVALID_TAX_YEAR_START
    )
    assert (await gql(client, TAX_YEAR_START, month=13, day=1))["r"] == refused(
        SettingsError.INVALID_TAX_YEAR_START
    )

    after = await settings(client)
    assert (after["baseCurrency"], after["selectedTheme"]) == ("EUR", "DARK")
    assert (after["taxStartMonth"], after["taxStartDay"]) == (4, 6)
    # none of these alter stored results: no run was requested
    db_session.expire_all()
    assert db_session.get(CostBasisStatus, user.id) is None
    theirs = await settings(other_user)
    assert (theirs["baseCurrency"], theirs["selectedTheme"], theirs["taxStartMonth"]) == ("USD", "LIGHT", 1)


async def test_us_taxpayers_cannot_choose_universal_scope(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    await signed_up_user(client, db_session)
    assert (await settings(client))["allocationScope"] == "UNIVERSAL"
    assert await change(client, "country", "usa") == refused(SettingsError.INVALID_COUNTRY)

    assert await change(client, "country", "us") == OK

    found = await settings(client)
    assert (found["country"], found["allocationScope"], found["universalAllowed"]) == ("US", "WALLET", False)
    assert await change(client, "scope", "UNIVERSAL") == refused(SettingsError.UNIVERSAL_NOT_ALLOWED)
    assert await change(client, "country", "CA") == OK
    assert await change(client, "scope", "UNIVERSAL") == OK
    assert (await settings(client))["allocationScope"] == "UNIVERSAL"
    await calculated(client)


async def test_a_method_change_recomputes_the_lots(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session,
        wallet,
        "2023-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "100", "100"),
        into("crypto_BTC", "1"),
    )
    add_transaction(
        db_session,
        wallet,
        "2023-02-01 10:00",
        Type.BUY,
        out("fiat_USD", "300", "300"),
        into("crypto_BTC", "1"),
    )
    add_transaction(
        db_session,
        wallet,
        "2023-03-01 10:00",
        Type.SELL,
        out("crypto_BTC", "1"),
        into("fiat_USD", "500", "500"),
    )
    db_session.commit()

    assert await change(client, "method", "HIFO") == OK
    await calculated(client)
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "300", "gain": "200"}
    ]

    # a FIFO period from 2023 overrides the HIFO default from then on
    assert (await gql(client, ADD_PERIOD, start="2023-01-01", method="FIFO"))["r"] == OK
    await calculated(client)
    assert (await settings(client))["costBasisTimeline"] == [{"startDate": "2023-01-01", "method": "FIFO"}]
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "100", "gain": "400"}
    ]
    assert (await gql(client, ADD_PERIOD, start="2999-01-01", method="FIFO"))["r"] == refused(
        SettingsError.INVALID_PERIOD
    )

    # another user cannot remove this user's period: it is not found among theirs
    assert (await gql(other_user, DELETE_PERIOD, start="2023-01-01"))["r"] == refused(
        SettingsError.PERIOD_NOT_FOUND
    )
    assert (await settings(client))["costBasisTimeline"] == [{"startDate": "2023-01-01", "method": "FIFO"}]
    assert (await gql(client, DELETE_PERIOD, start="2023-01-01"))["r"] == OK
    await calculated(client)
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "300", "gain": "200"}
    ]


async def test_an_unknown_method_is_a_graphql_error(user: httpx.AsyncClient) -> None:
    response = await user.post("/graphql", json={"query": MUTATIONS["method"], "variables": {"v": "MAGIC"}})
    assert "MAGIC" in response.json()["errors"][0]["message"]
