"""api/spa.py with a build that holds prerendered public pages (frontend/scripts/prerender.mjs)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from api.spa import spa_router


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    dist = tmp_path / "dist"
    (dist / "features").mkdir(parents=True)
    (dist / "blog" / "crypto-tax-guide").mkdir(parents=True)
    (dist / "index.html").write_text("<div id=root></div>")
    (dist / "features" / "index.html").write_text("<h1>How it works</h1>")
    (dist / "blog" / "crypto-tax-guide" / "index.html").write_text("<h1>Crypto Tax Guide</h1>")
    (tmp_path / "index.html").write_text("outside the build")
    app = FastAPI()
    app.include_router(spa_router(dist))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://cairn") as http:
        yield http


async def test_signed_out_visitors_get_the_prerendered_page(site: httpx.AsyncClient) -> None:
    for path, heading in [("/features", "How it works"), ("/blog/crypto-tax-guide/", "Crypto Tax Guide")]:
        answer = await site.get(path)
        assert answer.status_code == 200
        assert answer.text == f"<h1>{heading}</h1>"
        assert answer.headers["cache-control"] == "no-cache"


async def test_signed_in_visitors_and_other_paths_get_the_app(site: httpx.AsyncClient) -> None:
    assert (await site.get("/transactions")).text == "<div id=root></div>"
    site.cookies.set("is_auth", "true")
    assert (await site.get("/features")).text == "<div id=root></div>"
    assert (await site.get("/")).text == "<div id=root></div>"  # the app's own / goes to the dashboard


async def test_the_server_sends_signed_out_visitors_from_the_root_to_home(site: httpx.AsyncClient) -> None:
    bare = await site.get("/")
    assert (bare.status_code, bare.headers["location"]) == (307, "/home")
    tagged = await site.get("/?utm_source=newsletter&ref=a%20b")
    assert (tagged.status_code, tagged.headers["location"]) == (307, "/home?utm_source=newsletter&ref=a%20b")


async def test_a_coin_without_a_prerendered_page_answers_not_found(
    site: httpx.AsyncClient, tmp_path: Path
) -> None:
    # the fixture's build has no coin pages (built without price data): it knows no coin to refuse
    assert (await site.get("/price/not-a-coin")).status_code == 200
    (tmp_path / "dist" / "price" / "bitcoin").mkdir(parents=True)
    (tmp_path / "dist" / "price" / "bitcoin" / "index.html").write_text("<h1>Bitcoin price BTC</h1>")
    bitcoin = await site.get("/price/bitcoin")
    assert (bitcoin.status_code, bitcoin.text) == (200, "<h1>Bitcoin price BTC</h1>")
    for unknown in ("/price/not-a-coin", "/price/not-a-coin/"):
        missing = await site.get(unknown)
        # the app itself, which says "Coin not found"
        assert (missing.status_code, missing.text) == (404, "<div id=root></div>"), unknown
    assert (await site.get("/price/bitcoin/chart")).status_code == 200  # not a coin page: the app's own
    site.cookies.set("is_auth", "true")
    assert (await site.get("/price/not-a-coin")).status_code == 404
    signed_in = await site.get("/price/bitcoin")
    assert (signed_in.status_code, signed_in.text) == (200, "<div id=root></div>")


async def test_a_path_cannot_reach_an_index_outside_the_build(site: httpx.AsyncClient) -> None:
    assert (await site.get("/%2E%2E/")).text == "<div id=root></div>"
