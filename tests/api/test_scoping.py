"""Every id of another user's data answers exactly like an id that does not exist."""

from __future__ import annotations

import httpx
import pytest

from tests.api.graphql import JOB_STATUS, gql, upload
from tests.api.test_custom_wallets import ACCOUNT, CUSTOM_WALLETS, DELETE, RENAME, imported_wallet

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

NOT_FOUND = {
    "success": False,
    "error": "account_not_found",
    "errorMessage": "This account could not be found.",
}


async def test_another_users_wallet_is_not_found(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    _, job = await imported_wallet(user)
    wallet_id = job["createdCustomWallet"]["id"]

    assert (await gql(other_user, ACCOUNT, id=wallet_id))["account"] is None
    assert (await gql(other_user, ACCOUNT, id="999999999"))["account"] is None
    assert (await gql(other_user, CUSTOM_WALLETS))["customWallets"] == {
        "total": 0,
        "page": 1,
        "limit": 50,
        "items": [],
    }
    assert (await gql(other_user, RENAME, id=wallet_id, name="Taken"))["renameCustomWallet"] == NOT_FOUND
    assert (await gql(other_user, DELETE, id=wallet_id))["deleteCustomWallet"] == NOT_FOUND

    mine = (await gql(user, ACCOUNT, id=wallet_id))["account"]
    assert mine["name"] == "Cold storage" and mine["syncInfo"]["willBeDeleted"] is False


async def test_another_users_import_job_is_unknown(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    created, _ = await imported_wallet(user)

    job = (await gql(other_user, JOB_STATUS, jobId=created["jobId"]))["csvImportJobStatus"]

    assert job == {
        "jobId": created["jobId"],
        "status": "UNKNOWN",
        "isStatusFinal": True,
        "success": False,
        "errorMessage": "This import could not be found.",
        "progress": 0,
        "resuming": False,
        "numberImported": 0,
        "numberTotal": 0,
        "numberIgnored": 0,
        "numberSkipped": 0,
        "numberUserDefinedTokens": 0,
        "createdCustomWallet": None,
    }


async def test_an_account_id_that_is_not_a_number_is_not_found(user: httpx.AsyncClient) -> None:
    assert (await gql(user, ACCOUNT, id="other-transactions"))["account"] is None
    assert (await gql(user, DELETE, id="1 OR 1=1"))["deleteCustomWallet"] == NOT_FOUND


async def test_uploads_are_kept_under_the_users_own_prefix(user: httpx.AsyncClient) -> None:
    public_id = (await gql(user, "query { me { publicId } }"))["me"]["publicId"]
    file_url = await upload(user, "mine.csv", b"Date\n")
    assert f"/uploads/{public_id}/" in file_url
