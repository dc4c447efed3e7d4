"""The public price pages and the wallet lookup in a real browser, signed out, against the product's own
price table and a local Esplora server: a coin page draws its chart and switches duration; the rankings
link to it; a signed-in visitor stars a coin onto the watchlist; a BTC address's balance is looked up,
with Check balance disabled while the address is blank, and the result card links to the wallets page.
Screenshots go to tests/e2e/screenshots/prices_*.png."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger.infra.settings import Settings
from tests.e2e.conftest import forget_sign_up_attempts, own_app
from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import sign_up
from tests.fakes.esplora import EsploraServer

shot = screenshots("prices_")
ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"  # BIP-84's test vector


@pytest.fixture(scope="module")
def lookup_app(servers: Settings) -> Iterator[str]:
    """The product with its Bitcoin explorer being the local Esplora server (a port and a task queue of
    its own, so the session's live app is not disturbed)."""
    if not (servers.frontend_dist / "index.html").exists():
        pytest.fail(f"{servers.frontend_dist} is not built: run `make frontend` (make test does).")
    from stack.seed import prepare_database

    prepare_database(servers)
    with EsploraServer() as esplora:
        funding = esplora.add([("", 0)], [(ADDRESS, 150_000_000)], fee=0)
        esplora.add([(funding, 0)], [("outside-payee", 49_990_000), (ADDRESS, 100_000_000)], fee=10_000)
        outside = {"CAIRN_ESPLORA_URLS": json.dumps({"bitcoin": esplora.url})}
        with own_app(servers, "prices", outside) as origin:
            yield origin


@pytest.fixture
def visitor(browser: Browser, lookup_app: str, servers: Settings) -> Iterator[Page]:
    forget_sign_up_attempts(servers)
    context = browser.new_context(base_url=lookup_app, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    yield page
    context.close()
    assert errors == []


def test_a_price_page_with_its_chart(visitor: Page) -> None:
    page = visitor
    page.goto("/prices")
    expect(page.get_by_role("heading", level=1)).to_have_text("Cryptocurrency prices today")
    table = page.get_by_test_id("price-table")
    expect(table.get_by_role("row")).to_have_count(11)  # the header and the top 10
    shot(page, "rankings")

    table.get_by_role("link", name="Bitcoin BTC").click()
    expect(page).to_have_url(re.compile(r"/price/bitcoin$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Bitcoin price BTC")
    expect(page).to_have_title("Bitcoin (BTC) price | Cairn")
    expect(page.get_by_test_id("coin-price")).to_contain_text("$")
    chart = page.get_by_test_id("price-chart")
    expect(chart.locator(".recharts-area-curve")).to_be_visible()
    expect(chart.get_by_role("table", name="Bitcoin daily close in USD").locator("tbody tr")).to_have_count(
        31
    )
    page.get_by_role("button", name="One week").click()
    expect(chart.get_by_role("table").locator("tbody tr")).to_have_count(8)
    chart.locator(".recharts-surface").hover()
    expect(chart.locator(".recharts-tooltip-wrapper")).to_contain_text("Close")
    shot(page, "bitcoin")

    page.goto("/coins/gainers-and-losers")
    expect(page.get_by_role("heading", level=1)).to_have_text("Top crypto gainers and losers")


def test_an_unknown_coin_answers_404_and_says_so(browser: Browser, lookup_app: str) -> None:
    """Its own page: the browser logs the 404 it was meant to get, which `visitor` counts as an error."""
    context = browser.new_context(base_url=lookup_app)
    try:
        page = context.new_page()
        response = page.goto("/price/no-such-coin")
        assert response is not None and response.status == 404
        expect(page.get_by_role("heading", level=1)).to_have_text("Coin not found")
    finally:
        context.close()


def test_a_signed_in_visitor_keeps_a_watchlist(visitor: Page) -> None:
    page = visitor
    page.goto("/prices/watchlist")
    expect(page.get_by_text("Sign in to keep a watchlist.")).to_be_visible()
    sign_up(page)

    page.goto("/prices/all")
    page.get_by_role("button", name="Add Solana to watchlist").click()
    expect(page.get_by_role("button", name="Remove Solana from watchlist")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.goto("/prices/watchlist")
    rows = page.get_by_test_id("price-table").locator("tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Solana")
    shot(page, "watchlist")


def test_a_btc_address_balance_from_the_local_esplora_server(visitor: Page) -> None:
    page = visitor
    page.goto("/home")
    landing = page.get_by_test_id("landing-wallet-check")
    expect(landing.get_by_role("button", name="Check balance")).to_be_disabled()
    expect(landing.get_by_label("Coin")).to_be_enabled()  # the coins are in: the prerendered page is live
    landing.get_by_label("Wallet address").fill(ADDRESS)
    expect(landing.get_by_role("button", name="Check balance")).to_be_enabled()

    page.goto("/wallet/bitcoin")
    expect(page.get_by_role("heading", level=1)).to_have_text("Crypto wallet lookup")
    button = page.get_by_role("button", name="Check balance")
    expect(page.get_by_label("Coin")).to_have_value("BTC")
    expect(button).to_be_disabled()
    page.get_by_label("Wallet address").fill("   ")
    expect(button).to_be_disabled()

    page.get_by_label("Wallet address").fill(ADDRESS)
    button.click()
    card = page.get_by_test_id("wallet-result")
    expect(card).to_contain_text(ADDRESS)
    expect(card).to_contain_text("1 BTC")
    expect(card.get_by_role("link", name="Track this wallet")).to_have_attribute(
        "href", "/wallets?add_integration=bitcoin_blockchain"
    )
    shot(page, "wallet_lookup")
