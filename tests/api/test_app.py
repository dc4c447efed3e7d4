"""The rest of the app: health, the single-page app, app info, the catalogue, cost-basis status."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select
from sqlalchemy.orm import Session
from temporalio.client import Client

from api.app import create_app
from ledger.infra.settings import Settings
from ledger.models import CostBasisStatus, TaxYearFreeze, User
from tests.api.graphql import CSV_SLUG, gql
from vocabulary.enums import CostBasisState, FreezingStatus, QueuePriority

pytestmark = pytest.mark.servers

INTEGRATIONS = """
query Integrations($search: String) {
  integrations(search: $search) {
    slug name rank category syncMethod formId imageUrl isDisabled supportsHdWallet instructions websiteUrl
    info { symbol cryptoNetwork isEvmChain supportedCryptoNetworks isInstitutional supportedFileFormats }
  }
}
"""
COST_BASIS = """
query GetCostBasisStatus {
  costBasisStatus {
    isUndergoingAllocation isCostBasisRunning costBasisLastSyncedAt costBasisComputeStartTime
    costBasisComputeEndTime costBasisStatus { state priority } costBasisRecomputationDate costBasisPaused
    freezing { status isAvailable startTime endTime lastUpdatedAt error }
  }
}
"""


@pytest.fixture
async def spa_client(
    tmp_path: Path, servers: Settings, temporal_client: Client
) -> AsyncIterator[tuple[httpx.AsyncClient, Path]]:
    """A client of an app whose frontend build directory starts empty."""
    app: FastAPI = create_app(
        servers.model_copy(update={"frontend_dist": tmp_path / "dist"}), temporal_client
    )
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as http,
    ):
        yield http, tmp_path / "dist"


async def test_health(client: httpx.AsyncClient) -> None:
    response = await client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


async def test_without_a_build_every_page_says_to_build_the_frontend(
    spa_client: tuple[httpx.AsyncClient, Path],
) -> None:
    http, _ = spa_client
    for path in ("/", "/wallets"):
        response = await http.get(path)
        assert response.status_code == 503
        assert "The frontend has not been built" in response.text and "npm run build" in response.text


async def test_the_built_app_serves_its_files_and_index_for_client_routes(
    spa_client: tuple[httpx.AsyncClient, Path],
) -> None:
    http, dist = spa_client
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<div id=root></div>")
    (dist / "assets" / "app-1234.js").write_text("console.log(1)")
    (dist.parent / "secret.txt").write_text("not served")

    asset = await http.get("/assets/app-1234.js")
    assert asset.text == "console.log(1)" and "immutable" in asset.headers["cache-control"]
    for route in ("/wallets/custom/12", "/accounts/3/import"):
        page = await http.get(route)
        assert page.status_code == 200 and page.text == "<div id=root></div>"
    home = await http.get("/")  # signed out, `/` is the public home (spec 001 §2: / redirects to /home)
    assert home.status_code == 307 and home.headers["location"] == "/home"
    assert (await http.get("/%2e%2e/secret.txt")).text == "<div id=root></div>"
    assert (await http.get("/auth/nothing-here")).status_code == 404


async def test_app_info(user: httpx.AsyncClient, servers: Settings) -> None:
    info = (await gql(user, "query { appInfo { maintenanceMode maintenanceMessage maxUploadBytes } }"))[
        "appInfo"
    ]
    assert info == {
        "maintenanceMode": False,
        "maintenanceMessage": None,
        "maxUploadBytes": servers.max_upload_bytes,
    }


async def test_integrations_are_listed_by_rank_with_csv_last(user: httpx.AsyncClient) -> None:
    everything = (await gql(user, INTEGRATIONS))["integrations"]
    assert len(everything) > 100
    assert everything[-1]["slug"] == CSV_SLUG and everything[-1]["formId"] is None
    ranks = [integration["rank"] for integration in everything[:-1]]
    assert ranks == sorted(ranks)

    found = (await gql(user, INTEGRATIONS, search="BiTcOiN"))["integrations"]
    assert [i["slug"] for i in found][-1] == CSV_SLUG
    assert "bitcoin" in [i["slug"] for i in found] and all(
        "bitcoin" in f"{i['name']} {i['slug']} {i['info']['symbol']}".lower() for i in found[:-1]
    )
    assert [i["slug"] for i in (await gql(user, INTEGRATIONS, search="%_"))["integrations"]] == [CSV_SLUG]


async def test_detected_crypto_networks_of_an_address(user: httpx.AsyncClient) -> None:
    query = "query($a: String!) { detectedCryptoNetworks(address: $a) { cryptoNetworkName } }"
    evm = (await gql(user, query, a="0x52908400098527886E0F7030069857D2E4169EE7"))["detectedCryptoNetworks"]
    assert {"cryptoNetworkName": "ethereum"} in evm
    assert (await gql(user, query, a="hello"))["detectedCryptoNetworks"] == []


async def test_cost_basis_status_of_a_new_user(user: httpx.AsyncClient) -> None:
    assert (await gql(user, COST_BASIS))["costBasisStatus"] == {
        "isUndergoingAllocation": False,
        "isCostBasisRunning": False,
        "costBasisLastSyncedAt": None,
        "costBasisComputeStartTime": None,
        "costBasisComputeEndTime": None,
        "costBasisStatus": {"state": None, "priority": None},
        "costBasisRecomputationDate": None,
        "costBasisPaused": False,
        "freezing": {
            "status": "unfrozen",
            "isAvailable": True,
            "startTime": None,
            "endTime": None,
            "lastUpdatedAt": None,
            "error": None,
        },
    }


async def test_cost_basis_status_of_a_running_computation(
    user: httpx.AsyncClient, db_session: Session
) -> None:
    public_id = (await gql(user, "query { me { publicId } }"))["me"]["publicId"]
    user_id = db_session.scalar(select(User.id).where(User.public_id == uuid.UUID(public_id)))
    started = datetime(2024, 5, 1, 8, 30, tzinfo=UTC)
    db_session.add(
        CostBasisStatus(
            user_id=user_id,
            state=CostBasisState.STARTED,
            priority=QueuePriority.HIGH,
            compute_start_time=started,
        )
    )
    db_session.add(TaxYearFreeze(user_id=user_id, year=2023, status=FreezingStatus.FREEZING_IN_PROGRESS))
    db_session.commit()

    status = (await gql(user, COST_BASIS))["costBasisStatus"]

    assert status["isCostBasisRunning"] is True
    assert status["costBasisStatus"] == {"state": "Started", "priority": "HIGH"}
    assert datetime.fromisoformat(status["costBasisComputeStartTime"]) == started
    assert status["freezing"]["status"] == "freezing_in_progress"
    assert status["freezing"]["lastUpdatedAt"] is not None


async def test_account_pages_check_their_arguments(user: httpx.AsyncClient) -> None:
    response = await user.post("/graphql", json={"query": "query { wallets(page: 0) { total } }"})
    assert response.json()["errors"][0]["message"] == "page must be 1 or more"
    empty = await gql(user, "query { exchanges(page: 2, limit: 10) { total page limit items { id } } }")
    assert empty["exchanges"] == {"total": 0, "page": 2, "limit": 10, "items": []}
