"""A custom wallet from an uploaded and checked CSV, end to end: createCustomWallet starts CsvImportWorkflow
on a real worker, the job is polled to its final state, and the wallet lists its balances; a file that
was never uploaded, never checked or failed its check creates nothing, and an import that fails in the
worker leaves no wallet behind. Renaming, and deleting through DeleteAccountWorkflow."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.app import create_app
from ledger.infra.settings import Settings
from ledger.models import Account, Asset, Flow, Job, Price, Transaction, User
from stack.servers import free_port
from tests.api.graphql import (
    CREATE_CUSTOM_WALLET,
    CSV_SLUG,
    PRESIGN,
    VALIDATE,
    checked_upload,
    generic_csv,
    gql,
    upload,
    validated,
    wait_for_job,
)
from tests.clients import app_client, sign_up
from tests.workflows.ledger_rows import overwrite_upload
from vocabulary.enums import JobKind, JobStatus

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

CUSTOM_WALLETS = """
query Wallets {
  customWallets { total page limit items {
    id kind name slug imageUrl address value assetsCount
    computedTransactionCount computedCryptoTransactionCount numManualEdits errors
    balances { balance value currency { symbol name type uaid priceUsd } }
    syncInfo { isSyncing willBeDeleted isDisabled lastSynced }
  } }
  me { stats { numberOfExchanges numberOfLocalWallets numberOfCustomWallets } }
}
"""
ACCOUNT = "query Account($id: ID!) { account(id: $id) { id name syncInfo { willBeDeleted } } }"
RENAME = """
mutation Rename($id: ID!, $name: String!) {
  renameCustomWallet(id: $id, name: $name) { success error errorMessage }
}
"""
DELETE = "mutation Delete($id: ID!) { deleteCustomWallet(id: $id) { success error errorMessage } }"

LEDGER = generic_csv(
    "2024-01-02 10:00:00,1.5,BTC,30000,USD,,,",  # buy 1.5 BTC
    "2024-02-03 11:00:00,,,0.25,BTC,0.0005,BTC,",  # send 0.25 BTC, fee 0.0005 BTC
    "2024-03-04 12:00:00,100,ZORKCOIN,,,,,airdrop",  # an asset nobody prices
    "2024-03-05 12:00:00,,,,,,,",  # nothing moves: ignored
)


async def create_wallet(http: httpx.AsyncClient, name: str, file_url: str) -> dict:
    created: dict = (
        await gql(
            http,
            CREATE_CUSTOM_WALLET,
            input={"walletName": name, "csvUrl": file_url, "accountTypeSlug": CSV_SLUG},
        )
    )["createCustomWallet"]
    return created


async def imported_wallet(http: httpx.AsyncClient, content: bytes = LEDGER) -> tuple[dict, dict]:
    created = await create_wallet(http, "Cold storage", await checked_upload(http, "ledger.csv", content))
    assert created["success"], created
    return created, await wait_for_job(http, created["jobId"])


def latest_usd_close(session: Session, symbol: str) -> Decimal:
    close = session.scalar(
        select(Price.close)
        .where(Price.symbol == symbol, Price.quote == "USD")
        .order_by(Price.date.desc())
        .limit(1)
    )
    assert close is not None
    return close


async def test_a_custom_wallet_imports_its_file_and_lists_its_balances(
    user: httpx.AsyncClient, db_session: Session
) -> None:
    created, job = await imported_wallet(user)

    assert created["jobId"].startswith("csv-import/")
    assert job["status"] == "FINISHED" and job["success"] and job["errorMessage"] is None
    assert (job["numberTotal"], job["numberImported"], job["numberIgnored"], job["numberSkipped"]) == (
        4,
        3,
        1,
        0,
    )
    assert job["numberUserDefinedTokens"] == 1
    assert job["progress"] == 100
    assert job["createdCustomWallet"]["name"] == "Cold storage"

    data = await gql(user, CUSTOM_WALLETS)
    assert data["me"]["stats"] == {
        "numberOfExchanges": 0,
        "numberOfLocalWallets": 0,
        "numberOfCustomWallets": 1,
    }
    page = data["customWallets"]
    assert (page["total"], page["page"], page["limit"]) == (1, 1, 50)
    [wallet] = page["items"]
    assert wallet["id"] == job["createdCustomWallet"]["id"]
    assert (wallet["kind"], wallet["slug"], wallet["imageUrl"]) == (3, CSV_SLUG, "/icons/csv-file-import.svg")
    assert wallet["syncInfo"]["isSyncing"] is False and wallet["syncInfo"]["lastSynced"] is not None
    assert wallet["computedTransactionCount"] == 3
    assert wallet["computedCryptoTransactionCount"] == 3
    assert wallet["numManualEdits"] == 0 and wallet["errors"] == []

    balances = {b["currency"]["symbol"]: b for b in wallet["balances"]}
    assert set(balances) == {"BTC", "USD", "ZORKCOIN"}
    assert wallet["assetsCount"] == 3
    btc, usd, zork = balances["BTC"], balances["USD"], balances["ZORKCOIN"]
    assert btc["balance"] == "1.2495"
    assert btc["currency"]["uaid"] == "crypto_BTC" and btc["currency"]["type"] == "CRYPTO_CURRENCY"
    btc_price = latest_usd_close(db_session, "BTC")
    assert Decimal(btc["currency"]["priceUsd"]) == btc_price
    assert Decimal(btc["value"]) == Decimal("1.2495") * btc_price
    assert usd["balance"] == "-30000" and usd["currency"]["uaid"] == "fiat_USD" and usd["value"] == "-30000"
    assert zork["currency"]["type"] == "USER_DEFINED_TOKEN" and zork["currency"]["uaid"].startswith(
        "user_asset_"
    )
    assert zork["currency"]["priceUsd"] is None and zork["value"] is None
    assert Decimal(wallet["value"]) == Decimal("1.2495") * btc_price - 30000


async def test_a_malformed_file_fails_its_check_and_creates_nothing(user: httpx.AsyncClient) -> None:
    bad = generic_csv("2024-01-02 10:00:00,1,BTC,,,,,", "2024-01-03 10:00:00,-1,BTC,,,,,")

    created = await create_wallet(user, "Cold storage", await checked_upload(user, "bad.csv", bad))

    assert created == {
        "success": False,
        "jobId": None,
        "error": "generic_error",
        "errorMessage": "Row 2, column Received Quantity: '-1' is negative;"
        " quantities are positive, the column gives the direction",
    }
    assert (await gql(user, CUSTOM_WALLETS))["customWallets"]["total"] == 0


async def test_an_unrecognised_file_answers_the_guidance_and_creates_nothing(user: httpx.AsyncClient) -> None:
    url = await checked_upload(user, "export.csv", b"when,what\n2024-01-01,coffee\n")

    created = await create_wallet(user, "Cold storage", url)

    assert (created["success"], created["error"]) == (False, "generic_error")
    assert created["errorMessage"].startswith("We haven't found the integration you're looking for.")
    assert (await gql(user, CUSTOM_WALLETS))["customWallets"]["total"] == 0


async def test_a_file_never_uploaded_or_never_checked_creates_nothing(user: httpx.AsyncClient) -> None:
    never_uploaded = (await gql(user, PRESIGN, filename="never.csv"))["presignFileUpload"]["result"][
        "fileUrl"
    ]
    await validated(user, never_uploaded)
    unchecked = await upload(user, "ledger.csv", LEDGER)

    missing = await create_wallet(user, "Cold storage", never_uploaded)
    not_checked = await create_wallet(user, "Cold storage", unchecked)

    assert (missing["success"], missing["jobId"], missing["errorMessage"]) == (
        False,
        None,
        "This file could not be found among your uploads. Please upload it again.",
    )
    assert (not_checked["success"], not_checked["jobId"], not_checked["errorMessage"]) == (
        False,
        None,
        "This file has not been checked yet. Please check it before importing it.",
    )
    assert (await gql(user, CUSTOM_WALLETS))["customWallets"]["total"] == 0


async def test_an_import_that_fails_in_the_worker_leaves_no_wallet_behind(
    user: httpx.AsyncClient, servers: Settings
) -> None:
    url = await checked_upload(user, "ledger.csv", LEDGER)
    bad = generic_csv("2024-01-02 10:00:00,1,BTC,,,,,", "2024-01-03 10:00:00,-1,BTC,,,,,")
    overwrite_upload(servers, url, bad)  # the file changed after its check: the import's own check fails

    created = await create_wallet(user, "Cold storage", url)
    job = await wait_for_job(user, created["jobId"])

    assert created["success"] and job["status"] == "FAILED" and not job["success"]
    assert job["errorMessage"].startswith("Row 2, column Received Quantity: '-1' is negative")
    assert job["createdCustomWallet"] is None
    assert (await gql(user, CUSTOM_WALLETS))["customWallets"]["total"] == 0


async def test_wallet_creation_checks_its_input(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    url = await upload(user, "ledger.csv", LEDGER)
    theirs = await upload(other_user, "ledger.csv", LEDGER)

    assert await create_wallet(user, "  ", url) == {
        "success": False,
        "jobId": None,
        "error": "invalid_account",
        "errorMessage": "Wallet name is required",
    }
    assert (await create_wallet(user, "Mine", theirs))["error"] == "invalid_file_url"
    wrong_slug = await gql(
        user, CREATE_CUSTOM_WALLET, input={"walletName": "Mine", "csvUrl": url, "accountTypeSlug": "nope"}
    )
    assert wrong_slug["createCustomWallet"]["error"] == "account_type_slug_not_found"
    assert (await gql(user, CUSTOM_WALLETS))["customWallets"]["total"] == 0


async def test_a_custom_wallet_is_renamed(user: httpx.AsyncClient) -> None:
    _, job = await imported_wallet(user)
    wallet_id = job["createdCustomWallet"]["id"]

    assert (await gql(user, RENAME, id=wallet_id, name="  Hardware wallet "))["renameCustomWallet"]["success"]
    assert (await gql(user, ACCOUNT, id=wallet_id))["account"]["name"] == "Hardware wallet"
    blank = (await gql(user, RENAME, id=wallet_id, name=" "))["renameCustomWallet"]
    assert blank == {"success": False, "error": "invalid_account", "errorMessage": "Wallet name is required"}


async def test_a_deleted_custom_wallet_goes_with_its_transactions(
    user: httpx.AsyncClient, db_session: Session
) -> None:
    _, job = await imported_wallet(user)
    wallet_id = job["createdCustomWallet"]["id"]
    transaction_ids = select(Transaction.id).where(Transaction.account_id == int(wallet_id)).scalar_subquery()
    assert db_session.scalar(select(func.count()).where(Flow.transaction_id.in_(transaction_ids))) == 5

    deleted = (await gql(user, DELETE, id=wallet_id))["deleteCustomWallet"]

    assert deleted == {"success": True, "error": None, "errorMessage": None}
    async with asyncio.timeout(30):
        while (await gql(user, ACCOUNT, id=wallet_id))["account"] is not None:
            await asyncio.sleep(0.2)
    db_session.expire_all()
    assert db_session.get(Account, int(wallet_id)) is None
    assert db_session.scalar(select(func.count()).where(Transaction.account_id == int(wallet_id))) == 0
    assert db_session.scalar(select(func.count()).where(Flow.transaction_id.in_(transaction_ids))) == 0
    assert db_session.scalar(select(func.count()).select_from(Asset).where(Asset.id == "crypto_BTC")) == 1


async def test_work_temporal_cannot_take_leaves_nothing_behind(
    app: FastAPI, servers: Settings, db_session: Session
) -> None:
    unreachable = servers.model_copy(update={"temporal_address": f"127.0.0.1:{free_port()}"})
    away = create_app(unreachable, None)  # connects to Temporal on first use, and nothing listens there
    async with (
        away.router.lifespan_context(away),
        app_client(away) as http,
        app_client(app) as healthy,
    ):
        email = await sign_up(http)
        healthy.cookies = http.cookies  # the same user, on an app whose worker is there
        url = await upload(http, "ledger.csv", LEDGER)

        check = (await gql(http, VALIDATE, url=url, generic=True, slug=CSV_SLUG))["csvValidation"]
        assert (check["jobId"], check["isStatusFinal"]) == (None, True)
        assert check["csvValidationErrors"] == [
            "There was an issue while trying to validate the file's format."
        ]
        await validated(healthy, url)  # asking again runs the check that could not start
        created = await create_wallet(http, "Cold storage", url)

        assert created == {
            "success": False,
            "jobId": None,
            "error": "generic_error",
            "errorMessage": "There was an issue while trying to upload your csv. Please try again",
        }
        assert (await gql(http, CUSTOM_WALLETS))["customWallets"]["total"] == 0
        [job] = db_session.scalars(
            select(Job).join(User).where(User.email == email, Job.kind == JobKind.CSV_IMPORT)
        ).all()
        assert (job.status, job.error_message, job.account_id) == (
            JobStatus.FAILED,
            created["errorMessage"],
            None,  # the wallet created for it went again
        )
