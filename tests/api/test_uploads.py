"""Presigned uploads straight to S3, and validation of an uploaded file before it is imported: started by
csvValidation, which answers at once, and polled by its job id."""

from __future__ import annotations

import uuid

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from contracts.ids import csv_validation_id
from ingest.files.check import NOT_FOUND
from ingest.files.formats.generic import FORMATS as GENERIC_FORMATS
from ledger.infra.settings import Settings
from ledger.models import User
from tests.api.graphql import (
    CSV_SLUG,
    PRESIGN,
    VALIDATE,
    VALIDATION_STATUS,
    generic_csv,
    gql,
    upload,
    validated,
)
from tests.ingest.bombs import MiB, gzip_bomb

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]  # validation runs in the worker

ME = "query { me { publicId } }"
GOOD = generic_csv(
    "2024-01-02 10:00:00,0.5,BTC,20000,USD,,,",
    "2024-01-03 11:00:00,,,0.1,BTC,0.0001,BTC,",
    "2024-01-04 12:00:00,,,,,,,",
)


async def validate(http: httpx.AsyncClient, url: str, *, generic: bool = True, slug: str = CSV_SLUG) -> dict:
    """The final check, without its job fields."""
    check = await validated(http, url, generic=generic, slug=slug)
    assert check.pop("isStatusFinal") is True
    check.pop("jobId")
    return check


async def user_id_of(http: httpx.AsyncClient, session: Session) -> int:
    public_id = (await gql(http, ME))["me"]["publicId"]
    user_id = session.scalar(select(User.id).where(User.public_id == uuid.UUID(public_id)))
    assert user_id is not None
    return user_id


async def test_presign_answers_a_post_policy_on_the_public_endpoint(
    user: httpx.AsyncClient, servers: Settings
) -> None:
    public_id = (await gql(user, ME))["me"]["publicId"]

    presigned = (await gql(user, PRESIGN, filename="../My Ledger (2024).csv"))["presignFileUpload"]

    assert presigned["success"] and presigned["error"] is None
    result = presigned["result"]
    fields = {field["key"]: field["value"] for field in result["uploadInfoFields"]}
    assert result["postUrl"] == f"{servers.s3_public}/{servers.s3_bucket}"
    prefix, owner, upload_id, filename = fields["key"].split("/")
    assert (prefix, owner, filename) == ("uploads", public_id, "My_Ledger_2024.csv")
    assert len(upload_id) == 36
    assert result["fileUrl"] == f"s3://{servers.s3_bucket}/{fields['key']}"
    assert {"policy", "x-amz-signature", "x-amz-credential", "x-amz-date", "x-amz-algorithm"} <= set(fields)


async def test_presign_needs_a_file_name(user: httpx.AsyncClient) -> None:
    presigned = (await gql(user, PRESIGN, filename="  "))["presignFileUpload"]
    assert presigned == {"success": False, "error": "A file name is required.", "result": None}


async def test_the_policy_refuses_a_file_over_the_size_limit(
    user: httpx.AsyncClient, servers: Settings
) -> None:
    result = (await gql(user, PRESIGN, filename="big.csv"))["presignFileUpload"]["result"]
    fields = {field["key"]: field["value"] for field in result["uploadInfoFields"]}
    async with httpx.AsyncClient() as s3:
        response = await s3.post(
            result["postUrl"], data=fields, files={"file": ("big.csv", b"x" * (servers.max_upload_bytes + 1))}
        )
    assert response.status_code >= 400


async def test_an_uploaded_generic_csv_validates(user: httpx.AsyncClient) -> None:
    url = await upload(user, "trades.csv", GOOD)

    assert await validate(user, url) == {
        "csvValidationErrors": [],
        "format": GENERIC_FORMATS[0].name,
        "importType": 1,
        "numberTotal": 3,
        "numberIgnored": 1,
    }


async def test_validating_a_file_again_reads_the_first_check(
    user: httpx.AsyncClient, temporal_client: Client, db_session: Session
) -> None:
    url = await upload(user, "trades.csv", GOOD)
    first = await validate(user, url)
    handle = temporal_client.get_workflow_handle(csv_validation_id(await user_id_of(user, db_session), url))
    run = (await handle.describe()).run_id

    assert await validate(user, url) == first
    assert (await handle.describe()).run_id == run  # the file was parsed once


async def test_an_uncompressed_upload_validates_too(user: httpx.AsyncClient) -> None:
    url = await upload(user, "trades.csv", GOOD, compress=False)
    assert (await validate(user, url))["csvValidationErrors"] == []


async def test_a_decompression_bomb_is_refused_with_the_reason(
    user: httpx.AsyncClient, servers: Settings
) -> None:
    url = await upload(user, "bomb.csv", gzip_bomb(2 * servers.max_upload_bytes), compress=False)

    assert (await validate(user, url))["csvValidationErrors"] == [
        f"The file is too large once decompressed: more than {servers.max_upload_bytes // MiB} MiB, "
        "the largest file Cairn imports."
    ]


async def test_row_errors_are_listed_one_per_line(user: httpx.AsyncClient) -> None:
    url = await upload(user, "bad.csv", generic_csv("2024-01-02,abc,BTC,,,,,", "not a date,1,ETH,,,,,"))

    errors = (await validate(user, url))["csvValidationErrors"]

    assert errors == [
        "Row 1, column Received Quantity: 'abc' is not a number",
        errors[1],
    ]
    assert errors[1].startswith("Row 2, column Date: 'not a date' is not a date and time we can read")


async def test_an_unrecognised_file_answers_the_guidance(user: httpx.AsyncClient) -> None:
    url = await upload(user, "export.csv", b"when,what,how much\n2024-01-01,coffee,3\n")

    validation = await validate(user, url)

    assert validation["format"] is None
    [message] = validation["csvValidationErrors"]
    assert message.startswith(NOT_FOUND) and "Date,Received Quantity,Received Currency" in message


async def test_a_file_of_another_type_is_refused_by_extension(user: httpx.AsyncClient) -> None:
    url = await upload(user, "notes.txt", GOOD)
    assert (await validate(user, url))["csvValidationErrors"] == [
        "Only .csv, .xls, .xlsx files are allowed for this CSV import."
    ]


async def test_an_unknown_integration_slug_is_an_error(user: httpx.AsyncClient) -> None:
    url = await upload(user, "trades.csv", GOOD)
    assert (await validate(user, url, generic=False, slug="no-such-exchange"))["csvValidationErrors"] == [
        "This integration could not be found."
    ]


@pytest.mark.parametrize(
    "url",
    [
        "s3://cairn-uploads/uploads/00000000-0000-0000-0000-000000000000/x/trades.csv",
        "s3://another-bucket/uploads/x/y/trades.csv",
        "https://example.com/trades.csv",
    ],
)
async def test_a_url_that_is_not_one_of_the_users_uploads_is_refused(
    user: httpx.AsyncClient, url: str
) -> None:
    assert (await validate(user, url))["csvValidationErrors"] == [
        "This file could not be found among your uploads. Please upload it again."
    ]


async def test_a_presigned_but_never_uploaded_file_is_refused(user: httpx.AsyncClient) -> None:
    file_url = (await gql(user, PRESIGN, filename="never.csv"))["presignFileUpload"]["result"]["fileUrl"]
    assert (await validate(user, file_url))["csvValidationErrors"] == [
        "This file could not be found among your uploads. Please upload it again."
    ]


async def test_another_users_upload_is_refused(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    url = await upload(other_user, "theirs.csv", GOOD)
    assert (await validate(user, url))["csvValidationErrors"] == [
        "This file could not be found among your uploads. Please upload it again."
    ]


async def test_validation_answers_at_once_with_the_job_the_client_polls(
    user: httpx.AsyncClient, db_session: Session
) -> None:
    url = await upload(user, "trades.csv", GOOD)

    started = (await gql(user, VALIDATE, url=url, generic=True, slug=CSV_SLUG))["csvValidation"]
    final = await validated(user, url)

    assert started["jobId"] == final["jobId"] == csv_validation_id(await user_id_of(user, db_session), url)
    assert final["isStatusFinal"] and final["csvValidationErrors"] == []
    again = (await gql(user, VALIDATE, url=url, generic=True, slug=CSV_SLUG))["csvValidation"]
    assert again == final  # a finished check is read back at once


async def test_a_check_refused_at_once_has_no_job(user: httpx.AsyncClient) -> None:
    url = await upload(user, "notes.txt", GOOD)
    refused = (await gql(user, VALIDATE, url=url, generic=True, slug=CSV_SLUG))["csvValidation"]
    assert (refused["jobId"], refused["isStatusFinal"]) == (None, True)
    assert refused["csvValidationErrors"] == ["Only .csv, .xls, .xlsx files are allowed for this CSV import."]


async def test_an_unknown_or_another_users_check_is_not_found(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    theirs = (await validated(other_user, await upload(other_user, "theirs.csv", GOOD)))["jobId"]

    for job_id in (theirs, "csv-validate/no-such-check"):
        status = (await gql(user, VALIDATION_STATUS, jobId=job_id))["csvValidationJobStatus"]
        assert status == {
            "jobId": job_id,
            "isStatusFinal": True,
            "csvValidationErrors": ["This check could not be found."],
            "format": None,
            "importType": None,
            "numberTotal": 0,
            "numberIgnored": 0,
        }
