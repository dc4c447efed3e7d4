"""Uphold and CoinJar connected by redirect (api/oauth.py) against the local OAuth, Uphold and CoinJar
fakes, each at its provider's own paths: the account created and synced through its own connector, a
second sync adding nothing, Uphold's export of the same history adding nothing, and a revoked token
ending in the failed state with a fix-API-credentials task."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from ingest.exchanges.oauth import PROVIDERS
from ledger.infra.settings import Settings
from ledger.models import Task
from tests.api.graphql import gql
from tests.api.test_account_imports import imported
from tests.api.test_linking_exchanges import EXCHANGES, account, synced
from tests.api.test_oauth import CLIENT_ID, CLIENT_SECRET, SYNC, message
from tests.fakes.coinjar import CoinjarFake
from tests.fakes.oauth import OAuthServer
from tests.fakes.uphold import UpholdFake
from vocabulary.enums import ImportType, TaskType

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

TOKEN = "redirect-access-token"
UPHOLD_TRANSACTIONS, COINJAR_FILLS = 75, 180
UPHOLD_IMPORTED = 75  # every one: no conversion in the fake is between two cards of one currency


def provider(servers: Settings, monkeypatch: pytest.MonkeyPatch, slug: str) -> OAuthServer:
    """The OAuth fake at `slug`'s own authorize and token paths; tokens live 60 s, under the 300 s
    before expiry at which a sync refreshes them."""
    documented = PROVIDERS[slug]
    authorize = documented.authorize_url.format(client_id=CLIENT_ID)
    paths = (urlsplit(authorize).path, urlsplit(documented.token_url).path)
    server = OAuthServer(CLIENT_ID, CLIENT_SECRET, lifetime=60, access_token=TOKEN, paths=paths)
    monkeypatch.setitem(servers.oauth_urls, slug, server.url)
    monkeypatch.setitem(servers.oauth_clients, slug, {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET})
    return server


@pytest.fixture
def uphold(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[UpholdFake, OAuthServer]]:
    with (
        UpholdFake(TOKEN, transactions=UPHOLD_TRANSACTIONS) as fake,
        provider(servers, monkeypatch, "uphold") as oauth,
    ):
        monkeypatch.setitem(servers.exchange_urls, "uphold", fake.url)
        monkeypatch.setattr(servers, "exchange_rate_limits", False)
        yield fake, oauth


@pytest.fixture
def coinjar(servers: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[CoinjarFake, OAuthServer]]:
    with CoinjarFake(TOKEN, fills=COINJAR_FILLS) as fake, provider(servers, monkeypatch, "coinjar") as oauth:
        monkeypatch.setitem(servers.exchange_urls, "coinjar", fake.url)
        monkeypatch.setattr(servers, "exchange_rate_limits", False)
        yield fake, oauth


async def connected(http: httpx.AsyncClient, slug: str) -> str:
    """Start → the provider's consent → the callback: the new exchange account's id."""
    started = await http.get(f"/oauth/{slug}/start")
    assert started.status_code == 303, started.text
    async with httpx.AsyncClient() as browser:
        consent = await browser.get(started.headers["location"])
    assert consent.status_code == 302
    back = urlsplit(consent.headers["location"])
    assert message(await http.get(f"{back.path}?{back.query}")) == {"successMessage": ["Added new exchange"]}
    [created] = (await gql(http, EXCHANGES))["exchanges"]["items"]
    return str(created["id"])


async def revoked_ends_in_a_task(
    http: httpx.AsyncClient, oauth: OAuthServer, temporal: Client, db: Session, account_id: str
) -> None:
    oauth.revoke()
    await gql(http, SYNC, id=account_id)
    assert await synced(temporal, account_id) is None
    assert (await account(http, account_id))["errors"] == ["API key is invalid."]
    tasks = db.scalars(select(Task.type).where(Task.account_id == int(account_id))).all()
    assert tasks == [TaskType.FIX_API_CREDENTIALS]


async def test_uphold_by_redirect_syncs_once_and_its_export_adds_nothing(
    user: httpx.AsyncClient,
    uphold: tuple[UpholdFake, OAuthServer],
    temporal_client: Client,
    db_session: Session,
) -> None:
    fake, oauth = uphold
    account_id = await connected(user, "uphold")

    assert (await synced(temporal_client, account_id))["number_imported"] == UPHOLD_IMPORTED
    await gql(user, SYNC, id=account_id)
    assert (await synced(temporal_client, account_id))["number_imported"] == 0
    job = await imported(
        user, account_id, "uphold.csv", fake.history_csv(), ImportType.TRANSACTION_HISTORY.value
    )
    assert (job["numberImported"], job["numberSkipped"]) == (0, UPHOLD_IMPORTED)
    assert (await account(user, account_id))["computedTransactionCount"] == UPHOLD_IMPORTED

    await revoked_ends_in_a_task(user, oauth, temporal_client, db_session, account_id)


async def test_coinjar_by_redirect_syncs_its_fills_once(
    user: httpx.AsyncClient,
    coinjar: tuple[CoinjarFake, OAuthServer],
    temporal_client: Client,
    db_session: Session,
) -> None:
    fake, oauth = coinjar
    account_id = await connected(user, "coinjar")

    assert (await synced(temporal_client, account_id))["number_imported"] == COINJAR_FILLS
    fake.add_fills(3)
    await gql(user, SYNC, id=account_id)
    assert (await synced(temporal_client, account_id))["number_imported"] == 3
    await gql(user, SYNC, id=account_id)
    assert (await synced(temporal_client, account_id))["number_imported"] == 0
    assert (await account(user, account_id))["computedTransactionCount"] == COINJAR_FILLS + 3

    await revoked_ends_in_a_task(user, oauth, temporal_client, db_session, account_id)


async def test_another_users_callback_creates_nothing(
    user: httpx.AsyncClient, other_user: httpx.AsyncClient, uphold: tuple[UpholdFake, OAuthServer]
) -> None:
    started = await user.get("/oauth/uphold/start")
    async with httpx.AsyncClient() as browser:
        consent = await browser.get(started.headers["location"])
    back = urlsplit(consent.headers["location"])

    refused = {"errorMessage": ["The connection was not authorized. Please try again."]}
    assert message(await other_user.get(f"{back.path}?{back.query}")) == refused
    assert (await gql(other_user, EXCHANGES))["exchanges"]["total"] == 0
    assert uphold[0].requests == 0
