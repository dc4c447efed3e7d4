"""The transactions page through GraphQL: the spec's filters (and the tax year page's `callout:` and
`tax_year:`) combined in `query`, newest first with keyset paging on (timestamp, id), the count, and one
transaction in detail with its lots and lineage; another user's transaction is not found."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy.orm import Session

from ledger.models import Account, TransactionReview
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

PAGE = """
query transactions($q: String!, $limit: Int!, $page: Int!, $after: String) {
  transactions(query: $q, limit: $limit, page: $page, after: $after) {
    total page limit nextCursor
    items { publicId type accountName needsReview fiatValue gain flows { direction asset quantity isFee } }
  }
}
"""
COUNT = "query Count($q: String!) { transactionCount(query: $q) }"
DETAIL = """
query Transaction($publicId: ID!) {
  transaction(publicId: $publicId) {
    transaction { publicId type isManual fiatValue gain flows { id direction asset value } }
    labels
    links { linkType outgoing otherPublicId }
    lots { asset quantity costBasis remaining }
    disposedLots { asset quantity proceeds costBasis gain term lotId acquiredAt }
    edits { field oldValue newValue }
  }
}
"""


async def page(http: httpx.AsyncClient, query: str = "", limit: int = 50, **more: Any) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, PAGE, q=query, limit=limit, page=1, **more))["transactions"]
    return found


def ledger(session: Session, user: Any) -> dict[str, Any]:
    """A buy in 2021 and a sell in 2022 in one wallet, an unknown receive in another, flagged for review."""
    spot, cold = add_wallet(session, user, "Spot"), add_wallet(session, user, "Cold")
    buy = add_transaction(
        session,
        spot,
        "2021-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "10000", "10000"),
        into("crypto_BTC", "1"),
    )
    sell = add_transaction(
        session,
        spot,
        "2022-03-01 10:00",
        Type.SELL,
        out("crypto_BTC", "0.5"),
        into("fiat_USD", "20000", "20000"),
    )
    odd = add_transaction(session, cold, "2022-06-01 10:00", Type.UNKNOWN, into("crypto_ETH", "2", "3000"))
    session.add(
        TransactionReview(
            transaction_id=odd.id,
            user_id=odd.user_id,
            reason="no send of ETH matches this receive",
            account_id=odd.account_id,
            timestamp=odd.timestamp,
        )
    )
    session.commit()
    return {"spot": spot.id, "cold": cold.id, "buy": buy, "sell": sell, "odd": odd}


async def test_filters_combine_and_pages_follow_by_keyset(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    rows = ledger(db_session, await signed_up_user(client, db_session))

    everything = await page(client)
    assert [item["type"] for item in everything["items"]] == ["UNKNOWN", "SELL", "BUY"]  # newest first
    assert (everything["total"], everything["limit"], everything["nextCursor"]) == (3, 50, None)
    assert [i["type"] for i in (await page(client, "has:review"))["items"]] == ["UNKNOWN"]
    assert [i["type"] for i in (await page(client, "is:uncategorized"))["items"]] == ["UNKNOWN"]
    assert [i["type"] for i in (await page(client, f"wallet:{rows['spot']}"))["items"]] == ["SELL", "BUY"]
    assert [i["type"] for i in (await page(client, "asset_id:crypto_BTC from:2022-01-01"))["items"]] == [
        "SELL"
    ]
    assert [i["type"] for i in (await page(client, "crypto_id:crypto_ETH has:review"))["items"]] == [
        "UNKNOWN"
    ]
    assert [i["type"] for i in (await page(client, "has:review to:2021-12-31"))["items"]] == []
    assert [i["type"] for i in (await page(client, "btc"))["items"]] == ["SELL", "BUY"]  # a symbol, any case
    assert (await gql(client, COUNT, q=f"wallet:{rows['spot']} from:2021-01-01 to:2021-12-31")) == {
        "transactionCount": 1
    }

    first = await page(client, limit=2)
    second = await page(client, limit=2, after=first["nextCursor"])
    assert [i["type"] for i in first["items"]] + [i["type"] for i in second["items"]] == [
        "UNKNOWN",
        "SELL",
        "BUY",
    ]
    assert second["nextCursor"] is None

    assert (await page(other_user))["items"] == []
    assert (await page(other_user, f"wallet:{rows['spot']}"))["total"] == 0


async def test_a_bad_search_or_cursor_is_refused_with_its_term(user: httpx.AsyncClient) -> None:
    for variables, message in (
        ({"q": "is:spam"}, "unknown filter 'is:spam'"),
        ({"q": "from:2022-13-01"}, "'from:2022-13-01': a day is written YYYY-MM-DD"),
        ({"q": "tax_year:22"}, "'tax_year:22': a tax year is written YYYY"),
        ({"q": "callout:LATE"}, "'callout:LATE': a callout is one of INSUFFICIENT_QUANTITY, MISSING_BALANCE"),
        ({"q": "", "after": "yesterday"}, "this page's cursor is not one the API gave"),
        ({"q": "x" * 101}, "100"),
    ):
        response = await user.post(
            "/graphql", json={"query": PAGE, "variables": {"limit": 50, "page": 1, **variables}}
        )
        assert message in response.json()["errors"][0]["message"]


async def test_the_detail_shows_the_lots_an_acquisition_opened_and_the_slices_a_disposal_took(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    rows = ledger(db_session, await signed_up_user(client, db_session))
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)

    buy = (await gql(client, DETAIL, publicId=str(rows["buy"].public_id)))["transaction"]
    sell = (await gql(client, DETAIL, publicId=str(rows["sell"].public_id)))["transaction"]

    assert buy["lots"] == [{"asset": "BTC", "quantity": "1", "costBasis": "10000", "remaining": "0.5"}]
    assert buy["transaction"]["fiatValue"] == "10000"  # the lot's cost basis: the BTC had no stated value
    [slice_] = sell["disposedLots"]
    assert (slice_["quantity"], slice_["proceeds"], slice_["costBasis"], slice_["gain"], slice_["term"]) == (
        "0.5",
        "20000",
        "5000",
        "15000",
        "LONG",
    )
    assert slice_["acquiredAt"].startswith("2021-01-01T10:00:00")
    assert sell["transaction"]["gain"] == "15000"
    listed = {item["publicId"]: item for item in (await page(client))["items"]}
    assert listed[str(rows["sell"].public_id)]["gain"] == "15000"
    assert (await gql(other_user, DETAIL, publicId=str(rows["buy"].public_id)))["transaction"] is None
    assert (await gql(client, DETAIL, publicId="not-a-uuid"))["transaction"] is None


async def test_the_tax_year_pages_callout_links_find_the_years_flagged_transactions(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    rows = ledger(db_session, user)
    spot = db_session.get(Account, rows["spot"])
    assert spot is not None
    oversold = add_transaction(  # no SOL was ever held: the disposal's slice has INSUFFICIENT_QUANTITY
        db_session,
        spot,
        "2022-05-01 10:00",
        Type.SELL,
        out("crypto_SOL", "3"),
        into("fiat_USD", "300", "300"),
    )
    user.tax_year_start_month, user.tax_year_start_day = 4, 6  # the UK's: 2021 runs to 5 April 2022
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)

    async def found(query: str) -> list[str]:
        return [item["publicId"] for item in (await page(client, query))["items"]]

    sell, odd, buy = (str(rows[name].public_id) for name in ("sell", "odd", "buy"))
    assert await found("callout:INSUFFICIENT_QUANTITY") == [str(oversold.public_id)]
    assert await found("tax_year:2021") == [sell]
    assert await found("tax_year:2020") == [buy]
    assert await found("tax_year:2022") == [odd, str(oversold.public_id)]
    assert await found("callout:INSUFFICIENT_QUANTITY tax_year:2022") == [str(oversold.public_id)]
    assert await found("callout:INSUFFICIENT_QUANTITY tax_year:2021") == []
    assert await found("tax_year:2022 from:2022-05-15") == [odd]
    assert await found("callout:INSUFFICIENT_QUANTITY has:review") == []
    assert await gql(client, COUNT, q="callout:INSUFFICIENT_QUANTITY tax_year:2022") == {
        "transactionCount": 1
    }
    assert (await page(other_user, "callout:INSUFFICIENT_QUANTITY"))["items"] == []
