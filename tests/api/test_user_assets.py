"""Custom currencies through GraphQL on the real servers (spec 001 §2 /currencies/custom, §3 "User asset",
§7 "User assets (search, offset, limit)", "add/edit user asset"): a user's own tokens, those an import
made and those they add, listed by symbol with search and paging; adding and editing one with its
description and USD price, exact to the last decimal; bad input refused with nothing written; another
user's token not found and unchanged; and the user's price valuing the token today on the home page and
in the wallet where no close prices it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import Asset
from tests.api.graphql import gql
from tests.api.test_cost_basis import signed_up_user
from tests.api.test_portfolio import SUMMARY
from tests.workflows.cost_basis_rows import add_transaction, add_user_token, add_wallet, into
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

FIELDS = "id symbol name description priceUsd"
LIST = f"""
query UserAssets($search: String, $offset: Int, $limit: Int) {{
  userAssets(search: $search, offset: $offset, limit: $limit) {{ total items {{ {FIELDS} }} }}
}}
"""
ADD = f"""
mutation AddUserAsset($input: UserAssetInput!) {{
  addUserAsset(input: $input) {{ success error errorMessage userAsset {{ {FIELDS} }} }}
}}
"""
EDIT = f"""
mutation EditUserAsset($assetId: ID!, $input: UserAssetInput!) {{
  editUserAsset(assetId: $assetId, input: $input) {{ success error errorMessage userAsset {{ {FIELDS} }} }}
}}
"""
BALANCES = """
query Account($id: ID!) { account(id: $id) { balances { balance value currency { symbol priceUsd } } } }
"""
NOT_FOUND = {"success": False, "error": "not_found", "errorMessage": "Not found.", "userAsset": None}


async def add(http: httpx.AsyncClient, **given: Any) -> dict[str, Any]:
    answer: dict[str, Any] = (await gql(http, ADD, input=given))["addUserAsset"]
    return answer


async def listed(http: httpx.AsyncClient, **arguments: Any) -> dict[str, Any]:
    page: dict[str, Any] = (await gql(http, LIST, **arguments))["userAssets"]
    return page


def symbols(page: dict[str, Any]) -> list[str]:
    return [item["symbol"] for item in page["items"]]


async def test_added_and_imported_tokens_are_listed_searched_and_paged(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    imported = add_user_token(
        db_session, user, "ZORKCOIN"
    )  # as an import makes one: no description nor price
    db_session.commit()

    added = await add(
        client,
        symbol=" moon ",
        name=" Moon Token ",
        description="From the 2021 presale",
        priceUsd="0.000000000000000001",
    )
    assert added["success"], added
    moon = added["userAsset"]
    assert moon["id"].startswith("user_asset_")
    assert moon == {
        "id": moon["id"],
        "symbol": "MOON",  # written as imports write symbols, so an import of MOON finds it
        "name": "Moon Token",
        "description": "From the 2021 presale",
        "priceUsd": "0.000000000000000001",
    }
    assert (await add(client, symbol="ABC", name="Alphabet 50% off", priceUsd="12345678901234567890.5"))[
        "success"
    ]
    assert (await add(client, symbol="free", name="Free", priceUsd="0"))["success"]

    page = await listed(client)
    assert (page["total"], symbols(page)) == (4, ["ABC", "FREE", "MOON", "ZORKCOIN"])
    assert page["items"][0]["priceUsd"] == "12345678901234567890.5"
    assert page["items"][1]["priceUsd"] == "0"
    assert page["items"][3] == {
        "id": imported,
        "symbol": "ZORKCOIN",
        "name": "ZORKCOIN",
        "description": None,
        "priceUsd": None,
    }

    assert symbols(await listed(client, search="token")) == ["MOON"]  # the name, any case
    assert symbols(await listed(client, search="ork")) == ["ZORKCOIN"]  # the symbol
    assert symbols(await listed(client, search="50%")) == ["ABC"]  # a wildcard is a character
    assert symbols(await listed(client, search="%")) == ["ABC"]
    assert (await listed(client, search="nothing")) == {"total": 0, "items": []}

    second = await listed(client, offset=1, limit=2)
    assert (second["total"], symbols(second)) == (4, ["FREE", "MOON"])
    assert symbols(await listed(client, offset=3, limit=2)) == ["ZORKCOIN"]


async def test_editing_a_token_replaces_what_the_user_typed(user: httpx.AsyncClient) -> None:
    token = (await add(user, symbol="GEM", name="Gem", description="old", priceUsd="2.5"))["userAsset"]

    same_symbol = {"symbol": "gem", "name": "Gem stone", "description": "  ", "priceUsd": "3.14"}
    edited = (await gql(user, EDIT, assetId=token["id"], input=same_symbol))["editUserAsset"]
    assert edited == {
        "success": True,
        "error": None,
        "errorMessage": None,
        "userAsset": {
            "id": token["id"],
            "symbol": "GEM",
            "name": "Gem stone",
            "description": None,
            "priceUsd": "3.14",
        },
    }
    renamed = {"symbol": "GEM2", "name": "Gem stone"}  # no price: the price is cleared
    edited = (await gql(user, EDIT, assetId=token["id"], input=renamed))["editUserAsset"]
    assert edited["success"], edited
    assert (await listed(user))["items"] == [
        {"id": token["id"], "symbol": "GEM2", "name": "Gem stone", "description": None, "priceUsd": None}
    ]


async def test_bad_input_is_refused_and_writes_nothing(user: httpx.AsyncClient) -> None:
    kept = (await add(user, symbol="KEEP", name="Kept", priceUsd="1"))["userAsset"]
    await add(user, symbol="OTHER", name="Other")

    def refused(code: str, message: str) -> dict[str, Any]:
        return {"success": False, "error": code, "errorMessage": message, "userAsset": None}

    invalid_symbol = refused(
        "invalid_symbol",
        "This is not an asset symbol: a symbol is 1 to 40 letters, digits, spaces and . - _ / + $ : # &, "
        "starting with a letter, a digit or $.",
    )
    for given, answer in (
        ({"symbol": "=SUM(A1)", "name": "Formula"}, invalid_symbol),
        ({"symbol": "  ", "name": "Blank"}, invalid_symbol),
        (
            {"symbol": "keep", "name": "Again"},
            refused("symbol_taken", "You already have a custom currency with this symbol."),
        ),
        ({"symbol": "NEW", "name": "  "}, refused("invalid_name", "A name is 1 to 200 characters.")),
        (
            {"symbol": "NEW", "name": "New", "priceUsd": "-0.01"},
            refused("negative_price", "The price must be zero or more."),
        ),
        (
            {"symbol": "NEW", "name": "New", "priceUsd": "NaN"},
            refused("negative_price", "The price must be zero or more."),
        ),
        (
            {"symbol": "NEW", "name": "New", "priceUsd": "0.0000000000000000001"},
            refused(
                "too_precise",
                "Prices may have at most 18 decimal places and 20 digits before the decimal point.",
            ),
        ),
        (
            {"symbol": "NEW", "name": "New", "priceUsd": "100000000000000000000"},
            refused(
                "too_precise",
                "Prices may have at most 18 decimal places and 20 digits before the decimal point.",
            ),
        ),
    ):
        assert await add(user, **given) == answer, given
        if given["symbol"] != "keep":
            answer_of_edit = (await gql(user, EDIT, assetId=kept["id"], input=given))["editUserAsset"]
            assert answer_of_edit == answer, given
    taken = (await gql(user, EDIT, assetId=kept["id"], input={"symbol": "other", "name": "Kept"}))[
        "editUserAsset"
    ]
    assert taken["error"] == "symbol_taken"

    for arguments, message in (
        ({"limit": 0}, "limit must be between 1 and 200"),
        ({"limit": 201}, "limit must be between 1 and 200"),
        ({"offset": -1}, "offset must be between 0 and 10000000"),
    ):
        response = await user.post("/graphql", json={"query": LIST, "variables": arguments})
        assert [error["message"] for error in response.json()["errors"]] == [message]
    too_long = {"symbol": "X" * 41, "name": "Long"}
    response = await user.post("/graphql", json={"query": ADD, "variables": {"input": too_long}})
    assert [error["message"] for error in response.json()["errors"]] == [
        "input.symbol must be at most 40 characters long."
    ]

    page = await listed(user)
    assert (page["total"], page["items"][0]) == (2, kept)


async def test_another_users_token_is_not_found_and_unchanged(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    mine = (await add(user, symbol="MINE", name="Mine", description="mine", priceUsd="7"))["userAsset"]
    assert (await add(other_user, symbol="MINE", name="Theirs"))["success"]  # unique per user only

    for asset_id in (mine["id"], "crypto_BTC", "user_asset_nothing"):
        given = {"symbol": "TAKEN", "name": "Taken", "priceUsd": "0"}
        assert (await gql(other_user, EDIT, assetId=asset_id, input=given))["editUserAsset"] == NOT_FOUND
    assert symbols(await listed(other_user)) == ["MINE"]
    assert (await listed(other_user))["items"][0]["id"] != mine["id"]
    assert (await listed(user))["items"] == [mine]


async def test_the_users_price_values_their_token_today(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    token = add_user_token(db_session, user, "NOPRICE")
    add_transaction(db_session, wallet, "2024-03-04 12:00", Type.AIRDROP, into(token, "1000"))
    db_session.commit()

    unpriced = (await gql(client, SUMMARY))["portfolioSummary"]
    assert [(held["symbol"], held["price"], held["value"]) for held in unpriced["holdings"]] == [
        ("NOPRICE", None, None)
    ]

    given = {"symbol": "NOPRICE", "name": "No price", "priceUsd": "0.0125"}
    assert (await gql(client, EDIT, assetId=token, input=given))["editUserAsset"]["success"]
    summary = (await gql(client, SUMMARY))["portfolioSummary"]
    [held] = summary["holdings"]
    assert (held["price"], held["value"], held["allocation"]) == ("0.0125", "12.5", "1")
    # the same price the day before: a price of the user's is no change of the portfolio's
    assert (summary["totalValue"], summary["change24h"]) == ("12.5", "0")
    [balance] = (await gql(client, BALANCES, id=str(wallet.id)))["account"]["balances"]
    assert balance == {
        "balance": "1000",
        "value": "12.5",
        "currency": {"symbol": "NOPRICE", "priceUsd": "0.0125"},
    }

    stored = db_session.scalar(select(Asset.price_usd).where(Asset.id == token))
    assert stored == Decimal("0.0125")
