"""`cairn site data`: the prerendered pages' data, answered by /public/graphql's resolvers and keyed as the
pages' query hooks key them (frontend/src/lib/queryKeys.ts)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import httpx
import pytest

from ledger.infra.settings import Settings
from stack.cli import main
from stack.site_data import RANKINGS, site_data

pytestmark = pytest.mark.servers


async def test_each_page_holds_what_the_public_api_answers_it(
    servers: Settings, client: httpx.AsyncClient
) -> None:
    pages = await site_data(servers)
    [top] = pages["/prices"]
    assert top["queryKey"] == ["prices", "ranking", "MARKET_CAP", "", 0, 10]
    coins = top["data"]["coinPrices"]["items"]
    assert (len(coins), coins[0]["symbol"], coins[0]["slug"]) == (10, "BTC", "bitcoin")
    assert Decimal(coins[0]["price"]) > 0
    for path, (ranking, limit) in RANKINGS.items():
        [query] = pages[path]
        assert query["queryKey"] == ["prices", "ranking", ranking, "", 0, limit]
    [plans] = pages["/plans"]
    assert plans["queryKey"] == ["pricingPlans"]
    assert [plan["name"] for plan in plans["data"]["unifiedPlans"]][:3] == ["Free", "Base", "Base+"]
    for path in ("/integrations", "/exchanges", "/crypto-wallets"):
        [catalogue] = pages[path]
        assert catalogue["queryKey"] == ["publicCatalogue"]
        assert "Kraken" in {entry["name"] for entry in catalogue["data"]["integrations"]}
    all_coins = pages["/prices/all"][0]["data"]["coinPrices"]["items"]
    assert {path for path in pages if path.startswith("/price/")} == {
        f"/price/{coin['slug']}" for coin in all_coins
    }
    [bitcoin] = pages["/price/bitcoin"]
    assert bitcoin["queryKey"] == ["prices", "page", "bitcoin"]
    # the same answer the browser gets over HTTP for the same operation
    operation = Path("frontend/src/features/prices/api/prices.graphql").read_text()
    answer = await client.post(
        "/public/graphql",
        json={"query": operation, "operationName": "CoinPricePage", "variables": {"slug": "bitcoin"}},
    )
    assert bitcoin["data"] == answer.json()["data"]


def test_the_command_writes_the_data_from_a_database_of_its_own(tmp_path: Path) -> None:
    out = tmp_path / "site" / "site-data.json"
    assert main(["site", "data", "--out", str(out)]) == 0
    pages = json.loads(out.read_text())
    assert pages["/price/bitcoin"][0]["data"]["coinPricePage"]["coin"]["name"] == "Bitcoin"
    assert pages["/plans"][0]["data"]["portfolioPlans"]
