"""The public price pages' queries on /public/graphql (no sign-in) from the real price table, bounded;
the live-price operation on that path; the watchlist on /graphql, the signed-in user's own."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from ledger.models import MarketData, Price
from tests.api.graphql import gql
from tests.clients import app_client

pytestmark = pytest.mark.servers

PRICES = """
query Prices($ranking: PriceRanking!, $search: String!, $offset: Int!, $limit: Int!) {
  coinPrices(ranking: $ranking, search: $search, offset: $offset, limit: $limit) {
    total items { symbol name slug rank day price change24h change7d }
  }
}
"""
PAGE = """
query Page($slug: String!) {
  coinPricePage(symbolNameOrSlug: $slug) {
    coin { symbol name slug price day }
    marketInfo { firstDay allTimeHigh yearHigh yearLow }
  }
}
"""
CHART = """
query Chart($slug: String!, $duration: PerformanceDuration!) {
  coinPriceChart(symbolNameOrSlug: $slug, duration: $duration) { day close }
}
"""
LIVE = """
query CairnLiveCoinPrices($symbols: [String!]!) {
  liveCoinPrices(symbols: $symbols) { symbol price day source updatedAt }
}
"""
WATCHLIST = """
query Watchlist { watchlistPrices(offset: 0, limit: 50) { total items { symbol price } } }
"""
TOGGLE = """
mutation Toggle($symbol: String!) { toggleWatchlist(symbol: $symbol) { success watched error errorMessage } }
"""


async def public(http: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    response = await http.post("/public/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    return dict(response.json())


async def public_data(http: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    body = await public(http, query, **variables)
    assert "errors" not in body, body["errors"]
    data: dict[str, Any] = body["data"]
    return data


def closes(session: Session, symbol: str) -> dict[date, Decimal]:
    last = session.scalar(select(func.max(Price.date)).where(Price.symbol == symbol, Price.quote == "USD"))
    assert last is not None
    rows = session.execute(
        select(Price.date, Price.close).where(
            Price.symbol == symbol, Price.quote == "USD", Price.date >= last - timedelta(days=7)
        )
    )
    return {day: close for day, close in rows}


async def test_rankings_are_public_and_come_from_the_price_table(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    data = await public_data(client, PRICES, ranking="MARKET_CAP", search="", offset=0, limit=50)

    page = data["coinPrices"]
    assert page["total"] == 14  # the table's crypto assets; its FX pairs are no coins
    assert [item["symbol"] for item in page["items"][:3]] == ["BTC", "ETH", "USDT"]
    btc = page["items"][0]
    known = closes(db_session, "BTC")
    last = max(known)
    assert (btc["name"], btc["slug"], btc["day"]) == ("Bitcoin", "bitcoin", last.isoformat())
    assert Decimal(btc["price"]) == known[last]
    day_before = known[last - timedelta(days=1)]
    assert Decimal(btc["change24h"]) == ((known[last] - day_before) / day_before * 100).quantize(
        Decimal("0.0001")
    )

    movers = (await public_data(client, PRICES, ranking="GAINERS_AND_LOSERS", search="", offset=0, limit=50))[
        "coinPrices"
    ]["items"]
    changes = [Decimal(item["change24h"]) for item in movers]
    assert changes == sorted(changes, reverse=True)

    found = await public_data(client, PRICES, ranking="MARKET_CAP", search="coin", offset=0, limit=2)
    assert found["coinPrices"]["total"] == 4  # Bitcoin, USD Coin, Dogecoin, Litecoin
    assert [item["symbol"] for item in found["coinPrices"]["items"]] == ["BTC", "USDC"]


@pytest.mark.parametrize(("offset", "limit"), [(0, 0), (0, 201), (-1, 10)])
async def test_rankings_refuse_pages_out_of_bounds(
    client: httpx.AsyncClient, offset: int, limit: int
) -> None:
    body = await public(client, PRICES, ranking="MARKET_CAP", search="", offset=offset, limit=limit)

    assert body["data"] is None
    assert "must be between" in body["errors"][0]["message"]


async def test_a_coin_page_by_symbol_name_or_slug_with_its_chart(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    for wanted in ("bitcoin", "BTC", "Bitcoin"):
        page = (await public_data(client, PAGE, slug=wanted))["coinPricePage"]
        assert page["coin"]["symbol"] == "BTC"
    usdt = (await public_data(client, PAGE, slug="tether-usdt"))["coinPricePage"]
    assert usdt["coin"]["name"] == "Tether USDt"
    assert Decimal(usdt["marketInfo"]["yearLow"]) <= Decimal(usdt["marketInfo"]["yearHigh"])
    assert (await public_data(client, PAGE, slug="no-such-coin"))["coinPricePage"] is None

    known = closes(db_session, "ETH")
    week = (await public_data(client, CHART, slug="ethereum", duration="ONE_WEEK"))["coinPriceChart"]
    assert [(date.fromisoformat(p["day"]), Decimal(p["close"])) for p in week] == sorted(known.items())

    everything = (await public_data(client, CHART, slug="BTC", duration="ALL_TIME"))["coinPriceChart"]
    assert 200 < len(everything) <= 400  # thinned from about 3,800 closes
    assert everything[-1]["day"] == max(closes(db_session, "BTC")).isoformat()
    assert everything[0]["day"] < "2016-01-01"


async def test_the_live_price_operation_answers_on_the_public_path(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    now = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)
    db_session.add(
        MarketData(
            symbol="BTC",
            price=Decimal("101234.56"),
            market_cap=None,
            volume_24h=None,
            change_24h=None,
            updated_at=now,
            source="coingecko",
        )
    )
    db_session.commit()
    try:
        live = (await public_data(client, LIVE, symbols=["btc", "ETH", "NOPE"]))["liveCoinPrices"]
    finally:
        db_session.execute(delete(MarketData).where(MarketData.symbol == "BTC"))
        db_session.commit()
    by_symbol = {item["symbol"]: item for item in live}
    assert sorted(by_symbol) == ["BTC", "ETH"]
    btc, eth = by_symbol["BTC"], by_symbol["ETH"]
    assert (Decimal(btc["price"]), btc["source"]) == (Decimal("101234.56"), "PROVIDER")
    assert datetime.fromisoformat(btc["updatedAt"]) == now
    eth_closes = closes(db_session, "ETH")
    assert (date.fromisoformat(eth["day"]), Decimal(eth["price"])) == max(eth_closes.items())
    assert (eth["source"], eth["updatedAt"]) == ("DAILY_CLOSE", None)

    too_many = await public(client, LIVE, symbols=[f"S{n}" for n in range(51)])
    assert too_many["data"] is None
    assert [error["message"] for error in too_many["errors"]] == ["Ask for at most 50 symbols at once."]
    assert (
        await client.post("/graphql", json={"query": LIVE, "variables": {"symbols": ["BTC"]}})
    ).status_code == 401


async def test_the_watchlist_is_the_signed_in_users_own(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient
) -> None:
    assert (await gql(user, TOGGLE, symbol="BTC"))["toggleWatchlist"] == {
        "success": True,
        "watched": True,
        "error": None,
        "errorMessage": None,
    }
    await gql(user, TOGGLE, symbol="sol")
    await gql(other_user, TOGGLE, symbol="ETH")

    mine = (await gql(user, WATCHLIST))["watchlistPrices"]
    assert [item["symbol"] for item in mine["items"]] == ["BTC", "SOL"]
    theirs = (await gql(other_user, WATCHLIST))["watchlistPrices"]
    assert [item["symbol"] for item in theirs["items"]] == ["ETH"]

    assert (await gql(user, TOGGLE, symbol="BTC"))["toggleWatchlist"]["watched"] is False
    assert [item["symbol"] for item in (await gql(user, WATCHLIST))["watchlistPrices"]["items"]] == ["SOL"]


async def test_the_watchlist_refuses_unknown_coins_and_strangers(
    user: httpx.AsyncClient, app: FastAPI
) -> None:
    unknown = (await gql(user, TOGGLE, symbol="bitcoin"))["toggleWatchlist"]  # a symbol, not a slug
    assert (unknown["success"], unknown["error"]) == (False, "coin_not_found")
    too_long = await user.post("/graphql", json={"query": TOGGLE, "variables": {"symbol": "X" * 101}})
    assert "errors" in too_long.json()
    async with app_client(app) as nobody:
        signed_out = await nobody.post("/graphql", json={"query": TOGGLE, "variables": {"symbol": "BTC"}})
    assert signed_out.status_code == 401
