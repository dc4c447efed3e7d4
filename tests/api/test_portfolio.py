"""portfolioSummary and performanceHistory on the real servers: holdings from the ledger's flows priced
with the seeded daily closes, cost basis from the run's open lots, converted to the base currency at
the FX table's closes."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ledger.models import Price, User
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import TransactionType as Type

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

SUMMARY = """
query PortfolioSummary {
  portfolioSummary {
    baseCurrency pricesAsOf totalValue change24h
    holdings { symbol quantity price value costBasis unrealizedGain allocation }
  }
}
"""
HISTORY = """
query PerformanceHistory($duration: PerformanceDuration!) {
  performanceHistory(duration: $duration) { duration baseCurrency days values }
}
"""


def close_on(session: Session, symbol: str, quote: str, day: date) -> Decimal:
    close = session.scalar(
        select(Price.close)
        .where(Price.symbol == symbol, Price.quote == quote, Price.date <= day)
        .order_by(Price.date.desc())
        .limit(1)
    )
    assert close is not None
    return close


def small_ledger(session: Session, user: User) -> None:
    """1 BTC bought on 1 January 2024 for 40,000 USD, a quarter sold a month later for 12,000."""
    wallet = add_wallet(session, user)
    add_transaction(
        session,
        wallet,
        "2024-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "40000", "40000"),
        into("crypto_BTC", "1"),
    )
    add_transaction(
        session,
        wallet,
        "2024-02-01 10:00",
        Type.SELL,
        out("crypto_BTC", "0.25"),
        into("fiat_USD", "12000", "12000"),
    )
    session.commit()


def exact(text: str) -> Decimal:
    return Decimal(text)


async def test_holdings_are_priced_and_follow_the_base_currency(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    small_ledger(db_session, user)
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    last_close = db_session.scalar(select(func.max(Price.date)).where(Price.quote == "USD"))
    assert last_close is not None
    priced_on = min(datetime.now(UTC).date(), last_close)
    btc = close_on(db_session, "BTC", "USD", priced_on)
    btc_before = close_on(db_session, "BTC", "USD", priced_on - timedelta(days=1))

    summary = (await gql(client, SUMMARY))["portfolioSummary"]

    assert summary["pricesAsOf"] == priced_on.isoformat()

    # USD: 40,000 out, 12,000 back: a negative balance is no holding
    assert [holding["symbol"] for holding in summary["holdings"]] == ["BTC"]
    (held,) = summary["holdings"]
    value = Decimal("0.75") * btc
    assert summary["baseCurrency"] == "USD"
    assert exact(summary["totalValue"]) == value
    assert exact(summary["change24h"]) == value - Decimal("0.75") * btc_before
    assert (exact(held["quantity"]), exact(held["price"]), exact(held["value"])) == (
        Decimal("0.75"),
        btc,
        value,
    )
    assert exact(held["costBasis"]) == Decimal(30000)
    assert exact(held["unrealizedGain"]) == value - 30000
    assert exact(held["allocation"]) == 1

    user.base_currency = "EUR"
    db_session.commit()
    in_euros = (await gql(client, SUMMARY))["portfolioSummary"]
    eur = close_on(db_session, "EUR", "USD", priced_on)
    bought_eur = close_on(db_session, "EUR", "USD", date(2024, 1, 1))
    assert in_euros["baseCurrency"] == "EUR"
    assert abs(exact(in_euros["totalValue"]) - value / eur) < Decimal("1e-6")
    # the lot's basis at the FX close of the day it was bought, not today's
    assert abs(exact(in_euros["holdings"][0]["costBasis"]) - 30000 / bought_eur) < Decimal("1e-6")

    assert (await gql(other_user, SUMMARY))["portfolioSummary"] == {
        "baseCurrency": "USD",
        "pricesAsOf": priced_on.isoformat(),
        "totalValue": "0",
        "change24h": "0",
        "holdings": [],
    }


async def test_value_history_is_holdings_times_each_days_close(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    small_ledger(db_session, user)
    today = datetime.now(UTC).date()

    week = (await gql(client, HISTORY, duration="ONE_WEEK"))["performanceHistory"]
    assert week["duration"] == "ONE_WEEK" and week["baseCurrency"] == "USD"
    expected = [(today - timedelta(days=days)).isoformat() for days in range(7, -1, -1)]
    assert week["days"] == expected
    for day, value in zip(week["days"], week["values"], strict=True):
        close = close_on(db_session, "BTC", "USD", date.fromisoformat(day))
        assert exact(value) == Decimal("0.75") * close

    every = (await gql(client, HISTORY, duration="ALL_TIME"))["performanceHistory"]
    assert every["days"][0] == "2024-01-01" and len(every["values"]) == len(every["days"])
    assert exact(every["values"][0]) == close_on(db_session, "BTC", "USD", date(2024, 1, 1))
    by_day = {day: exact(value) for day, value in zip(every["days"], every["values"], strict=True)}
    # the sale of 1 February counts from the close of that day
    assert by_day["2024-01-31"] == close_on(db_session, "BTC", "USD", date(2024, 1, 31))
    assert by_day["2024-02-01"] == Decimal("0.75") * close_on(db_session, "BTC", "USD", date(2024, 2, 1))

    theirs = (await gql(other_user, HISTORY, duration="ONE_DAY"))["performanceHistory"]["values"]
    assert [exact(value) for value in theirs] == [0, 0]


async def test_an_unknown_duration_is_refused(user: httpx.AsyncClient) -> None:
    response = await user.post("/graphql", json={"query": HISTORY, "variables": {"duration": "TEN_YEAR"}})
    assert response.status_code == 200
    (error,) = response.json()["errors"]
    assert "TEN_YEAR" in error["message"]


OPEN_LOTS = """
query Open($sort: TaxLotSort!, $desc: Boolean!, $asset: String) {
  openTaxLots(sort: $sort, desc: $desc, asset: $asset, limit: 50, offset: 0) {
    total
    items { lot { asset remaining } price marketValue adjustedCostBasis unrealizedGain holdingDays term }
  }
}
"""


async def test_open_lots_are_valued_at_todays_close_and_sorted(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    small_ledger(db_session, user)
    wallet = add_wallet(db_session, user, "Second")
    add_transaction(
        db_session,
        wallet,
        "2025-01-01 10:00",
        Type.BUY,
        out("fiat_USD", "3000", "3000"),
        into("crypto_ETH", "1"),
    )
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)
    today = datetime.now(UTC).date()
    btc, eth = close_on(db_session, "BTC", "USD", today), close_on(db_session, "ETH", "USD", today)

    by_value = (await gql(client, OPEN_LOTS, sort="MARKET_VALUE", desc=True))["openTaxLots"]

    assert by_value["total"] == 2
    first, second = by_value["items"]
    assert (first["lot"]["asset"], second["lot"]["asset"]) == ("BTC", "ETH")  # 0.75 BTC is worth more
    assert exact(first["marketValue"]) == Decimal("0.75") * btc and exact(first["price"]) == btc
    assert exact(first["adjustedCostBasis"]) == 30000
    assert exact(first["unrealizedGain"]) == Decimal("0.75") * btc - 30000
    assert first["holdingDays"] == (today - date(2024, 1, 1)).days and first["term"] == "LONG"
    assert exact(second["marketValue"]) == eth and exact(second["adjustedCostBasis"]) == 3000
    by_date = (await gql(client, OPEN_LOTS, sort="ACQUIRED_AT", desc=True))["openTaxLots"]["items"]
    assert [item["lot"]["asset"] for item in by_date] == ["ETH", "BTC"]
    only_eth = (await gql(client, OPEN_LOTS, sort="ASSET", desc=False, asset="ETH"))["openTaxLots"]
    assert only_eth["total"] == 1

    assert (await gql(other_user, OPEN_LOTS, sort="ASSET", desc=False))["openTaxLots"] == {
        "total": 0,
        "items": [],
    }
