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
    jobId status isStatusFinal success errorMessage progress
    numberImported numberTotal numberIgnored numberSkipped numberUserDefinedTokens
    createdCustomWallet { id name }
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


def generic_csv(*rows: str) -> bytes:
    header = (
        "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag"
    )
    return "\n".join((header, *rows, "")).encode()
