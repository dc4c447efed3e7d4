"""The check of an upload says why rows will be ignored and how many transactions will import flagged for
review; a file whose rows are all ignored passes it (an import of nothing), and another user's check
stays not found."""

from __future__ import annotations

import httpx
import pytest

from tests.api.graphql import gql, upload, validated
from tests.ingest.exports import export_bytes

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]  # validation runs in the worker

DETAILS = """
query Details($jobId: String!) {
  csvValidationJobStatus(jobId: $jobId) {
    csvValidationErrors numberTotal numberIgnored numberForReview ignoredReasons
  }
}
"""
COINBASE = (
    b"Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,"
    b"Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n"
    b"2024-01-02T03:04:05Z,Reward Income,ETH,0.01,EUR,2000,20,20,0,\n"
    b"2024-01-03T03:04:05Z,Zorblax Payout,ETH,0.02,EUR,2000,40,40,0,\n"
    b"2024-01-04T03:04:05Z,Send,ETH,0,EUR,2000,0,0,0,\n"
    b"2024-01-05T03:04:05Z,Send,ETH,0,EUR,2000,0,0,0,\n"
)


async def _details(http: httpx.AsyncClient, filename: str, content: bytes) -> tuple[str, dict[str, object]]:
    check = await validated(http, await upload(http, filename, content))
    job_id = check["jobId"]
    return job_id, (await gql(http, DETAILS, jobId=job_id))["csvValidationJobStatus"]


async def test_the_check_counts_rows_for_review_and_says_why_rows_are_ignored(
    user: httpx.AsyncClient,
) -> None:
    _, details = await _details(user, "coinbase.csv", COINBASE)
    assert details == {
        "csvValidationErrors": [],
        "numberTotal": 4,
        "numberIgnored": 2,
        "numberForReview": 1,
        "ignoredReasons": ["Rows 3, 4: the quantity is zero"],
    }


async def test_a_file_of_ignored_rows_only_passes_the_check(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    relative = "bitvavo/GhostfolioSidekick__Invalid_single_buy_pending.csv"
    job_id, details = await _details(user, "bitvavo.csv", export_bytes(relative))
    assert details == {
        "csvValidationErrors": [],
        "numberTotal": 1,
        "numberIgnored": 1,
        "numberForReview": 0,
        "ignoredReasons": ["Row 1: the buy is Pending, not completed"],
    }
    theirs = (await gql(other_user, DETAILS, jobId=job_id))["csvValidationJobStatus"]
    assert theirs["csvValidationErrors"] == ["This check could not be found."]
    assert (theirs["numberForReview"], theirs["ignoredReasons"]) == (0, [])
