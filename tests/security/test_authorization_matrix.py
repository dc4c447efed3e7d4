"""The authorization matrix: every Query and Mutation field that takes an id of something a user owns
(an argument of type ID, or named …Id, …Ids or …Url, in an input object too) has a rule here, and each
rule calls the field as one user with another user's ids and expects "not found" and nothing changed.

The fields are read from the schema, so a new field that takes an id fails this suite until it has a rule.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from graphql import (
    GraphQLID,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLObjectType,
    get_named_type,
)

from api.schema import schema
from api.schema.imports import UNKNOWN_JOB
from api.schema.uploads import UNKNOWN_CHECK
from tests.api.graphql import CSV_SLUG, JOB_STATUS, VALIDATION_STATUS, gql, upload, validated
from tests.api.test_account_imports import IMPORT, created_account
from tests.api.test_custom_wallets import ACCOUNT, DELETE, RENAME, create_wallet
from tests.api.test_transfers import LINK, RECEIVED, SENT, TRANSACTIONS, UNLINK, listed
from tests.clients import app_client, sign_up
from vocabulary.errors import AccountError, TransferError, account_error_message

_NAMES_AN_ID = re.compile(r"(^id|Id|Ids|Url|Urls)$")


def _id_paths(name: str, type_: GraphQLInputType, prefix: str = "") -> Iterator[str]:
    named = get_named_type(type_)
    if isinstance(named, GraphQLInputObjectType):
        for field_name, field in named.fields.items():
            yield from _id_paths(field_name, field.type, f"{prefix}{name}.")
    elif named is GraphQLID or _NAMES_AN_ID.search(name):
        yield f"{prefix}{name}"


def fields_taking_ids() -> dict[str, list[str]]:
    """`Query.account` → [`id`], … for every root field with an argument that names an object."""
    found = {}
    for root in (schema._schema.query_type, schema._schema.mutation_type):
        assert isinstance(root, GraphQLObjectType)
        for field_name, field in root.fields.items():
            paths = [path for name, arg in field.args.items() for path in _id_paths(name, arg.type)]
            if paths:
                found[f"{root.name}.{field_name}"] = paths
    return found


@dataclass(frozen=True)
class World:
    """What one user has: a wallet whose send is linked to a receive in a second wallet, the import job
    that made it, and an upload that passed its check."""

    client: httpx.AsyncClient
    wallet_id: str
    import_job_id: str
    send_id: str
    receive_id: str
    upload_url: str
    validation_job_id: str


async def _world(http: httpx.AsyncClient) -> World:
    await sign_up(http)
    job = await created_account(http, CSV_SLUG, "sent.csv", SENT)
    await created_account(http, CSV_SLUG, "received.csv", RECEIVED)
    items = {item["type"]: item for item in (await listed(http))["items"]}
    upload_url = await upload(http, "more.csv", SENT)
    check = await validated(http, upload_url)
    return World(
        client=http,
        wallet_id=job["createdCustomWallet"]["id"],
        import_job_id=job["jobId"],
        send_id=items["SEND"]["id"],
        receive_id=items["RECEIVE"]["id"],
        upload_url=upload_url,
        validation_job_id=check["jobId"],
    )


@pytest.fixture(scope="module")
async def theirs(app: FastAPI, worker: None) -> AsyncIterator[World]:
    async with app_client(app) as http:
        yield await _world(http)


@pytest.fixture(scope="module")
async def mine(app: FastAPI, worker: None) -> AsyncIterator[World]:
    async with app_client(app) as http:
        yield await _world(http)


async def _unchanged(theirs: World) -> None:
    """Their wallet, its name and their transfer link are as they made them."""
    wallet = (await gql(theirs.client, ACCOUNT, id=theirs.wallet_id))["account"]
    assert wallet == {"id": theirs.wallet_id, "name": "Mine", "syncInfo": {"willBeDeleted": False}}
    send = next(item for item in (await listed(theirs.client))["items"] if item["id"] == theirs.send_id)
    assert send["linkedTransactionId"] == theirs.receive_id


def _failed(code: AccountError | TransferError, message: str) -> dict[str, Any]:
    return {"success": False, "error": code.value, "errorMessage": message}


ACCOUNT_NOT_FOUND = _failed(AccountError.ACCOUNT_NOT_FOUND, "This account could not be found.")
INVALID_FILE_URL = account_error_message(AccountError.INVALID_FILE_URL)
CHECK = "jobId isStatusFinal csvValidationErrors format"
VALIDATE = f"""
query Validate($url: String!) {{
  csvValidation(csvFileUrl: $url, isGeneric: true, accountTypeSlug: "{CSV_SLUG}") {{ {CHECK} }}
}}
"""


async def account(mine: World, theirs: World) -> None:
    assert (await gql(mine.client, ACCOUNT, id=theirs.wallet_id))["account"] is None


async def transactions(mine: World, theirs: World) -> None:
    page = (await gql(mine.client, TRANSACTIONS, accountId=theirs.wallet_id))["transactions"]
    assert (page["total"], page["items"]) == (0, [])


async def csv_import_job_status(mine: World, theirs: World) -> None:
    job = (await gql(mine.client, JOB_STATUS, jobId=theirs.import_job_id))["csvImportJobStatus"]
    assert (job["status"], job["errorMessage"], job["createdCustomWallet"]) == ("UNKNOWN", UNKNOWN_JOB, None)


async def csv_validation(mine: World, theirs: World) -> None:
    check = (await gql(mine.client, VALIDATE, url=theirs.upload_url))["csvValidation"]
    assert check["jobId"] is None and check["csvValidationErrors"] == [INVALID_FILE_URL]


async def csv_validation_job_status(mine: World, theirs: World) -> None:
    check = (await gql(mine.client, VALIDATION_STATUS, jobId=theirs.validation_job_id))[
        "csvValidationJobStatus"
    ]
    assert (check["csvValidationErrors"], check["format"]) == ([UNKNOWN_CHECK], None)


async def rename_custom_wallet(mine: World, theirs: World) -> None:
    renamed = (await gql(mine.client, RENAME, id=theirs.wallet_id, name="Taken"))["renameCustomWallet"]
    assert renamed == ACCOUNT_NOT_FOUND


async def delete_custom_wallet(mine: World, theirs: World) -> None:
    assert (await gql(mine.client, DELETE, id=theirs.wallet_id))["deleteCustomWallet"] == ACCOUNT_NOT_FOUND


async def link_transfer(mine: World, theirs: World) -> None:
    linked = (await gql(mine.client, LINK, send=theirs.send_id, receive=theirs.receive_id))["linkTransfer"]
    assert linked == _failed(TransferError.TRANSACTION_NOT_FOUND, "This transaction could not be found.")


async def unlink_transfer(mine: World, theirs: World) -> None:
    unlinked = (await gql(mine.client, UNLINK, send=theirs.send_id, receive=theirs.receive_id))[
        "unlinkTransfer"
    ]
    assert unlinked == _failed(
        TransferError.LINK_NOT_FOUND, "These two transactions are not linked as a transfer."
    )


async def create_custom_wallet(mine: World, theirs: World) -> None:
    before = (await gql(mine.client, "query { customWallets { total } }"))["customWallets"]
    created = await create_wallet(mine.client, "Taken", theirs.upload_url)
    assert (created["success"], created["error"]) == (False, AccountError.INVALID_FILE_URL.value)
    assert (await gql(mine.client, "query { customWallets { total } }"))["customWallets"] == before


async def import_account_transactions(mine: World, theirs: World) -> None:
    into_theirs = {"accountId": theirs.wallet_id, "csvUrl": mine.upload_url, "importType": 1}
    from_theirs = {"accountId": mine.wallet_id, "csvUrl": theirs.upload_url, "importType": 1}
    assert (await gql(mine.client, IMPORT, input=into_theirs))["importAccountTransactions"] == {
        **ACCOUNT_NOT_FOUND,
        "jobId": None,
    }
    answer = (await gql(mine.client, IMPORT, input=from_theirs))["importAccountTransactions"]
    assert (answer["success"], answer["error"], answer["jobId"]) == (
        False,
        AccountError.INVALID_FILE_URL.value,
        None,
    )


Rule = Callable[[World, World], Awaitable[None]]
RULES: dict[str, Rule] = {
    "Query.account": account,
    "Query.transactions": transactions,
    "Query.csvImportJobStatus": csv_import_job_status,
    "Query.csvValidation": csv_validation,
    "Query.csvValidationJobStatus": csv_validation_job_status,
    "Mutation.renameCustomWallet": rename_custom_wallet,
    "Mutation.deleteCustomWallet": delete_custom_wallet,
    "Mutation.linkTransfer": link_transfer,
    "Mutation.unlinkTransfer": unlink_transfer,
    "Mutation.createCustomWallet": create_custom_wallet,
    "Mutation.importAccountTransactions": import_account_transactions,
}


def test_every_field_that_takes_an_id_has_a_rule() -> None:
    taking_ids = fields_taking_ids()
    assert sorted(set(taking_ids) - set(RULES)) == [], "add a rule for each of these fields"
    assert sorted(set(RULES) - set(taking_ids)) == [], "these rules name no field that takes an id"


@pytest.mark.servers
@pytest.mark.parametrize("field", sorted(RULES))
async def test_another_users_id_is_not_found_and_changes_nothing(
    field: str, mine: World, theirs: World
) -> None:
    await RULES[field](mine, theirs)
    await _unchanged(theirs)
