"""The integration catalogue on /public/graphql: the public directory reads it without signing in, the
same entries /graphql gives a signed-in user, and nothing more can be asked of it (no search)."""

from __future__ import annotations

import httpx
import pytest

from tests.api.test_prices import public, public_data

pytestmark = pytest.mark.servers

CATALOGUE = "query PublicIntegrations { integrations { slug name category } }"


async def test_the_catalogue_answers_without_a_session(client: httpx.AsyncClient) -> None:
    client.cookies.clear()
    entries = (await public_data(client, CATALOGUE))["integrations"]
    names = {(entry["name"], entry["category"]) for entry in entries}
    assert {("Kraken", "Exchange"), ("Ledger", "Wallet")} <= names
    assert entries[-1]["slug"] == "csv file import"  # the catalogue's own order: the CSV entry ends it


async def test_no_search_and_no_private_fields(client: httpx.AsyncClient) -> None:
    searched = await public(client, 'query { integrations(search: "kra") { slug } }')
    assert "Unknown argument 'search'" in searched["errors"][0]["message"]
    users = await public(client, "query { me { email } }")
    assert "errors" in users
