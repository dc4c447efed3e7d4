"""The public wallet check on /public/graphql against a local Esplora server: an address and a coin give
the confirmed balance and its value; a wrong address, an unknown coin or a failing explorer answer an
error; lookups are throttled per client address."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from decimal import Decimal

import httpx
import pytest
from fastapi import FastAPI
from temporalio.client import Client

from api.app import create_app
from api.limits import WALLET_LOOKUPS_PER_ADDRESS
from ledger.infra.settings import Settings
from tests.api.test_prices import public, public_data
from tests.clients import app_client
from tests.fakes.esplora import EsploraServer
from tests.fakes.server import Fault

pytestmark = pytest.mark.servers

ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"  # BIP-84's test vector
LOOKUP = """
query Lookup($address: String!, $coin: String!) {
  publicWalletBalance(address: $address, coin: $coin) {
    success address coin balance valueUsd error errorMessage
  }
}
"""
COINS = "query Coins { walletLookupCoins { symbol name network } }"


@pytest.fixture(scope="module")
def esplora() -> Iterator[EsploraServer]:
    with EsploraServer() as server:
        funding = server.add([("", 0)], [(ADDRESS, 150_000_000)], fee=0)
        server.add([(funding, 0)], [("outside-payee", 49_990_000), (ADDRESS, 100_000_000)], fee=10_000)
        yield server


@pytest.fixture(scope="module")
async def lookup_app(
    servers: Settings, db_engine: object, temporal_client: Client, esplora: EsploraServer
) -> AsyncIterator[FastAPI]:
    settings = servers.model_copy(update={"esplora_urls": {"bitcoin": esplora.url}})
    application = create_app(settings, temporal_client)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def visitor(lookup_app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with app_client(lookup_app) as http:
        yield http


async def test_an_address_balance_without_signing_in(visitor: httpx.AsyncClient) -> None:
    coins = (await public_data(visitor, COINS))["walletLookupCoins"]
    assert {"symbol": "BTC", "name": "Bitcoin", "network": "bitcoin"} in coins

    found = (await public_data(visitor, LOOKUP, address=f"  {ADDRESS} ", coin="btc"))["publicWalletBalance"]

    assert (found["success"], found["address"], found["coin"]) == (True, ADDRESS, "BTC")
    assert Decimal(found["balance"]) == Decimal("1.00000000")  # 2.5 funded (1.0 of it change) less 1.5 spent
    assert Decimal(found["valueUsd"]) > 0


@pytest.mark.parametrize(
    ("address", "coin", "error"),
    [
        ("0x52908400098527886E0F7030069857D2E4169EE7", "BTC", "invalid_address"),
        ("not an address", "BTC", "invalid_address"),
        (ADDRESS, "XYZ", "unsupported_coin"),
        (ADDRESS, "LTC", "unsupported_coin"),  # no explorer configured for it here
    ],
)
async def test_bad_input_answers_an_error(
    visitor: httpx.AsyncClient, address: str, coin: str, error: str
) -> None:
    found = (await public_data(visitor, LOOKUP, address=address, coin=coin))["publicWalletBalance"]

    assert (found["success"], found["error"], found["balance"]) == (False, error, None)
    assert found["errorMessage"]


async def test_an_overlong_address_is_refused_before_any_lookup(
    visitor: httpx.AsyncClient, esplora: EsploraServer
) -> None:
    asked = len(esplora.asked)
    body = await public(visitor, LOOKUP, address="1" * 257, coin="BTC")

    assert body["data"] is None
    assert len(esplora.asked) == asked


async def test_a_failing_explorer_answers_an_error(
    visitor: httpx.AsyncClient, esplora: EsploraServer
) -> None:
    esplora.fail_next(*[Fault.SERVER_ERROR] * 4)

    found = (await public_data(visitor, LOOKUP, address=ADDRESS, coin="BTC"))["publicWalletBalance"]

    assert (found["success"], found["error"]) == (False, "explorer_failed")


async def test_lookups_are_throttled_per_client_address(
    visitor: httpx.AsyncClient, lookup_app: FastAPI
) -> None:
    for _ in range(WALLET_LOOKUPS_PER_ADDRESS.attempts):
        await public_data(visitor, LOOKUP, address=ADDRESS, coin="BTC")

    refused = await public(visitor, LOOKUP, address=ADDRESS, coin="BTC")
    assert refused["errors"][0]["message"].startswith("Too many attempts.")
    async with app_client(lookup_app) as elsewhere:
        assert (await public_data(elsewhere, LOOKUP, address=ADDRESS, coin="BTC"))["publicWalletBalance"][
            "success"
        ]
