"""Transfer matching after each import, on a real worker: a send from one wallet and the receive of it in
another become one transfer link with its confidence; a leg without a partner is flagged for review;
links made and undone by hand stay as the user left them."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api.graphql import CSV_SLUG, generic_csv, gql
from tests.api.test_account_imports import created_account

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

TRANSACTIONS = """
query Transactions($needsReview: Boolean, $accountId: ID) {
  transactions(needsReview: $needsReview, accountId: $accountId) {
    total page limit
    items {
      id publicId timestamp type accountId accountName needsReview reviewReason
      linkedTransactionId linkConfidence flows { direction asset quantity value isFee }
    }
  }
}
"""
LINK = """
mutation Link($send: ID!, $receive: ID!) {
  linkTransfer(sendTransactionId: $send, receiveTransactionId: $receive) { success error errorMessage }
}
"""
UNLINK = """
mutation Unlink($send: ID!, $receive: ID!) {
  unlinkTransfer(sendTransactionId: $send, receiveTransactionId: $receive) { success error errorMessage }
}
"""
SENT = generic_csv("2024-03-01 10:00:00,,,1,BTC,,,")  # 1 BTC leaves the first wallet
RECEIVED = generic_csv("2024-03-01 11:10:00,0.9995,BTC,,,,,")  # and arrives 70 minutes later, less the fee
LONE = generic_csv("2024-05-01 09:00:00,,,5,ETH,,,")


async def listed(http: httpx.AsyncClient, **filters: Any) -> dict[str, Any]:
    page: dict[str, Any] = (await gql(http, TRANSACTIONS, **filters))["transactions"]
    return page


async def two_wallets(http: httpx.AsyncClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """The send and the receive as listed, each imported into a wallet of its own."""
    await created_account(http, CSV_SLUG, "sent.csv", SENT)
    await created_account(http, CSV_SLUG, "received.csv", RECEIVED)
    items = {item["type"]: item for item in (await listed(http))["items"]}
    return items["SEND"], items["RECEIVE"]


async def test_a_send_and_its_receive_in_two_wallets_become_one_transfer(user: httpx.AsyncClient) -> None:
    send, receive = await two_wallets(user)

    assert send["accountId"] != receive["accountId"]
    assert (send["linkedTransactionId"], receive["linkedTransactionId"]) == (receive["id"], send["id"])
    # 1 − 0.5 × (70 − 10 min) / 24 h − 0.3 × 0.0005 BTC / 0.01 BTC allowance = 0.964
    assert send["linkConfidence"] == receive["linkConfidence"] == "0.96"
    assert not send["needsReview"] and not receive["needsReview"]
    assert send["flows"] == [
        {"direction": "OUTFLOW", "asset": "BTC", "quantity": "1", "value": None, "isFee": False}
    ]
    page = await listed(user)
    assert (page["total"], page["page"], page["limit"]) == (2, 1, 50)


async def test_a_leg_without_a_partner_is_flagged_for_review(user: httpx.AsyncClient) -> None:
    await created_account(user, CSV_SLUG, "lone.csv", LONE)

    [lone] = (await listed(user, needsReview=True))["items"]

    assert (lone["type"], lone["needsReview"], lone["linkedTransactionId"]) == ("SEND", True, None)
    assert lone["reviewReason"] == (
        "no receive of ETH into another account from 10 min before to 24 h after the send"
    )
    assert (await listed(user, needsReview=False))["items"] == []


async def test_an_unlinked_pair_stays_apart_on_the_next_import_until_linked_again(
    user: httpx.AsyncClient,
) -> None:
    send, receive = await two_wallets(user)

    unlinked = (await gql(user, UNLINK, send=send["id"], receive=receive["id"]))["unlinkTransfer"]
    await created_account(user, CSV_SLUG, "lone.csv", LONE)  # matching runs again

    assert unlinked == {"success": True, "error": None, "errorMessage": None}
    review = {item["id"]: item for item in (await listed(user, needsReview=True))["items"]}
    assert {send["id"], receive["id"]} <= review.keys()
    assert review[send["id"]]["linkedTransactionId"] is None
    assert "unlinked from it by hand" in review[send["id"]]["reviewReason"]
    again = (await gql(user, UNLINK, send=send["id"], receive=receive["id"]))["unlinkTransfer"]
    assert (again["success"], again["error"]) == (False, "link_not_found")

    linked = (await gql(user, LINK, send=send["id"], receive=receive["id"]))["linkTransfer"]

    assert linked["success"] is True
    items = {item["id"]: item for item in (await listed(user))["items"]}
    assert items[send["id"]]["linkedTransactionId"] == receive["id"]
    assert items[send["id"]]["linkConfidence"] == "1"
    assert not items[send["id"]]["needsReview"] and not items[receive["id"]]["needsReview"]


async def test_links_are_the_users_own_and_join_a_send_to_a_receive(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    send, receive = await two_wallets(user)

    theirs = (await gql(other_user, UNLINK, send=send["id"], receive=receive["id"]))["unlinkTransfer"]
    not_found = (await gql(other_user, LINK, send=send["id"], receive=receive["id"]))["linkTransfer"]
    backwards = (await gql(user, LINK, send=receive["id"], receive=send["id"]))["linkTransfer"]

    assert (theirs["success"], theirs["error"]) == (False, "link_not_found")
    assert (not_found["success"], not_found["error"]) == (False, "transaction_not_found")
    assert (backwards["success"], backwards["error"]) == (False, "not_a_transfer")
    assert (await listed(user))["items"][0]["linkedTransactionId"] is not None
