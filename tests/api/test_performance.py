"""portfolioPerformance on the real servers: net deposits from the ledger's deposits, withdrawals,
receipts and sends (own transfers left out), realized gains and income from the last run's rows,
the value at both ends of the period, per day and per asset; another user's ledger never shows."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ledger.models import DisposedLot, Price, User
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, link_transfer, out
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

PERFORMANCE = """
query Performance($duration: PerformanceDuration!) {
  portfolioPerformance(duration: $duration) {
    duration baseCurrency start end openingValue closingValue valueChange netDeposits profit
    realizedGain unrealizedGain income
    points { day value netDeposits }
    assets { symbol name value unrealizedGain realizedGain income netDeposits }
  }
}
"""


def history(session: Session, user: User) -> None:
    """50,000 USD in, 1 BTC bought, a quarter sold, 3,000 USD of ETH received from outside, staking
    income worth 30, 0.1 BTC moved between the user's own wallets, 1,000 USD out."""
    main, cold = add_wallet(session, user), add_wallet(session, user, "Cold")
    add_transaction(session, main, "2024-01-01 09:00", Type.FIAT_DEPOSIT, into("fiat_USD", "50000", "50000"))
    add_transaction(
        session,
        main,
        "2024-01-02 10:00",
        Type.BUY,
        out("fiat_USD", "40000", "40000"),
        into("crypto_BTC", "1"),
    )
    add_transaction(
        session,
        main,
        "2024-02-01 10:00",
        Type.SELL,
        out("crypto_BTC", "0.25"),
        into("fiat_USD", "12000", "12000"),
    )
    add_transaction(session, main, "2024-03-01 10:00", Type.RECEIVE, into("crypto_ETH", "1", "3000"))
    add_transaction(session, main, "2024-03-02 10:00", Type.STAKING_REWARD, into("crypto_ETH", "0.01", "30"))
    sent = add_transaction(session, main, "2024-04-01 10:00", Type.SEND, out("crypto_BTC", "0.1"))
    received = add_transaction(session, cold, "2024-04-01 10:05", Type.RECEIVE, into("crypto_BTC", "0.1"))
    link_transfer(session, sent, received)
    add_transaction(session, main, "2024-05-01 10:00", Type.FIAT_WITHDRAWAL, out("fiat_USD", "1000", "1000"))
    session.commit()


def exact(text: str) -> Decimal:
    return Decimal(text)


async def test_all_time_sums_deposits_gains_and_income(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    history(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    realized = db_session.scalar(select(func.sum(DisposedLot.gain)).where(DisposedLot.user_id == user.id))
    assert realized is not None and realized != 0

    found = (await gql(client, PERFORMANCE, duration="ALL_TIME"))["portfolioPerformance"]

    today = datetime.now(UTC).date()
    assert (found["start"], found["end"]) == ("2023-12-31", today.isoformat())
    assert exact(found["netDeposits"]) == 50000 + 3000 - 1000  # the own transfer moved nothing in or out
    assert exact(found["realizedGain"]) == realized
    assert exact(found["income"]) == 30
    assert exact(found["openingValue"]) == 0
    first, last = found["points"][0], found["points"][-1]
    assert (first["day"], exact(first["value"]), exact(first["netDeposits"])) == ("2023-12-31", 0, 0)
    assert last["day"] == today.isoformat() and exact(last["netDeposits"]) == 52000
    assert exact(found["closingValue"]) == exact(last["value"])
    assert exact(found["profit"]) == exact(found["valueChange"]) - 52000
    by_day = {point["day"]: exact(point["netDeposits"]) for point in found["points"]}
    assert (by_day["2024-01-01"], by_day["2024-03-01"], by_day["2024-05-01"]) == (50000, 53000, 52000)

    assets = {row["symbol"]: row for row in found["assets"]}
    assert exact(assets["USD"]["netDeposits"]) == 49000
    assert assets["USD"]["unrealizedGain"] is None  # money has no lots
    assert exact(assets["ETH"]["netDeposits"]) == 3000 and exact(assets["ETH"]["income"]) == 30
    assert exact(assets["BTC"]["netDeposits"]) == 0 and exact(assets["BTC"]["realizedGain"]) == realized
    assert assets["BTC"]["name"] == "Bitcoin"
    assert exact(found["unrealizedGain"]) == sum(
        exact(row["unrealizedGain"]) for row in found["assets"] if row["unrealizedGain"] is not None
    )

    # a recent period holds none of it
    week = (await gql(client, PERFORMANCE, duration="ONE_WEEK"))["portfolioPerformance"]
    assert week["start"] == (today - timedelta(days=7)).isoformat()
    assert (exact(week["netDeposits"]), exact(week["realizedGain"]), exact(week["income"])) == (0, 0, 0)
    assert len(week["points"]) == 8

    theirs = (await gql(other_user, PERFORMANCE, duration="ALL_TIME"))["portfolioPerformance"]
    assert theirs["assets"] == []
    assert all(
        exact(theirs[field]) == 0
        for field in ("netDeposits", "realizedGain", "unrealizedGain", "income", "closingValue")
    )


async def test_sums_follow_the_base_currency_at_each_days_close(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    history(db_session, user)
    user.base_currency = "EUR"
    db_session.commit()

    found = (await gql(client, PERFORMANCE, duration="ALL_TIME"))["portfolioPerformance"]

    def eur_on(day: date) -> Decimal:
        close = db_session.scalar(
            select(Price.close)
            .where(Price.symbol == "EUR", Price.quote == "USD", Price.date <= day)
            .order_by(Price.date.desc())
            .limit(1)
        )
        assert close is not None
        return close

    expected = (
        50000 / eur_on(date(2024, 1, 1)) + 3000 / eur_on(date(2024, 3, 1)) - 1000 / eur_on(date(2024, 5, 1))
    )
    assert found["baseCurrency"] == "EUR"
    assert abs(exact(found["netDeposits"]) - expected) < Decimal("1e-6")


async def test_an_unknown_duration_is_refused(user: httpx.AsyncClient) -> None:
    response = await user.post("/graphql", json={"query": PERFORMANCE, "variables": {"duration": "TEN_YEAR"}})
    (error,) = response.json()["errors"]
    assert "TEN_YEAR" in error["message"]
