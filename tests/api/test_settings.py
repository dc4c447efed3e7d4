"""The user's settings on the real servers: every mutation with a good and a bad input, what each
changes for this user only, and the cost-basis run the changes that alter results request."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy.orm import Session

from ledger.models import CostBasisStatus
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_user_token, add_wallet, into, out
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


TIMELINE = "query { userSettings { costBasisMethod costBasisTimeline { startDate endDate method } } }"
ADD_ENDED_PERIOD = """
mutation($start: Date!, $end: Date, $method: CostBasisMethod!) {
  r: addCostBasisMethodPeriod(startDate: $start, endDate: $end, method: $method) {
    success error errorMessage
  }
}
"""
TAXABILITY = "query { userSettings { taxability { category taxable isDefault } } }"
SET_TAXABILITY = """
mutation($category: TaxabilityCategory!, $taxable: Boolean!) {
  r: updateTaxabilitySetting(category: $category, taxable: $taxable) { success error errorMessage }
}
"""
DELETE_TAXABILITY = """
mutation($category: TaxabilityCategory!) {
  r: deleteTaxabilitySetting(category: $category) { success error errorMessage }
}
"""


async def proof_method(http: httpx.AsyncClient) -> str:
    """The method the lot proof of the user's one disposal names."""
    (disposed,) = (await gql(http, "query { disposedLots(limit: 1) { items { id flowId } } }"))[
        "disposedLots"
    ]["items"]
    proof = await gql(
        http,
        "query($f: String!, $d: ID!) { lotProof(flowId: $f, disposedLotId: $d) { method } }",
        f=disposed["flowId"],
        d=disposed["id"],
    )
    method: str = proof["lotProof"]["method"]
    return method


def two_buys_and_a_sale(db_session: Session, user: Any) -> None:
    """1 BTC bought for 100, 1 for 300, 1 sold for 500 on 2023-03-01."""
    wallet = add_wallet(db_session, user)
    for when, cost in (("2023-01-01 10:00", "100"), ("2023-02-01 10:00", "300")):
        add_transaction(
            db_session, wallet, when, Type.BUY, out("fiat_USD", cost, cost), into("crypto_BTC", "1")
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


async def test_before_the_first_period_its_method_applies_and_the_lot_proof_names_it(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    two_buys_and_a_sale(db_session, user)
    assert await change(client, "method", "HIFO") == OK
    # FIFO from 2023-06-01: the sale on 2023-03-01 comes before it, and follows it all the same
    assert (await gql(client, ADD_ENDED_PERIOD, start="2023-06-01", end=None, method="FIFO"))["r"] == OK
    await calculated(client)
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "100", "gain": "400"}
    ]
    assert await proof_method(client) == "FIFO"


async def test_after_a_method_periods_end_the_default_method_applies(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    two_buys_and_a_sale(db_session, user)
    assert await change(client, "method", "HIFO") == OK

    # FIFO until 2023-02-15 (exclusive): the sale on 2023-03-01 falls back to the HIFO default
    assert (await gql(client, ADD_ENDED_PERIOD, start="2023-01-01", end="2023-02-15", method="FIFO"))[
        "r"
    ] == OK
    await calculated(client)
    assert (await gql(client, TIMELINE))["userSettings"]["costBasisTimeline"] == [
        {"startDate": "2023-01-01", "endDate": "2023-02-15", "method": "FIFO"}
    ]
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "300", "gain": "200"}
    ]
    assert await proof_method(client) == "HIFO"  # the lot proof names the method the sale was matched by

    # the same period edited to end after the sale: FIFO applies to it
    assert (await gql(client, ADD_ENDED_PERIOD, start="2023-01-01", end="2023-04-01", method="FIFO"))[
        "r"
    ] == OK
    await calculated(client)
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "100", "gain": "400"}
    ]
    assert await proof_method(client) == "FIFO"

    for start, end, code in (
        ("2023-05-01", "2023-05-01", SettingsError.PERIOD_ENDS_BEFORE_START),
        ("2023-05-01", "2023-04-30", SettingsError.PERIOD_ENDS_BEFORE_START),
        ("2023-02-01", None, SettingsError.PERIODS_OVERLAP),  # starts inside [2023-01-01, 2023-04-01)
        ("2022-06-01", "2023-01-02", SettingsError.PERIODS_OVERLAP),  # takes in 2023-01-01
    ):
        answer = await gql(client, ADD_ENDED_PERIOD, start=start, end=end, method="LIFO")
        assert answer["r"] == refused(code), (start, end)
    # a period may start the day another ends
    assert (await gql(client, ADD_ENDED_PERIOD, start="2023-04-01", end=None, method="LIFO"))["r"] == OK
    assert [p["startDate"] for p in (await gql(client, TIMELINE))["userSettings"]["costBasisTimeline"]] == [
        "2023-01-01",
        "2023-04-01",
    ]
    await calculated(client)

    # another user's timeline is their own: the same dates are free for them, and this one is untouched
    assert (await gql(other_user, TIMELINE))["userSettings"]["costBasisTimeline"] == []
    assert (await gql(other_user, ADD_ENDED_PERIOD, start="2023-02-01", end=None, method="LIFO"))["r"] == OK
    assert len((await gql(client, TIMELINE))["userSettings"]["costBasisTimeline"]) == 2
    await calculated(other_user)


async def test_staking_rewards_set_not_taxable_become_zero_basis_and_back(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session, wallet, "2023-01-01 10:00", Type.STAKING_REWARD, into("crypto_BTC", "1", "200")
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
    defaults = [
        {"category": category, "taxable": True, "isDefault": True}
        for category in ("LENDING", "LIQUID_STAKING", "LIQUIDITY", "STAKING_REWARDS", "WRAPPING")
    ]
    assert (await gql(client, TAXABILITY))["userSettings"]["taxability"] == defaults

    assert (await gql(client, SET_TAXABILITY, category="STAKING_REWARDS", taxable=False))["r"] == OK
    db_session.expire_all()
    assert db_session.get(CostBasisStatus, user.id) is not None  # the change requested a run
    await calculated(client)
    assert (await gql(client, TAXABILITY))["userSettings"]["taxability"][3] == {
        "category": "STAKING_REWARDS",
        "taxable": False,
        "isDefault": False,
    }
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "0", "gain": "500"}
    ]
    assert (await gql(other_user, TAXABILITY))["userSettings"]["taxability"] == defaults

    assert (await gql(client, DELETE_TAXABILITY, category="STAKING_REWARDS"))["r"] == OK
    await calculated(client)
    assert (await gql(client, TAXABILITY))["userSettings"]["taxability"] == defaults
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "200", "gain": "300"}
    ]


async def test_wrapping_set_not_taxable_carries_the_basis_and_back(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    weth = add_user_token(db_session, user, "WETH")
    add_transaction(
        db_session,
        wallet,
        "2023-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "100", "100"),
        into("crypto_ETH", "1"),
    )
    add_transaction(
        db_session,
        wallet,
        "2023-02-01 10:00",
        Type.WRAP,
        out("crypto_ETH", "1", "300"),
        into(weth, "1", "300"),
    )
    add_transaction(
        db_session, wallet, "2023-03-01 10:00", Type.SELL, out(weth, "1"), into("fiat_USD", "500", "500")
    )
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"] == OK
    await calculated(client)
    traded = [
        {"quantity": "1", "costBasis": "100", "gain": "200"},
        {"quantity": "1", "costBasis": "300", "gain": "200"},
    ]
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] in (traded, traded[::-1])

    assert (await gql(client, SET_TAXABILITY, category="WRAPPING", taxable=False))["r"] == OK
    db_session.expire_all()
    assert db_session.get(CostBasisStatus, user.id) is not None  # the change requested a run
    await calculated(client)
    # the wrap is no disposal: the sale of the WETH gains over the ETH's cost
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] == [
        {"quantity": "1", "costBasis": "100", "gain": "400"}
    ]
    assert (await gql(other_user, TAXABILITY))["userSettings"]["taxability"][4]["isDefault"] is True
    # its lot proof shows the conversion: acquired as ETH, converted to WETH in the same wallet
    (disposed,) = (await gql(client, "query { disposedLots(limit: 1) { items { id flowId } } }"))[
        "disposedLots"
    ]["items"]
    proof = await gql(
        client,
        "query($f: String!, $d: ID!) { lotProof(flowId: $f, disposedLotId: $d) "
        "{ steps { asset accountName } } }",
        f=disposed["flowId"],
        d=disposed["id"],
    )
    steps = proof["lotProof"]["steps"]
    assert [step["accountName"] for step in steps] == ["Wallet", "Wallet"]
    assert steps[0]["asset"] != steps[1]["asset"]

    assert (await gql(client, DELETE_TAXABILITY, category="WRAPPING"))["r"] == OK
    await calculated(client)
    assert (await gql(client, DISPOSED))["disposedLots"]["items"] in (traded, traded[::-1])


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        (SET_TAXABILITY, {"category": "WRAPPED", "taxable": False}),
        (SET_TAXABILITY, {"category": "WRAPPING", "taxable": None}),
        (DELETE_TAXABILITY, {"category": "liquidity"}),
        (SET_TAXABILITY, {"category": "LENDING", "taxable": "no"}),
        (DELETE_TAXABILITY, {"category": "staking"}),
        (ADD_ENDED_PERIOD, {"start": "2023-01-01", "end": "2023-02-30", "method": "FIFO"}),
    ],
)
async def test_a_bad_taxability_or_period_end_is_a_graphql_error(
    user: httpx.AsyncClient, query: str, variables: dict[str, Any]
) -> None:
    response = await user.post("/graphql", json={"query": query, "variables": variables})
    assert response.json()["errors"], variables
    assert (await gql(user, TAXABILITY))["userSettings"]["taxability"][0]["isDefault"] is True
