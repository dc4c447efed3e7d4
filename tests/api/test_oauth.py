"""Redirect-based connections (api/oauth.py) against the local OAuth and Coinbase fakes: the authorization
code with PKCE and state, the account created with its tokens sealed and synced, the access token
refreshed before it expires, a revoked refresh token ending in the failed state with a
fix-API-credentials task, a callback that is not the user's own refused, one Coinbase account
connected twice refused (coinbase_account_already_added), and the provider's refusals logged cleaned."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from ledger.infra.settings import Settings
from ledger.models import Account, Task
from tests.api.graphql import gql
from tests.api.test_linking_exchanges import EXCHANGES, account, synced
from tests.fakes.coinbase import CoinbaseFake
from tests.fakes.oauth import OAuthServer
from vocabulary.enums import TaskType

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

TOKEN = "oauth-access-token"
CLIENT_ID, CLIENT_SECRET = "cairn-client", "cairn-client-secret"
TRADES = 60
SYNC = "mutation($id: ID!) { syncExchange(id: $id) { success error } }"


@pytest.fixture
def coinbase(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[CoinbaseFake]:
    with CoinbaseFake(TOKEN, trades=TRADES) as fake:
        monkeypatch.setitem(servers.exchange_urls, "coinbase", fake.url)
        monkeypatch.setattr(servers, "exchange_rate_limits", False)
        yield fake


@pytest.fixture
def provider(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[OAuthServer]:
    # Tokens live 60 s, under the 300 s before expiry at which a sync refreshes them.
    with OAuthServer(CLIENT_ID, CLIENT_SECRET, lifetime=60, access_token=TOKEN) as server:
        monkeypatch.setitem(servers.oauth_urls, "coinbase", server.url)
        monkeypatch.setitem(
            servers.oauth_clients, "coinbase", {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET}
        )
        yield server


async def authorized(http: httpx.AsyncClient, **params: str) -> str:
    """Start → the provider's consent → the callback URL it redirects back to (path and query)."""
    started = await http.get("/oauth/coinbase/start", params=params)
    assert started.status_code == 303, started.text
    target = started.headers["location"]
    assert parse_qs(urlsplit(target).query)["code_challenge_method"] == ["S256"]
    async with httpx.AsyncClient() as browser:
        consent = await browser.get(target)
    assert consent.status_code == 302
    back = urlsplit(consent.headers["location"])
    return f"{back.path}?{back.query}"


def message(response: httpx.Response, path: str = "/wallets") -> dict[str, list[str]]:
    assert response.status_code == 303, response.text
    location = urlsplit(response.headers["location"])
    assert location.path == path
    return parse_qs(location.query)


async def test_coinbase_by_redirect_syncs_and_refreshes_its_token_until_revoked(
    user: httpx.AsyncClient,
    coinbase: CoinbaseFake,
    provider: OAuthServer,
    temporal_client: Client,
    db_session: Session,
) -> None:
    answer = message(await user.get(await authorized(user)))

    assert answer == {"successMessage": ["Added new exchange"]}
    [created] = (await gql(user, EXCHANGES))["exchanges"]["items"]
    assert created["name"] == "Coinbase"
    assert (await synced(temporal_client, created["id"]))["number_imported"] == TRADES
    sealed = db_session.scalar(select(Account.credentials).where(Account.id == int(created["id"])))
    assert sealed is not None and TOKEN.encode() not in sealed
    assert len(provider.access_tokens) == 2  # the code's, then a refresh before the first sync's calls

    await gql(user, SYNC, id=created["id"])
    assert (await synced(temporal_client, created["id"]))["number_imported"] == 0
    assert len(provider.access_tokens) == 3  # refreshed again: it expires within 300 s

    provider.revoke()
    await gql(user, SYNC, id=created["id"])
    assert await synced(temporal_client, created["id"]) is None
    assert (await account(user, created["id"]))["errors"] == ["API key is invalid."]
    tasks = db_session.scalars(select(Task.type).where(Task.account_id == int(created["id"]))).all()
    assert tasks == [TaskType.FIX_API_CREDENTIALS]


async def test_a_callback_with_another_state_or_for_another_user_creates_nothing(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, coinbase: CoinbaseFake, provider: OAuthServer
) -> None:
    callback = await authorized(user)
    forged = callback.replace("state=", "state=x")
    refused = {"errorMessage": ["The connection was not authorized. Please try again."]}

    assert message(await user.get(forged)) == refused
    assert message(await other_user.get(callback)) == refused
    assert (await gql(user, EXCHANGES))["exchanges"]["total"] == 0
    assert (await gql(other_user, EXCHANGES))["exchanges"]["total"] == 0
    assert coinbase.requests == 0


async def test_a_provider_refusal_is_logged_cleaned_and_the_browser_gets_the_spec_message(
    user: httpx.AsyncClient, coinbase: CoinbaseFake, provider: OAuthServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="api.oauth")
    refused = {"errorMessage": ["The connection was not authorized. Please try again."]}
    callback = await authorized(user)
    code = parse_qs(urlsplit(callback).query)["code"][0]

    # The provider refuses the code, quoting it and linking to a page with it in the query.
    assert message(await user.get(callback.replace(f"code={code}", f"code={code}-used"))) == refused
    provider.deny()
    asked = provider.requests
    # The user says no: the provider's error redirect names its authorize address and our client.
    assert message(await user.get(await authorized(user))) == refused
    assert provider.requests == asked + 1  # the consent only: no code is exchanged

    logged = [record.getMessage() for record in caplog.records if record.name == "api.oauth"]
    assert len(logged) == 2
    assert logged[0].startswith("coinbase refused the code: ") and "invalid_grant" in logged[0]
    assert logged[1].startswith("coinbase refused the connection: access_denied: The user denied <address>")
    for text in logged:
        assert code not in text and provider.url not in text and "?" not in text and CLIENT_ID not in text
    assert (await gql(user, EXCHANGES))["exchanges"]["total"] == 0


async def test_the_same_coinbase_account_connected_twice_is_refused(
    user: httpx.AsyncClient, coinbase: CoinbaseFake, provider: OAuthServer, db_session: Session
) -> None:
    assert message(await user.get(await authorized(user))) == {"successMessage": ["Added new exchange"]}

    again = message(await user.get(await authorized(user)))

    assert again == {"errorMessage": ["This Coinbase account has already been added."]}
    [only] = (await gql(user, EXCHANGES))["exchanges"]["items"]
    sealed = db_session.scalar(select(Account.credentials).where(Account.id == int(only["id"])))
    assert sealed is not None and coinbase.user_id.encode() not in sealed  # kept sealed with the tokens


async def test_an_integration_without_a_registered_client_is_refused(user: httpx.AsyncClient) -> None:
    assert message(await user.get("/oauth/uphold/start")) == {
        "errorMessage": ["This exchange cannot be connected this way yet."]
    }


async def test_an_account_connected_again_keeps_its_id_and_returns_where_asked(
    user: httpx.AsyncClient, coinbase: CoinbaseFake, provider: OAuthServer, temporal_client: Client
) -> None:
    await user.get(await authorized(user))
    [created] = (await gql(user, EXCHANGES))["exchanges"]["items"]
    await synced(temporal_client, created["id"])
    back_to = f"/accounts/{created['id']}"

    again = await authorized(user, account_id=created["id"], authorized_redirect_url=back_to)

    assert message(await user.get(again), back_to) == {"successMessage": ["Updated exchange details"]}
    assert (await synced(temporal_client, created["id"]))["number_imported"] == 0
    assert (await gql(user, EXCHANGES))["exchanges"]["total"] == 1
    elsewhere = await authorized(user, authorized_redirect_url="//evil.example/steal")
    refused = {"errorMessage": ["This Coinbase account has already been added."]}
    assert message(await user.get(elsewhere)) == refused  # back on /wallets, never another site
