"""The authorization matrix: every Query and Mutation field that takes an id of something a user owns
(an argument of type ID, or named …Id, …Ids or …Url, in an input object too) has a rule here, and each
rule calls the field as one user with another user's ids and expects "not found" and nothing changed.

The fields are read from the schema, so a new field that takes an id fails this suite until it has a rule.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
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
from sqlalchemy import Engine, select

from api.schema import schema
from api.schema.imports import UNKNOWN_JOB
from api.schema.uploads import UNKNOWN_CHECK
from ledger.infra.db import sync_sessions
from ledger.models import CheckoutSession, User
from ledger.writes.tasks import open_task
from tests.api import test_support_console as support_console
from tests.api import test_transactions_edits as edits
from tests.api.graphql import (
    CSV_SLUG,
    JOB_STATUS,
    VALIDATION_STATUS,
    generic_csv,
    gql,
    upload,
    validated,
)
from tests.api.test_account_imports import IMPORT, created_account
from tests.api.test_broker_demo import AUTHORIZATION_RULES as BROKER_RULES
from tests.api.test_column_mappings import MAPPING, SAVE_MAPPING, VALIDATE_MAPPING
from tests.api.test_cost_basis import calculated
from tests.api.test_custom_wallets import ACCOUNT, DELETE, RENAME, create_wallet
from tests.api.test_plans import CHECKOUT_STATUS
from tests.api.test_tax_pros import AUTHORIZATION_RULES as TAX_PRO_RULES
from tests.api.test_tax_reports import GENERATE as GENERATE_REPORT
from tests.api.test_tax_reports import POLL as POLL_REPORT
from tests.api.test_tax_tasks import TASKS
from tests.api.test_tax_tasks import UPDATE as UPDATE_TASK
from tests.api.test_tax_year import PROOF
from tests.api.test_transfers import LINK, RECEIVED, SENT, TRANSACTIONS, UNLINK, listed
from tests.api.test_user_assets import EDIT as EDIT_USER_ASSET
from tests.api.test_user_assets import NOT_FOUND as USER_ASSET_NOT_FOUND
from tests.api.test_user_assets import listed as user_assets
from tests.clients import app_client, sign_up
from tests.workflows.test_data_export import EXPORT_MY_DATA, EXPORT_STATUS
from vocabulary.enums import TaskType
from vocabulary.errors import AccountError, TransactionEditError, TransferError, account_error_message

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
    """What one user has: a wallet whose send is linked (`link_id`) to a receive in a second wallet, the
    import job that made it, an upload that passed its check, a token of their own from a third wallet's
    airdrop, a buy and a sale entered by hand in the first wallet and the sale's disposed slice from their
    last cost-basis run; `seen` is what they see of all this once it is made."""

    client: httpx.AsyncClient
    wallet_id: str
    import_job_id: str
    send_id: str
    receive_id: str
    upload_url: str
    validation_job_id: str
    token_id: str
    link_id: str
    buy_id: str
    sale_id: str
    inflow_id: str  # the BTC the buy received
    outflow_id: str  # the BTC the sale sent
    disposal_flow_id: str
    disposed_lot_id: str
    task_id: str  # a FIX_API_CREDENTIALS task of the wallet, as the worker opens them
    checkout_id: str  # a checkout at the payment provider, by the provider's session id
    seen: dict[str, Any]


POLL_MIGRATION = """
query($jobId: String!) {
  r: universalToPerWalletMigrationPollResult(jobId: $jobId) { success url errorMessage }
}
"""
AIRDROP = generic_csv("2024-03-05 12:00:00,100,ZORKCOIN,,,,,airdrop")
ASSETS = "query Assets($q: String!) { currencySearch(query: $q) { id } }"
DETAIL = """
query Transaction($publicId: ID!) {
  transaction(publicId: $publicId) {
    transaction {
      publicId timestamp type accountId description isManual isIgnored isTaxable linkedTransactionId
      flows { id direction assetId quantity value isOverridden }
    }
    labels
    links { id linkType otherPublicId }
    edits { field oldValue newValue }
  }
}
"""
EVERYTHING = """
query Everything {
  transactions(limit: 50) { total items { publicId } }
  disposedLots(limit: 50) { total items { id flowId transactionId quantity proceeds costBasis gain } }
}
"""
DISPOSED_BY_FLOW = "query Disposed($flowId: String) { disposedLots(flowId: $flowId) { total items { id } } }"


def _entered(account_id: str, kind: str, btc: str, usd: str, asset_id: str = "crypto_BTC") -> dict[str, Any]:
    """A buy (BTC in, USD out) or a sale (BTC out, USD in) entered by hand."""
    gave, got = ("fiat_USD", usd), (asset_id, btc)
    if kind == "SELL":
        gave, got = got, gave
    return edits.manual(
        int(account_id),
        type=kind,
        timestamp="2021-01-01T10:00:00+00:00" if kind == "BUY" else "2022-03-01T10:00:00+00:00",
        flows=[
            {"direction": "OUTFLOW", "assetId": gave[0], "quantity": gave[1]},
            {"direction": "INFLOW", "assetId": got[0], "quantity": got[1]},
        ],
    )


async def _entered_by_hand(http: httpx.AsyncClient, entered: dict[str, Any]) -> dict[str, Any]:
    created = (await gql(http, edits.CREATE, input=entered))["createTransaction"]
    assert created["success"], created
    shown: dict[str, Any] = (await gql(http, DETAIL, publicId=created["publicId"]))["transaction"]
    return shown


def _flow(detail: dict[str, Any], direction: str) -> str:
    [flow] = [flow for flow in detail["transaction"]["flows"] if flow["direction"] == direction]
    return str(flow["id"])


async def _seen(http: httpx.AsyncClient) -> dict[str, Any]:
    """Every transaction of the user in detail (fields, flows, labels, links, edits) and every disposed
    slice of their last run."""
    everything = await gql(http, EVERYTHING)
    details = [
        (await gql(http, DETAIL, publicId=item["publicId"]))["transaction"]
        for item in everything["transactions"]["items"]
    ]
    disposed = everything["disposedLots"]
    # A slice's `id` is the stored row's, renumbered by every run (a late run of the user's own, such as
    # the one an import asks for as it ends, stores the same slices under new ids); what it says is not.
    slices = sorted(
        ({key: value for key, value in item.items() if key != "id"} for item in disposed["items"]),
        key=lambda item: (item["flowId"], item["transactionId"]),
    )
    return {"transactions": details, "disposedLots": {"total": disposed["total"], "items": slices}}


async def make_world(http: httpx.AsyncClient, db_engine: Engine) -> World:
    email = await sign_up(http)
    job = await created_account(http, CSV_SLUG, "sent.csv", SENT)
    await created_account(http, CSV_SLUG, "received.csv", RECEIVED)
    items = {item["type"]: item for item in (await listed(http))["items"]}
    upload_url = await upload(http, "more.csv", SENT)
    check = await validated(http, upload_url)
    await created_account(http, CSV_SLUG, "airdrop.csv", AIRDROP)
    [token] = (await gql(http, ASSETS, q="ZORKCOIN"))["currencySearch"]
    assert token["id"].startswith("user_asset_")
    wallet_id = job["createdCustomWallet"]["id"]
    buy = await _entered_by_hand(http, _entered(wallet_id, "BUY", "1", "10000"))
    sale = await _entered_by_hand(http, _entered(wallet_id, "SELL", "0.5", "20000"))
    await calculated(http)
    [disposed] = [
        found
        for found in (await gql(http, EVERYTHING))["disposedLots"]["items"]
        if found["transactionId"] == sale["transaction"]["publicId"]
    ]
    [link] = (await gql(http, DETAIL, publicId=items["SEND"]["publicId"]))["transaction"]["links"]
    with sync_sessions(db_engine).begin() as session:
        user_id = session.scalar(select(User.id).where(User.email == email))
        assert user_id is not None
        open_task(session, user_id, TaskType.FIX_API_CREDENTIALS, int(wallet_id), "The API key was refused.")
        checkout_id = f"cs_test_{uuid.uuid4().hex}"
        session.add(
            CheckoutSession(
                user_id=user_id, provider_id=checkout_id, kind="tax", plan="PRIME", amount=Decimal(199)
            )
        )
    [task] = (await gql(http, TASKS, status="TO_DO"))["tasksByType"]["tasks"]
    return World(
        client=http,
        wallet_id=wallet_id,
        import_job_id=job["jobId"],
        send_id=items["SEND"]["id"],
        receive_id=items["RECEIVE"]["id"],
        upload_url=upload_url,
        validation_job_id=check["jobId"],
        token_id=token["id"],
        link_id=link["id"],
        buy_id=buy["transaction"]["publicId"],
        sale_id=sale["transaction"]["publicId"],
        inflow_id=_flow(buy, "INFLOW"),
        outflow_id=_flow(sale, "OUTFLOW"),
        disposal_flow_id=disposed["flowId"],
        disposed_lot_id=disposed["id"],
        task_id=task["id"],
        checkout_id=checkout_id,
        seen=await _seen(http),
    )


@pytest.fixture(scope="module")
async def theirs(
    app: FastAPI, worker: None, db_engine: Engine, no_leftover_syncs: None
) -> AsyncIterator[World]:
    async with app_client(app) as http:
        yield await make_world(http, db_engine)


@pytest.fixture(scope="module")
async def mine(
    app: FastAPI, worker: None, db_engine: Engine, no_leftover_syncs: None
) -> AsyncIterator[World]:
    async with app_client(app) as http:
        yield await make_world(http, db_engine)


async def _unchanged(theirs: World) -> None:
    """Their wallet, its name and their transfer link are as they made them, and so is every transaction
    and disposed slice they have."""
    wallet = (await gql(theirs.client, ACCOUNT, id=theirs.wallet_id))["account"]
    assert wallet == {"id": theirs.wallet_id, "name": "Mine", "syncInfo": {"willBeDeleted": False}}
    send = next(item for item in (await listed(theirs.client))["items"] if item["id"] == theirs.send_id)
    assert send["linkedTransactionId"] == theirs.receive_id
    assert await _seen(theirs.client) == theirs.seen


def _failed(code: AccountError | TransferError | TransactionEditError, message: str) -> dict[str, Any]:
    return {"success": False, "error": code.value, "errorMessage": message}


ACCOUNT_NOT_FOUND = _failed(AccountError.ACCOUNT_NOT_FOUND, "This account could not be found.")
TRANSACTION_NOT_FOUND = _failed(
    TransactionEditError.TRANSACTION_NOT_FOUND, "This transaction could not be found."
)
FLOW_NOT_FOUND = _failed(
    TransactionEditError.FLOW_NOT_FOUND, "This entry of the transaction could not be found."
)
ASSET_NOT_FOUND = _failed(TransactionEditError.ASSET_NOT_FOUND, "This asset could not be found.")
LINK_NOT_FOUND = _failed(TransactionEditError.LINK_NOT_FOUND, "This link could not be found.")
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


async def generate_tax_report(mine: World, theirs: World) -> None:
    their_form = {
        "type": "EXCHANGE_1099_RECONCILIATION_CSV",
        "taxYear": 2024,
        "form1099daFileUrl": theirs.upload_url,
    }
    answer = (await gql(mine.client, GENERATE_REPORT, **their_form))["generateTaxReport"]
    assert (answer["success"], answer["jobId"]) == (False, None)
    assert answer["errorMessage"] == "That 1099-DA upload could not be found."


async def checkout_status(mine: World, theirs: World) -> None:
    answer = (await gql(mine.client, CHECKOUT_STATUS, id=theirs.checkout_id))["checkoutStatus"]
    assert answer is None


async def tax_report_poll_result(mine: World, theirs: World) -> None:
    made = (await gql(theirs.client, GENERATE_REPORT, type="TAX_LOTS_CSV", taxYear=2024))["generateTaxReport"]
    answer = (await gql(mine.client, POLL_REPORT, jobId=made["jobId"]))["taxReportPollResult"]
    assert (answer["status"], answer["url"], answer["report"]) == ("unauthorized", None, None)


async def migration_poll_result(mine: World, theirs: World) -> None:
    """Their migration's job id (their public id) answers "not found" to me, as any unknown id does."""
    their_id = (await gql(theirs.client, "query { me { publicId } }"))["me"]["publicId"]
    answer = (await gql(mine.client, POLL_MIGRATION, jobId=f"migration/{their_id}"))["r"]
    assert (answer["success"], answer["url"], answer["errorMessage"]) == (False, None, "Migration not found.")


async def export_my_data_job_status(mine: World, theirs: World) -> None:
    started = (await gql(theirs.client, EXPORT_MY_DATA, format="PARQUET"))["exportMyData"]
    answer = (await gql(mine.client, EXPORT_STATUS, jobId=started["jobId"]))["exportMyDataJobStatus"]
    assert (answer["status"], answer["url"], answer["success"]) == ("UNKNOWN", None, False)


async def csv_validation(mine: World, theirs: World) -> None:
    check = (await gql(mine.client, VALIDATE, url=theirs.upload_url))["csvValidation"]
    assert check["jobId"] is None and check["csvValidationErrors"] == [INVALID_FILE_URL]


async def validate_csv_mapping(mine: World, theirs: World) -> None:
    answer = (await gql(mine.client, VALIDATE_MAPPING, url=theirs.upload_url, mapping=MAPPING))[
        "validateCsvMapping"
    ]
    assert (answer["jobId"], answer["csvValidationErrors"]) == (None, [INVALID_FILE_URL])


async def save_csv_mapping(mine: World, theirs: World) -> None:
    saved = (await gql(mine.client, SAVE_MAPPING, url=theirs.upload_url, mapping=MAPPING))["saveCsvMapping"]
    assert saved == {"success": False, "error": INVALID_FILE_URL}


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


async def transaction(mine: World, theirs: World) -> None:
    assert (await gql(mine.client, DETAIL, publicId=theirs.buy_id))["transaction"] is None


async def disposed_lots(mine: World, theirs: World) -> None:
    page = (await gql(mine.client, DISPOSED_BY_FLOW, flowId=theirs.disposal_flow_id))["disposedLots"]
    assert page == {"total": 0, "items": []}


async def lot_proof(mine: World, theirs: World) -> None:
    for flow_id in (theirs.disposal_flow_id, mine.disposal_flow_id):  # their slice under my flow too
        proof = await gql(mine.client, PROOF, flowId=flow_id, disposedLotId=theirs.disposed_lot_id)
        assert proof["lotProof"] is None


async def _transactions_of(world: World) -> int:
    total: int = (await gql(world.client, EVERYTHING))["transactions"]["total"]
    return total


async def create_transaction(mine: World, theirs: World) -> None:
    before = await _transactions_of(mine)
    into_theirs = _entered(theirs.wallet_id, "BUY", "1", "100")
    their_token = _entered(mine.wallet_id, "BUY", "1", "100", asset_id=theirs.token_id)
    assert (await gql(mine.client, edits.CREATE, input=into_theirs))["createTransaction"] == {
        **ACCOUNT_NOT_FOUND,
        "publicId": None,
    }
    assert (await gql(mine.client, edits.CREATE, input=their_token))["createTransaction"] == {
        **ASSET_NOT_FOUND,
        "publicId": None,
    }
    assert await _transactions_of(mine) == before


async def update_transaction(mine: World, theirs: World) -> None:
    for public_id, entered, refused in (
        (theirs.buy_id, _entered(mine.wallet_id, "BUY", "2", "100"), TRANSACTION_NOT_FOUND),
        (mine.buy_id, _entered(theirs.wallet_id, "BUY", "2", "100"), ACCOUNT_NOT_FOUND),
        (mine.buy_id, _entered(mine.wallet_id, "BUY", "2", "100", asset_id=theirs.token_id), ASSET_NOT_FOUND),
    ):
        answer = await gql(mine.client, edits.UPDATE, publicId=public_id, input=entered)
        assert answer["updateTransaction"] == refused


async def delete_manual_transactions(mine: World, theirs: World) -> None:
    for ids in ([theirs.buy_id], [mine.sale_id, theirs.sale_id]):  # all of them or none
        assert (await gql(mine.client, edits.DELETE, ids=ids))[
            "deleteManualTransactions"
        ] == TRANSACTION_NOT_FOUND
    assert (await gql(mine.client, DETAIL, publicId=mine.sale_id))["transaction"] is not None


async def ignore_transactions(mine: World, theirs: World) -> None:
    ids = [theirs.buy_id, theirs.sale_id]
    assert (await gql(mine.client, edits.IGNORE, ids=ids))["ignoreTransactions"] == TRANSACTION_NOT_FOUND


async def unignore_transactions(mine: World, theirs: World) -> None:
    ids = [theirs.buy_id]
    assert (await gql(mine.client, edits.UNIGNORE, ids=ids))["unignoreTransactions"] == TRANSACTION_NOT_FOUND


async def update_transaction_taxability(mine: World, theirs: World) -> None:
    answer = await gql(mine.client, edits.TAXABILITY, publicId=theirs.buy_id, isTaxable=True)
    assert answer["updateTransactionTaxability"] == TRANSACTION_NOT_FOUND


async def update_transaction_operation_purpose(mine: World, theirs: World) -> None:
    answer = await gql(mine.client, edits.PURPOSE, publicId=theirs.buy_id, type="TRADE", labels=["taken"])
    assert answer["updateTransactionOperationPurpose"] == TRANSACTION_NOT_FOUND


async def update_transaction_datetime(mine: World, theirs: World) -> None:
    answer = await gql(
        mine.client, edits.DATETIME, publicId=theirs.sale_id, timestamp="2020-01-01T00:00:00+00:00"
    )
    assert answer["updateTransactionDatetime"] == TRANSACTION_NOT_FOUND


async def update_transaction_cost_basis(mine: World, theirs: World) -> None:
    answer = await gql(mine.client, edits.COST_BASIS, flowId=theirs.inflow_id, amount="1")
    assert answer["updateTransactionCostBasis"] == FLOW_NOT_FOUND


async def update_transaction_proceeds(mine: World, theirs: World) -> None:
    answer = await gql(mine.client, edits.PROCEEDS, flowId=theirs.outflow_id, amount="1")
    assert answer["updateTransactionProceeds"] == FLOW_NOT_FOUND


async def bulk_update_transaction_asset(mine: World, theirs: World) -> None:
    for ids, start, end, refused in (
        ([theirs.buy_id, theirs.sale_id], "crypto_BTC", "crypto_ETH", TRANSACTION_NOT_FOUND),
        ([mine.buy_id], "crypto_BTC", theirs.token_id, ASSET_NOT_FOUND),
        ([mine.buy_id], theirs.token_id, "crypto_ETH", ASSET_NOT_FOUND),
    ):
        answer = await gql(mine.client, edits.BULK_ASSET, ids=ids, **{"from": start, "to": end})
        assert answer["bulkUpdateTransactionAsset"] == refused


async def create_transaction_link(mine: World, theirs: World) -> None:
    for start, end in (
        (theirs.buy_id, theirs.sale_id),
        (mine.buy_id, theirs.sale_id),
        (theirs.buy_id, mine.sale_id),
    ):
        answer = await gql(mine.client, edits.LINK, **{"from": start, "to": end, "type": "BRIDGE"})
        assert answer["createTransactionLink"] == TRANSACTION_NOT_FOUND


async def remove_transaction_link(mine: World, theirs: World) -> None:
    answer = await gql(mine.client, edits.UNLINK, linkId=theirs.link_id)
    assert answer["removeTransactionLink"] == LINK_NOT_FOUND


Rule = Callable[[World, World], Awaitable[None]]


async def update_task_status(mine: World, theirs: World) -> None:
    updated = (await gql(mine.client, UPDATE_TASK, taskId=theirs.task_id, status="IGNORED"))[
        "updateTaskStatus"
    ]
    assert updated == {
        "success": False,
        "error": "task_not_found",
        "errorMessage": "Task not found.",
        "task": None,
    }
    [task] = (await gql(theirs.client, TASKS, status="TO_DO"))["tasksByType"]["tasks"]
    assert task["id"] == theirs.task_id


# Linking (api/schema/linking.py): their custom wallet's id is refused by every exchange and wallet action,
# before any exchange is called.
LINKED_ACTIONS = {
    name: f"mutation($id: ID!) {{ {name}(id: $id{extra}) {{ success error errorMessage }} }}"
    for name, extra in {
        "renameExchange": ', name: "Taken"',
        "renameWallet": ', name: "Taken"',
        "syncExchange": "",
        "syncWallet": "",
        "setMiningStatus": ", isMining: true",
        "deleteExchange": "",
        "deleteWallet": "",
    }.items()
}
EXCHANGE_UPDATES = {  # mutation → (input argument, input type, payload)
    "updateExchangeWithApiKey": (
        "input",
        "UpdateExchangeWithApiKeyInput",
        {"apiKey": "k", "accountTypeSlug": "aster"},
    ),
    "updateExchangeWithApiKeyAndSecret": (
        "input",
        "UpdateExchangeWithApiKeyAndSecretInput",
        {"apiKey": "k", "apiSecret": "s", "accountTypeSlug": "kraken"},
    ),
    "updateExchangeWithCustomerId": (
        "input",
        "UpdateExchangeWithCustomerIdInput",
        {"customerId": "c", "apiKey": "k", "apiSecret": "s", "accountTypeSlug": "coinmate"},
    ),
    "updateExchangeWithPassphrase": (
        "updateExchangeInput",
        "UpdateExchangeInput",
        {"apiKey": "k", "apiSecret": "s", "passphrase": "p", "accountTypeSlug": "kucoin"},
    ),
}
MULTI_ADDRESS_STATUS = """
query Status($jobId: String!) {
  multiAddressImportJobStatus(jobId: $jobId) { success error createdWallets { id } }
}
"""


def linked_action(name: str) -> Rule:
    async def rule(mine: World, theirs: World) -> None:
        answer = (await gql(mine.client, LINKED_ACTIONS[name], id=theirs.wallet_id))[name]
        assert answer == ACCOUNT_NOT_FOUND

    return rule


def exchange_update(name: str) -> Rule:
    argument, input_type, given = EXCHANGE_UPDATES[name]
    mutation = (
        f"mutation($input: {input_type}!) {{ {name}({argument}: $input) {{ success error errorMessage }} }}"
    )

    async def rule(mine: World, theirs: World) -> None:
        answer = (await gql(mine.client, mutation, input={**given, "publicId": theirs.wallet_id}))[name]
        assert answer == ACCOUNT_NOT_FOUND

    return rule


async def add_exchange_with_customer_id(mine: World, theirs: World) -> None:
    """A customer id is the exchange's, not an id of Cairn's: another user's account id given as one
    reaches nothing of theirs."""
    mutation = (
        "mutation($input: AddExchangeWithCustomerIdInput!) "
        "{ addExchangeWithCustomerId(input: $input) { success error errorMessage } }"
    )
    given = {"customerId": theirs.wallet_id, "apiKey": " ", "apiSecret": "s", "accountTypeSlug": "coinmate"}
    answer = (await gql(mine.client, mutation, input=given))["addExchangeWithCustomerId"]
    assert answer == {"success": False, "error": "invalid_api_key", "errorMessage": "Field is required"}


async def multi_address_import_job_status(mine: World, theirs: World) -> None:
    status = (await gql(mine.client, MULTI_ADDRESS_STATUS, jobId=theirs.import_job_id))[
        "multiAddressImportJobStatus"
    ]
    assert status == {"success": False, "error": "unknown_job_id", "createdWallets": []}


TOGGLE_SPAM = """
mutation($assetId: ID!) { toggleSpam(assetId: $assetId, isSpam: true) { success error spamAsset { id } } }
"""


async def toggle_spam(mine: World, theirs: World) -> None:
    """A token only in another user's transactions is not in mine: nothing is judged, nothing requested."""
    answer = (await gql(mine.client, TOGGLE_SPAM, assetId=theirs.token_id))["toggleSpam"]
    assert answer == {"success": False, "error": "spam_asset_not_found", "spamAsset": None}


async def edit_user_asset(mine: World, theirs: World) -> None:
    """Their custom currency (the token their airdrop made) is not mine to edit: it says what it said."""
    before = await user_assets(theirs.client)
    given = {"symbol": "TAKEN", "name": "Taken", "description": "mine now", "priceUsd": "1"}
    answer = (await gql(mine.client, EDIT_USER_ASSET, assetId=theirs.token_id, input=given))["editUserAsset"]
    assert answer == USER_ASSET_NOT_FOUND
    assert await user_assets(theirs.client) == before


def admin_only(query: str) -> Rule:
    """The support console answers a non-admin nothing, whoever's run is named."""

    async def rule(mine: World, theirs: World) -> None:
        variables = {"workflowId": theirs.import_job_id, "runId": "any"}
        response = await mine.client.post("/graphql", json={"query": query, "variables": variables})
        assert [error["message"] for error in response.json()["errors"]] == ["Not found."]

    return rule


RULES: dict[str, Rule] = {
    "Query.account": account,
    "Query.transactions": transactions,
    "Query.csvImportJobStatus": csv_import_job_status,
    "Query.csvValidation": csv_validation,
    "Query.csvValidationJobStatus": csv_validation_job_status,
    "Mutation.validateCsvMapping": validate_csv_mapping,
    "Mutation.saveCsvMapping": save_csv_mapping,
    "Mutation.generateTaxReport": generate_tax_report,
    "Query.taxReportPollResult": tax_report_poll_result,
    "Query.universalToPerWalletMigrationPollResult": migration_poll_result,
    "Query.checkoutStatus": checkout_status,
    "Query.exportMyDataJobStatus": export_my_data_job_status,
    "Mutation.renameCustomWallet": rename_custom_wallet,
    "Mutation.deleteCustomWallet": delete_custom_wallet,
    "Mutation.linkTransfer": link_transfer,
    "Mutation.unlinkTransfer": unlink_transfer,
    "Mutation.createCustomWallet": create_custom_wallet,
    "Mutation.importAccountTransactions": import_account_transactions,
    "Query.transaction": transaction,
    "Query.disposedLots": disposed_lots,
    "Query.lotProof": lot_proof,
    "Mutation.createTransaction": create_transaction,
    "Mutation.updateTransaction": update_transaction,
    "Mutation.deleteManualTransactions": delete_manual_transactions,
    "Mutation.ignoreTransactions": ignore_transactions,
    "Mutation.unignoreTransactions": unignore_transactions,
    "Mutation.updateTransactionTaxability": update_transaction_taxability,
    "Mutation.updateTransactionOperationPurpose": update_transaction_operation_purpose,
    "Mutation.updateTransactionDatetime": update_transaction_datetime,
    "Mutation.updateTransactionCostBasis": update_transaction_cost_basis,
    "Mutation.updateTransactionProceeds": update_transaction_proceeds,
    "Mutation.bulkUpdateTransactionAsset": bulk_update_transaction_asset,
    "Mutation.createTransactionLink": create_transaction_link,
    "Mutation.removeTransactionLink": remove_transaction_link,
    "Mutation.updateTaskStatus": update_task_status,
    "Mutation.toggleSpam": toggle_spam,
    "Mutation.editUserAsset": edit_user_asset,
    **{f"Mutation.{name}": linked_action(name) for name in LINKED_ACTIONS},
    **{f"Mutation.{name}": exchange_update(name) for name in EXCHANGE_UPDATES},
    "Query.multiAddressImportJobStatus": multi_address_import_job_status,
    "Mutation.addExchangeWithCustomerId": add_exchange_with_customer_id,
    "Query.adminWorkflowRunFailure": admin_only(support_console.FAILURE),
    "Mutation.adminRetryWorkflow": admin_only(support_console.RETRY),
    "Mutation.adminCancelWorkflow": admin_only(support_console.CANCEL),
    **TAX_PRO_RULES,
    **BROKER_RULES,
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
