"""Column mappings of uploads no format recognises: the check reports the columns to map, validateCsvMapping
previews the file read with a mapping, saveCsvMapping remembers it for the header, and the next file with
that header is read with it. Only ever the user's own mappings, files and checks."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from api.schema.column_mappings import NO_MAPPING_NEEDED, PREVIEW_FIRST
from tests.api.graphql import CREATE_CUSTOM_WALLET, gql, upload, validated, wait_for_job
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
