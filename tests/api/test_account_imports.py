"""Importing files into accounts the user already has (importAccountTransactions, AccountImportWorkflow on
a real worker): exchanges fed by files, import types, natural keys that keep repeated and overlapping
files from adding anything twice, and the account errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.graphql import (
    CREATE_CUSTOM_WALLET,
    CSV_SLUG,
    checked_upload,
    generic_csv,
    gql,
    upload,
    wait_for_job,
)
from tests.ingest.exports import export_bytes, transactions

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

IMPORT = """
mutation Import($input: ImportAccountTransactionsInput!) {
  importAccountTransactions(input: $input) { success jobId error errorMessage }
}
"""
EXCHANGES = """
query Exchanges {
  exchanges { total items {
    id kind name slug integrationName syncMethod isSyncedIntegration allowedImportTypes
    computedTransactionCount
  } }
  customWallets { items { id kind allowedImportTypes isSyncedIntegration syncMethod integrationName } }
}
"""
XDQK = "kraken/portfolio_monitor__ledger_XDQK_ledgers.csv"
DATA = "kraken/portfolio_monitor__ledger_data_ledgers.csv"
REPORT = "kraken/kraken-ledger-report__ledgers.csv"
TRADES = "kraken/kraken-ledger-report__trades.csv"
FIRST = generic_csv("2024-01-02 10:00:00,1.5,BTC,30000,USD,,,", "2024-01-03 10:00:00,2,ETH,5000,USD,,,")
SECOND = generic_csv("2024-02-02 10:00:00,0.5,BTC,20000,USD,,,", "2024-02-03 10:00:00,,,,,,,")


async def created_account(
    http: httpx.AsyncClient, slug: str, filename: str, content: bytes
) -> dict[str, Any]:
    """A new account from a checked file (createCustomWallet); answers its finished job."""
    url = await checked_upload(http, filename, content, slug=slug)
    created = (
        await gql(
            http, CREATE_CUSTOM_WALLET, input={"walletName": "Mine", "csvUrl": url, "accountTypeSlug": slug}
        )
    )["createCustomWallet"]
    assert created["success"], created
    job = await wait_for_job(http, created["jobId"])
    assert job["success"], job
    return job


async def import_file(
    http: httpx.AsyncClient, account_id: str, filename: str, content: bytes, import_type: int
) -> dict[str, Any]:
    url = await checked_upload(http, filename, content)
    answer: dict[str, Any] = (
        await gql(http, IMPORT, input={"accountId": account_id, "csvUrl": url, "importType": import_type})
    )["importAccountTransactions"]
    return answer


async def imported(
    http: httpx.AsyncClient, account_id: str, filename: str, content: bytes, import_type: int
) -> dict[str, Any]:
    answer = await import_file(http, account_id, filename, content, import_type)
    assert answer["success"], answer
    assert answer["jobId"].startswith("account-import/")
    job = await wait_for_job(http, answer["jobId"])
    assert job["success"], job
    return job


def kraken_file(relative: str) -> tuple[str, bytes]:
    return Path(relative).name, export_bytes(relative)


def keys(relative: str) -> set[str]:
    return {tx.key for tx in transactions(relative)}


async def test_a_file_for_an_exchange_makes_an_exchange_account_fed_by_files(user: httpx.AsyncClient) -> None:
    job = await created_account(user, "kraken", *kraken_file(XDQK))

    assert (job["numberImported"], job["numberIgnored"]) == (12, 4)
    data = await gql(user, EXCHANGES)
    [exchange] = data["exchanges"]["items"]
    assert exchange["id"] == job["createdCustomWallet"]["id"]
    assert {key: exchange[key] for key in ("kind", "slug", "integrationName", "syncMethod")} == {
        "kind": 1,
        "slug": "kraken",
        "integrationName": "Kraken",
        "syncMethod": "Automatic sync and custom file",
    }
    assert exchange["isSyncedIntegration"] is True  # the UI warns that imports may duplicate its sync
    assert exchange["allowedImportTypes"] == [1, 2, 7]  # generic, Kraken trades, Kraken ledgers
    assert exchange["computedTransactionCount"] == 12
    assert data["customWallets"]["items"] == []


async def test_a_generic_file_into_a_custom_wallet_and_the_same_file_again_adds_nothing(
    user: httpx.AsyncClient,
) -> None:
    created = await created_account(user, CSV_SLUG, "first.csv", FIRST)
    wallet = created["createdCustomWallet"]
    [listed] = (await gql(user, EXCHANGES))["customWallets"]["items"]
    assert (listed["kind"], listed["allowedImportTypes"], listed["isSyncedIntegration"]) == (
        3,
        [1, 2, 3, 7],
        False,
    )

    first = await imported(user, wallet["id"], "second.csv", SECOND, 1)
    again = await imported(user, wallet["id"], "second.csv", SECOND, 1)

    assert (first["numberImported"], first["numberIgnored"], first["numberSkipped"]) == (1, 1, 0)
    assert (again["numberImported"], again["numberSkipped"], again["numberTotal"]) == (0, 1, 2)
    assert again["createdCustomWallet"]["id"] == wallet["id"]


async def test_overlapping_kraken_ledgers_add_each_transaction_once(user: httpx.AsyncClient) -> None:
    created = await created_account(user, "kraken", *kraken_file(XDQK))
    exchange_id = created["createdCustomWallet"]["id"]
    shared = keys(XDQK) & keys(DATA)
    assert shared  # the two exports overlap
    assert not keys(REPORT) & (keys(XDQK) | keys(DATA))  # another account's ledger: nothing in common

    overlapping = await imported(user, exchange_id, *kraken_file(DATA), 7)
    separate = await imported(user, exchange_id, *kraken_file(REPORT), 7)

    assert (overlapping["numberImported"], overlapping["numberSkipped"]) == (34 - len(shared), len(shared))
    assert (separate["numberImported"], separate["numberSkipped"]) == (83, 0)
    [exchange] = (await gql(user, EXCHANGES))["exchanges"]["items"]
    assert exchange["computedTransactionCount"] == len(keys(XDQK) | keys(DATA) | keys(REPORT))


async def test_the_import_type_must_be_allowed_and_match_the_file(user: httpx.AsyncClient) -> None:
    created = await created_account(user, "kraken", *kraken_file(XDQK))
    exchange_id = created["createdCustomWallet"]["id"]
    name, trades = kraken_file(TRADES)

    unknown = await import_file(user, exchange_id, name, trades, 5)
    not_for_kraken = await import_file(user, exchange_id, name, trades, 3)
    mismatched = await import_file(user, exchange_id, name, trades, 7)
    matching = await imported(user, exchange_id, name, trades, 2)

    for answer in (unknown, not_for_kraken):
        assert (answer["success"], answer["error"], answer["jobId"]) == (False, "invalid_import_type", None)
        assert answer["errorMessage"] == "This account does not take files of this import type."
    assert (mismatched["success"], mismatched["error"]) == (False, "invalid_import_type")
    assert mismatched["errorMessage"] == (
        "This file is a Kraken trades export, a trade import, not a transaction history import."
    )
    assert matching["numberImported"] + matching["numberSkipped"] == 23


async def test_another_users_or_an_unknown_account_is_not_found(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    created = await created_account(user, CSV_SLUG, "first.csv", FIRST)
    theirs = created["createdCustomWallet"]["id"]

    for account_id in (theirs, "999999999", "not-an-id"):
        answer = await import_file(other_user, account_id, "second.csv", SECOND, 1)
        assert (answer["success"], answer["error"]) == (False, "account_not_found")
        assert answer["errorMessage"] == "This account could not be found."


async def test_a_file_url_that_is_not_the_users_upload_is_refused(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    created = await created_account(user, CSV_SLUG, "first.csv", FIRST)
    others_file = await upload(other_user, "second.csv", SECOND)

    answer = (
        await gql(
            user,
            IMPORT,
            input={"accountId": created["createdCustomWallet"]["id"], "csvUrl": others_file, "importType": 1},
        )
    )["importAccountTransactions"]

    assert (answer["success"], answer["error"]) == (False, "invalid_file_url")


async def test_a_file_not_checked_yet_is_not_imported(user: httpx.AsyncClient) -> None:
    created = await created_account(user, CSV_SLUG, "first.csv", FIRST)

    answer = (
        await gql(
            user,
            IMPORT,
            input={
                "accountId": created["createdCustomWallet"]["id"],
                "csvUrl": await upload(user, "second.csv", SECOND),
                "importType": 1,
            },
        )
    )["importAccountTransactions"]

    assert answer == {
        "success": False,
        "jobId": None,
        "error": "generic_error",
        "errorMessage": "This file has not been checked yet. Please check it before importing it.",
    }
