"""Helpers the API tests share: GraphQL calls and uploads through presigned POSTs, as the SPA does."""

from __future__ import annotations

import asyncio
import gzip
from typing import Any

import httpx

PRESIGN = """
mutation Presign($filename: String!) {
  presignFileUpload(filename: $filename) {
    success error
    result { postUrl fileUrl uploadInfoFields { key value } }
  }
}
"""
CREATE_CUSTOM_WALLET = """
mutation Create($input: CustomWalletInput!) {
  createCustomWallet(customWalletInput: $input) { success jobId error errorMessage }
}
"""
JOB_STATUS = """
query Job($jobId: String!) {
  csvImportJobStatus(jobId: $jobId) {
    jobId status isStatusFinal success errorMessage progress resuming
    numberImported numberTotal numberIgnored numberSkipped numberUserDefinedTokens
    createdCustomWallet { id name }
  }
}
"""
VALIDATE = """
query Validate($url: String!, $generic: Boolean!, $slug: String!) {
  csvValidation(csvFileUrl: $url, isGeneric: $generic, accountTypeSlug: $slug) {
    jobId isStatusFinal csvValidationErrors format importType numberTotal numberIgnored
  }
}
"""
VALIDATION_STATUS = """
query ValidationStatus($jobId: String!) {
  csvValidationJobStatus(jobId: $jobId) {
    jobId isStatusFinal csvValidationErrors format importType numberTotal numberIgnored
  }
}
"""
CSV_SLUG = "csv file import"


async def gql(http: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    """The `data` of a GraphQL call that must succeed without errors."""
    response = await http.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body["errors"]
    data: dict[str, Any] = body["data"]
    return data


async def upload(http: httpx.AsyncClient, filename: str, content: bytes, *, compress: bool = True) -> str:
    """Presigns, posts the (gzip-compressed, as the SPA sends it) file to S3; answers its file URL."""
    presigned = (await gql(http, PRESIGN, filename=filename))["presignFileUpload"]
    assert presigned["success"], presigned
    result = presigned["result"]
    fields = {field["key"]: field["value"] for field in result["uploadInfoFields"]}
    body = gzip.compress(content) if compress else content
    async with httpx.AsyncClient() as s3:
        response = await s3.post(result["postUrl"], data=fields, files={"file": (filename, body)})
    assert response.status_code in (200, 204), response.text
    file_url: str = result["fileUrl"]
    return file_url


async def wait_for_job(http: httpx.AsyncClient, job_id: str, timeout: float = 60) -> dict[str, Any]:
    """Polls csvImportJobStatus (as the SPA does, but faster) until the job's status is final."""
    async with asyncio.timeout(timeout):
        while True:
            job: dict[str, Any] = (await gql(http, JOB_STATUS, jobId=job_id))["csvImportJobStatus"]
            if job["isStatusFinal"]:
                return job
            await asyncio.sleep(0.2)


async def validated(
    http: httpx.AsyncClient, url: str, *, generic: bool = True, slug: str = CSV_SLUG, timeout: float = 60
) -> dict[str, Any]:
    """Starts the check of an upload (csvValidation) and polls csvValidationJobStatus, as the SPA does,
    until it is final; answers the final check."""
    check: dict[str, Any] = (await gql(http, VALIDATE, url=url, generic=generic, slug=slug))["csvValidation"]
    async with asyncio.timeout(timeout):
        while not check["isStatusFinal"]:
            await asyncio.sleep(0.1)
            check = (await gql(http, VALIDATION_STATUS, jobId=check["jobId"]))["csvValidationJobStatus"]
    return check


async def checked_upload(
    http: httpx.AsyncClient, filename: str, content: bytes, *, slug: str = CSV_SLUG
) -> str:
    """Uploads the file and has it checked, as the SPA does before any import; answers its file URL."""
    url = await upload(http, filename, content)
    await validated(http, url, generic=slug == CSV_SLUG, slug=slug)
    return url


def generic_csv(*rows: str) -> bytes:
    header = (
        "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag"
    )
    return "\n".join((header, *rows, "")).encode()
