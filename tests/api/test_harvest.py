"""taxLossHarvest on the real servers: the last run's open lots at a loss at today's close, the
largest first, with the country's 30-day warning from the user's own recent and planned buys;
bad planned buys are refused and another user's lots never show."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import Price, User
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

HARVEST = """
query Harvest($planned: [PlannedBuy!]) {
  taxLossHarvest(planned: $planned) {
    baseCurrency country rule saleDay shortTermLoss longTermLoss
    candidates {
      lotId asset acquiredOn quantity costBasis marketValue loss term
      warning { rule applies matchedQuantity affectedLoss purchases { day quantity planned } }
    }
  }
}
"""


def btc_close(session: Session, day: date) -> Decimal:
    close = session.scalar(
        select(Price.close)
        .where(Price.symbol == "BTC", Price.quote == "USD", Price.date <= day)
        .order_by(Price.date.desc())
        .limit(1)
    )
    assert close is not None
    return close


def bought_dear(session: Session, user: User, today: date) -> None:
    """1 BTC bought in 2024 and 0.5 BTC ten days ago, both far above any close; 1 ETH for 1 USD."""
    wallet = add_wallet(session, user)
    lately = (datetime.combine(today - timedelta(days=10), datetime.min.time())).strftime("%Y-%m-%d 10:00")
    add_transaction(
        session,
        wallet,
        "2024-01-02 10:00",
        Type.BUY,
        out("fiat_USD", "9000000", "9000000"),
        into("crypto_BTC", "1"),
    )
    add_transaction(
        session, wallet, lately, Type.BUY, out("fiat_USD", "1000000", "1000000"), into("crypto_BTC", "0.5")
    )
    add_transaction(
        session, wallet, "2024-03-01 10:00", Type.BUY, out("fiat_USD", "1", "1"), into("crypto_ETH", "1")
    )
    session.commit()


async def harvested(http: httpx.AsyncClient, planned: list[dict[str, str]] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = (await gql(http, HARVEST, planned=planned))["taxLossHarvest"]
    return found


def exact(text: str) -> Decimal:
    return Decimal(text)


async def test_losing_lots_ranked_with_the_canadian_superficial_loss(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    today = datetime.now(UTC).date()
    bought_dear(db_session, user, today)
    user.country = "CA"
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    btc = btc_close(db_session, today)

    found = await harvested(client)

    assert (found["country"], found["rule"], found["saleDay"]) == (
        "CA",
        "SUPERFICIAL_LOSS",
        today.isoformat(),
    )
    old, recent = found["candidates"]  # ETH stands at a gain: no candidate
    assert (old["asset"], old["acquiredOn"], old["term"]) == ("BTC", "2024-01-02", "LONG")
    assert exact(old["loss"]) == btc - 9000000 and exact(old["costBasis"]) == 9000000
    assert (recent["acquiredOn"], recent["term"]) == ((today - timedelta(days=10)).isoformat(), "SHORT")
    assert exact(recent["loss"]) == Decimal("0.5") * btc - 1000000
    assert exact(found["longTermLoss"]) == exact(old["loss"])
    assert exact(found["shortTermLoss"]) == exact(recent["loss"])

    # selling the 2024 lot: 0.5 BTC bought ten days ago is still held after it, so half is superficial
    warning = old["warning"]
    assert (warning["rule"], warning["applies"], exact(warning["matchedQuantity"])) == (
        "SUPERFICIAL_LOSS",
        True,
        Decimal("0.5"),
    )
    assert exact(warning["affectedLoss"]) == exact(old["loss"]) / 2
    assert warning["purchases"] == [
        {"day": (today - timedelta(days=10)).isoformat(), "quantity": "0.5", "planned": False}
    ]
    assert recent["warning"] is None  # its own purchase is no repurchase

    # a planned buy after the sale reaches the recent lot too
    planned = [{"asset": "BTC", "day": (today + timedelta(days=5)).isoformat(), "quantity": "2"}]
    with_plan = (await harvested(client, planned))["candidates"]
    assert exact(with_plan[1]["warning"]["matchedQuantity"]) == Decimal("0.5")
    assert with_plan[1]["warning"]["purchases"][0]["planned"] is True

    # US: a notice, not applied
    user.country = "US"
    db_session.commit()
    us = await harvested(client)
    assert us["rule"] == "WASH_SALE"
    assert us["candidates"][0]["warning"]["applies"] is False

    theirs = await harvested(other_user)
    assert theirs["candidates"] == [] and theirs["rule"] is None


@pytest.mark.parametrize(
    ("planned", "message"),
    [
        ([{"asset": "BTC", "day": "TODAY", "quantity": "-1"}], "must be positive numbers"),
        ([{"asset": "BTC", "day": "TODAY", "quantity": "NaN"}], "must be positive numbers"),
        (
            [{"asset": "BTC", "day": "TODAY", "quantity": "0.0000000000000000001"}],
            "at most 18 decimal places",
        ),
        ([{"asset": "BTC", "day": "IN_31_DAYS", "quantity": "1"}], "from today to 30 days after it"),
        ([{"asset": "BTC", "day": "YESTERDAY", "quantity": "1"}], "from today to 30 days after it"),
        ([{"asset": "BTC", "day": "TODAY", "quantity": "1"}] * 21, "At most 20 planned buys"),
        (
            [{"asset": "B" * 101, "day": "TODAY", "quantity": "1"}],
            "planned.asset must be at most 100 characters long.",
        ),
    ],
)
async def test_bad_planned_buys_are_refused(
    user: httpx.AsyncClient, planned: list[dict[str, str]], message: str
) -> None:
    today = datetime.now(UTC).date()
    days = {"TODAY": today, "IN_31_DAYS": today + timedelta(days=31), "YESTERDAY": today - timedelta(days=1)}
    sent = [{**buy, "day": days[buy["day"]].isoformat()} for buy in planned]

    response = await user.post("/graphql", json={"query": HARVEST, "variables": {"planned": sent}})

    (error,) = response.json()["errors"]
    assert message in error["message"]
