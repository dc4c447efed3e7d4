"""The tax year page's reads and writes on the real servers: taxSummary's breakdowns (disposals per type,
income per category, transactions), requestTaxRecalculation and lotProof, each limited to its user."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import httpx
import pytest
from sqlalchemy.orm import Session

from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, hand_worked_ledger, signed_up_user
from tests.api.test_portfolio import close_on
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, link_transfer, out
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

SUMMARY = """
query TaxYear($year: Int!) {
  taxSummary(taxYear: $year) {
    capitalGain transactionCount
    disposalsByType { type transactions proceeds costBasis gain }
    incomeByCategory { type events value }
  }
}
"""
RECALCULATE = "mutation requestTaxRecalculation { requestTaxRecalculation { success error errorMessage } }"
DISPOSED = "query { disposedLots(limit: 50) { items { id flowId asset quantity gain lotId } } }"
PROOF = """
query LotProof($flowId: String!, $disposedLotId: ID!) {
  lotProof(flowId: $flowId, disposedLotId: $disposedLotId) {
    method scope
    disposalAccountName
    disposed { quantity gain lotId originLotId transferChain }
    steps { lotId flowId accountId accountName at acquiredAt quantity costBasis transactionId }
  }
}
"""


async def test_the_year_is_broken_down_by_disposal_type_and_income_category(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)

    answer = (await gql(client, RECALCULATE))["requestTaxRecalculation"]

    assert answer == {"success": True, "error": None, "errorMessage": None}
    await calculated(client)
    year = (await gql(client, SUMMARY, year=2021))["taxSummary"]
    assert year["capitalGain"] == "7991"
    assert year["transactionCount"] == 4
    # the sale's BTC and its USD fee both dispose (the fee's USD is money: no lot)
    assert year["disposalsByType"] == [
        {"type": "SELL", "transactions": 1, "proceeds": "11995", "costBasis": "4004", "gain": "7991"}
    ]
    assert year["incomeByCategory"] == [{"type": "STAKING_REWARD", "events": 2, "value": "1000"}]

    # in euros, each amount at the EUR close of its own day
    user.base_currency = "EUR"
    db_session.commit()
    in_euros = (await gql(client, SUMMARY, year=2021))["taxSummary"]
    eur_at_sale = close_on(db_session, "EUR", "USD", date(2021, 6, 1))
    assert abs(Decimal(in_euros["capitalGain"]) - 7991 / eur_at_sale) < Decimal("1e-6")
    assert abs(Decimal(in_euros["disposalsByType"][0]["proceeds"]) - 11995 / eur_at_sale) < Decimal("1e-6")

    theirs = (await gql(other_user, SUMMARY, year=2021))["taxSummary"]
    assert theirs == {
        "capitalGain": "0",
        "transactionCount": 0,
        "disposalsByType": [],
        "incomeByCategory": [],
    }


BY_FLOW = """
query Disposed($flowId: String) {
  disposedLots(flowId: $flowId, limit: 50) { total items { id flowId quantity } }
}
"""


async def test_a_flows_disposed_slices_are_found_by_its_id(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    assert (await gql(client, RECALCULATE))["requestTaxRecalculation"]["success"]
    await calculated(client)
    every = (await gql(client, DISPOSED))["disposedLots"]["items"]
    flow_ids = {slice_["flowId"] for slice_ in every}
    assert len(flow_ids) > 1

    for flow_id in flow_ids:
        page = (await gql(client, BY_FLOW, flowId=flow_id))["disposedLots"]
        expected = sorted(slice_["id"] for slice_ in every if slice_["flowId"] == flow_id)
        assert sorted(slice_["id"] for slice_ in page["items"]) == expected
        assert page["total"] == len(expected)
        assert (await gql(other_user, BY_FLOW, flowId=flow_id))["disposedLots"] == {"total": 0, "items": []}

    some = next(iter(flow_ids))
    for bad in ("", ":", "abc", "x:0", f"{some}0", "99999999999999999999:0", "-1:0", "0:0"):
        assert (await gql(client, BY_FLOW, flowId=bad))["disposedLots"] == {"total": 0, "items": []}


async def test_a_lot_proof_follows_the_lot_through_its_transfer(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    user.cost_basis_by_wallet = True
    exchange, cold = add_wallet(db_session, user, "Exchange"), add_wallet(db_session, user, "Cold")
    bought = add_transaction(
        db_session,
        exchange,
        "2022-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "500", "500"),
        into("crypto_ETH", "1"),
    )
    sent = add_transaction(db_session, exchange, "2022-02-01 10:00", Type.SEND, out("crypto_ETH", "1"))
    received = add_transaction(db_session, cold, "2022-02-01 10:05", Type.RECEIVE, into("crypto_ETH", "1"))
    link_transfer(db_session, sent, received)
    add_transaction(
        db_session,
        cold,
        "2023-03-01 10:00",
        Type.SELL,
        out("crypto_ETH", "1"),
        into("fiat_USD", "2000", "2000"),
    )
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    (disposed,) = (await gql(client, DISPOSED))["disposedLots"]["items"]

    proof = (await gql(client, PROOF, flowId=disposed["flowId"], disposedLotId=disposed["id"]))["lotProof"]

    assert (proof["method"], proof["scope"]) == ("FIFO", "WALLET")
    assert proof["disposed"]["gain"] == "1500"
    origin, moved = proof["steps"]
    assert origin["lotId"] == proof["disposed"]["originLotId"] == f"{bought.id}:1"
    assert moved["lotId"] == proof["disposed"]["lotId"] == f"{bought.id}:1>{received.id}:0"
    assert (origin["flowId"], moved["flowId"]) == (f"{bought.id}:1", f"{received.id}:0")
    assert (origin["accountId"], moved["accountId"]) == (str(exchange.id), str(cold.id))
    assert (origin["accountName"], moved["accountName"], proof["disposalAccountName"]) == (
        "Exchange",
        "Cold",
        "Cold",
    )
    assert (origin["at"], moved["at"]) == ("2022-01-01T10:00:00+00:00", "2022-02-01T10:05:00+00:00")
    assert origin["acquiredAt"] == moved["acquiredAt"] == "2022-01-01T10:00:00+00:00"
    assert origin["transactionId"] == str(bought.public_id)
    assert moved["transactionId"] == str(received.public_id)
    assert (origin["costBasis"], moved["costBasis"]) == ("500", "500")

    # another user's slice, and a slice under the wrong flow id, are not found
    assert (await gql(other_user, PROOF, flowId=disposed["flowId"], disposedLotId=disposed["id"]))[
        "lotProof"
    ] is None
    assert (await gql(client, PROOF, flowId="0:0", disposedLotId=disposed["id"]))["lotProof"] is None
    assert (await gql(client, PROOF, flowId=disposed["flowId"], disposedLotId="not-a-number"))[
        "lotProof"
    ] is None
