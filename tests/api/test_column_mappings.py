"""Column mappings of uploads no format recognises: the check reports the columns to map, validateCsvMapping
previews the file read with a mapping, saveCsvMapping remembers it for the header, and the next file with
that header is read with it. Only ever the user's own mappings, files and checks."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from api.schema.column_mappings import NO_MAPPING_NEEDED, PREVIEW_FIRST
from tests.api.graphql import (
    CREATE_CUSTOM_WALLET,
    CSV_SLUG,
    checked_upload,
    generic_csv,
    gql,
    upload,
    validated,
    wait_for_job,
)
from vocabulary.column_mapping import SIGNED_OR_SIDES
from vocabulary.errors import AccountError, account_error_message

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]  # checks and imports run in the worker

UNKNOWN = (
    b"Time,Kind,In Amount,In Asset,Out Amount,Out Asset,Ref\n"
    b"31/01/2024 13:45,Deposit,1.5,BTC,,,A1\n"
    b"01/02/2024 09:00,Withdrawal,,,0.5,BTC,A2\n"
)
AGAIN = UNKNOWN.replace(b"A1", b"B1").replace(b"A2", b"B2")
MAPPING = {
    "date": 0,
    "dateFormat": "DAY_FIRST",
    "receivedQuantity": 2,
    "receivedCurrency": 3,
    "sentQuantity": 4,
    "sentCurrency": 5,
    "type": 1,
    "id": 6,
}
CHECK = """
query Check($jobId: String!) {
  csvValidationJobStatus(jobId: $jobId) {
    jobId isStatusFinal csvValidationErrors format numberTotal mappableColumns sampleRows previewRows
  }
}
"""
VALIDATE_MAPPING = """
mutation Map($url: String!, $mapping: ColumnMappingInput!) {
  validateCsvMapping(csvFileUrl: $url, mapping: $mapping) {
    jobId isStatusFinal csvValidationErrors format numberTotal previewRows
  }
}
"""
SAVE_MAPPING = """
mutation Save($url: String!, $mapping: ColumnMappingInput!) {
  saveCsvMapping(csvFileUrl: $url, mapping: $mapping) { success error }
}
"""


async def _final(http: httpx.AsyncClient, check: dict[str, Any]) -> dict[str, Any]:
    async with asyncio.timeout(60):
        while not check["isStatusFinal"]:
            await asyncio.sleep(0.1)
            check = (await gql(http, CHECK, jobId=check["jobId"]))["csvValidationJobStatus"]
    return check


async def _checked(http: httpx.AsyncClient, content: bytes) -> tuple[str, dict[str, Any]]:
    url = await upload(http, "unknown.csv", content)
    check = await validated(http, url)
    return url, (await gql(http, CHECK, jobId=check["jobId"]))["csvValidationJobStatus"]


async def _mapped(http: httpx.AsyncClient, url: str, mapping: dict[str, Any]) -> dict[str, Any]:
    return await _final(
        http, (await gql(http, VALIDATE_MAPPING, url=url, mapping=mapping))["validateCsvMapping"]
    )


async def test_an_unknown_file_is_mapped_previewed_imported_and_its_header_remembered(
    user: httpx.AsyncClient,
) -> None:
    url, check = await _checked(user, UNKNOWN)
    assert check["csvValidationErrors"][0].startswith("We haven't found the integration")
    assert check["mappableColumns"] == [
        "Time",
        "Kind",
        "In Amount",
        "In Asset",
        "Out Amount",
        "Out Asset",
        "Ref",
    ]
    assert check["sampleRows"][0] == ["31/01/2024 13:45", "Deposit", "1.5", "BTC", "", "", "A1"]

    previewed = await _mapped(user, url, MAPPING)
    assert (previewed["csvValidationErrors"], previewed["format"], previewed["numberTotal"]) == (
        [],
        "Your column mapping",
        2,
    )
    assert previewed["previewRows"] == [
        ["1", "2024-01-31 13:45:00", "RECEIVE", "1.5 BTC", "", "", "A1", "", ""],
        ["2", "2024-02-01 09:00:00", "SEND", "", "0.5 BTC", "", "A2", "", ""],
    ]
    saved = (await gql(user, SAVE_MAPPING, url=url, mapping=MAPPING))["saveCsvMapping"]
    assert saved == {"success": True, "error": None}
    created = (
        await gql(
            user,
            CREATE_CUSTOM_WALLET,
            input={"walletName": "Mapped", "csvUrl": url, "accountTypeSlug": "csv file import"},
        )
    )["createCustomWallet"]
    assert created["success"], created
    job = await wait_for_job(user, created["jobId"])
    assert (job["success"], job["numberImported"]) == (True, 2), job

    # the next file with that header is read with the saved mapping at once
    _, again = await _checked(user, AGAIN)
    assert (again["csvValidationErrors"], again["format"], again["numberTotal"]) == (
        [],
        "Your column mapping",
        2,
    )
    assert again["mappableColumns"] == []


async def test_bad_mappings_answer_what_is_wrong_and_start_nothing(user: httpx.AsyncClient) -> None:
    url, _ = await _checked(user, UNKNOWN)
    twice = MAPPING | {"sentQuantity": 2}
    answer = (await gql(user, VALIDATE_MAPPING, url=url, mapping=twice))["validateCsvMapping"]
    assert answer["jobId"] is None
    assert answer["csvValidationErrors"] == [
        "The column 'In Amount' is chosen for both Received quantity and Sent quantity."
    ]
    outside = MAPPING | {"date": 40}
    answer = (await gql(user, VALIDATE_MAPPING, url=url, mapping=outside))["validateCsvMapping"]
    assert answer["csvValidationErrors"] == ["Date: the file has no column 41."]
    # unparsable dates: the check runs and reports each row's date, in the file's column name
    unix = await _mapped(user, url, MAPPING | {"dateFormat": "UNIX_SECONDS"})
    assert (
        unix["csvValidationErrors"][0]
        == "Row 1, column Time: '31/01/2024 13:45' is not a Unix time in seconds"
    )
    assert unix["previewRows"][0][-1].startswith("Row 1, column Time:")
    # a mapping whose check failed, or was never run, is not saved
    failed = await gql(user, SAVE_MAPPING, url=url, mapping=MAPPING | {"dateFormat": "UNIX_SECONDS"})
    assert failed["saveCsvMapping"]["success"] is False
    never = (await gql(user, SAVE_MAPPING, url=url, mapping=MAPPING | {"notes": 1}))["saveCsvMapping"]
    assert never == {"success": False, "error": PREVIEW_FIRST}
    # a file a format recognises needs no mapping
    generic = (
        b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
    )
    known_url = await upload(user, "known.csv", generic + b"2024-01-01 00:00:00,1,BTC,,,,,\n")
    await validated(user, known_url)
    answer = (await gql(user, VALIDATE_MAPPING, url=known_url, mapping=MAPPING))["validateCsvMapping"]
    assert answer["csvValidationErrors"] == [NO_MAPPING_NEEDED]


async def test_another_users_mapping_file_and_check_stay_theirs(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    their_url, _ = await _checked(other_user, UNKNOWN)
    theirs = await _mapped(other_user, their_url, MAPPING)
    assert (await gql(other_user, SAVE_MAPPING, url=their_url, mapping=MAPPING))["saveCsvMapping"]["success"]

    # their saved mapping is never applied to my file with the same header
    _, mine = await _checked(user, UNKNOWN)
    assert mine["csvValidationErrors"][0].startswith("We haven't found the integration")
    assert mine["format"] is None
    # their file and their check answer me "not found"
    answer = (await gql(user, VALIDATE_MAPPING, url=their_url, mapping=MAPPING))["validateCsvMapping"]
    not_found = account_error_message(AccountError.INVALID_FILE_URL)
    assert (answer["jobId"], answer["csvValidationErrors"]) == (None, [not_found])
    saved = (await gql(user, SAVE_MAPPING, url=their_url, mapping=MAPPING))["saveCsvMapping"]
    assert saved == {"success": False, "error": not_found}
    status = (await gql(user, CHECK, jobId=theirs["jobId"]))["csvValidationJobStatus"]
    assert status["csvValidationErrors"] == ["This check could not be found."]
    assert status["previewRows"] == []


SIGNED = (
    b"Zeit;Betrag;Coin;Gebuehr;Vorgang;Ref\n"
    b"2024-02-01 10:00;1,5;BTC;;Einzahlung;S1\n"
    b"2024-02-02 11:00;-0,25;BTC;0,001;Auszahlung;S2\n"
    b"2024-02-03 12:00;0;BTC;;Auftrag;S3\n"
)
SIGNED_MAPPING = {
    "date": 0,
    "signedQuantity": 1,
    "signedCurrency": 2,
    "feeQuantity": 3,
    "feeCurrency": 2,
    "type": 4,
    "id": 5,
    "decimalSeparator": "COMMA",
}
IMPORT_INTO_ACCOUNT = """
mutation Import($input: ImportAccountTransactionsInput!) {
  importAccountTransactions(input: $input) { success jobId error errorMessage }
}
"""


async def test_a_signed_amount_file_with_decimal_commas_is_mapped_and_imported_into_an_existing_account(
    user: httpx.AsyncClient,
) -> None:
    first = await checked_upload(user, "first.csv", generic_csv("2024-01-01 00:00:00,1,BTC,,,,,"))
    created = (
        await gql(
            user,
            CREATE_CUSTOM_WALLET,
            input={"walletName": "Ledger", "csvUrl": first, "accountTypeSlug": CSV_SLUG},
        )
    )["createCustomWallet"]
    account_id = (await wait_for_job(user, created["jobId"]))["createdCustomWallet"]["id"]

    url, check = await _checked(user, SIGNED)
    assert check["mappableColumns"] == ["Zeit", "Betrag", "Coin", "Gebuehr", "Vorgang", "Ref"]
    both = SIGNED_MAPPING | {
        "feeQuantity": None,
        "feeCurrency": None,
        "receivedQuantity": 3,
        "receivedCurrency": 2,
    }
    answer = (await gql(user, VALIDATE_MAPPING, url=url, mapping=both))["validateCsvMapping"]
    assert answer["csvValidationErrors"] == [SIGNED_OR_SIDES]
    previewed = await _mapped(user, url, SIGNED_MAPPING)
    assert (previewed["csvValidationErrors"], previewed["numberTotal"]) == ([], 3)
    assert previewed["previewRows"] == [
        ["1", "2024-02-01 10:00:00", "RECEIVE", "1.5 BTC", "", "", "S1", "", ""],
        ["2", "2024-02-02 11:00:00", "SEND", "", "0.25 BTC", "0.001 BTC", "S2", "", ""],
        ["3", "", "", "", "", "", "", "", "Ignored: no quantity is received, sent or paid as a fee"],
    ]
    # read with a decimal point, "0,001" groups no thousands: the file is refused, nothing is saved
    point = await _mapped(user, url, SIGNED_MAPPING | {"decimalSeparator": "POINT"})
    assert "Row 2, column Gebuehr: '0,001' is not a number" in point["csvValidationErrors"]
    failed = await gql(user, SAVE_MAPPING, url=url, mapping=SIGNED_MAPPING | {"decimalSeparator": "POINT"})
    assert failed["saveCsvMapping"]["success"] is False

    saved = (await gql(user, SAVE_MAPPING, url=url, mapping=SIGNED_MAPPING))["saveCsvMapping"]
    assert saved == {"success": True, "error": None}
    started = (
        await gql(user, IMPORT_INTO_ACCOUNT, input={"accountId": account_id, "csvUrl": url, "importType": 1})
    )["importAccountTransactions"]
    assert started["success"], started
    job = await wait_for_job(user, started["jobId"])
    assert (job["success"], job["numberImported"], job["numberIgnored"]) == (True, 2, 1), job

    # the next file with that header goes into the account at once, read with the saved mapping
    again = await checked_upload(user, "again.csv", SIGNED.replace(b"S1", b"T1").replace(b"S2", b"T2"))
    started = (
        await gql(
            user, IMPORT_INTO_ACCOUNT, input={"accountId": account_id, "csvUrl": again, "importType": 1}
        )
    )["importAccountTransactions"]
    job = await wait_for_job(user, started["jobId"])
    assert (job["success"], job["numberImported"]) == (True, 2), job
