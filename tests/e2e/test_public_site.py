"""The public site (spec 001 §1-§2) in a real browser, signed out and signed in, and its prerendered HTML
read without JavaScript the way a search engine reads it. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import httpx
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import sign_up
from vocabulary.plans import TAX_PLANS

shot = screenshots("public_site_")
# path → its one h1
PAGES = {
    "/home": "Crypto taxes and portfolio tracking, done right",
    "/features": "How it works",
    "/plans": "Pricing",
    "/integrations": "Integrations",
    "/blog": "Blog",
    "/blog/crypto-tax-guide": "Crypto Tax Guide",
    "/blog/crypto-tax-guide-for-cpas": "Crypto Tax Guide for CPAs",
    "/learn": "Crypto glossary",
    "/calculator": "Crypto profit calculator",
    "/portfolio-tracker": "Crypto portfolio tracker",
    "/enterprise": "Crypto tax software for enterprises",
    "/enterprise/schedule-demo": "Book your demo",
    "/partner/wk": "Cairn for Wolters Kluwer users",
    "/get/full-service": "Full service crypto taxes",
    "/get/testimonials": "Testimonials",
    "/privacy": "Privacy Policy",
    "/terms": "Terms of Service",
    "/security": "Security",
    "/disclaimer": "Disclaimer",
    "/about": "About Cairn",
    "/careers": "Careers",
    "/provision/success": "Provisioned",
    "/provision/error": "Provisioning failed",
    "/crypto-tax-software": "Crypto tax software",
    "/exchanges": "Crypto exchange tax reports",
    "/crypto-wallets": "Crypto wallet tax reports",
    "/canada": "Crypto tax software for Canada",
    "/uk": "Crypto tax software for the UK",
    "/referrals": "Earn up to $500",
    "/promotion/coinbase-one": "Cairn for Coinbase One members",
    "/coinbaseone": "Cairn for Coinbase One members",
    "/swap": "Swap crypto",
    "/prices": "Cryptocurrency prices today",
    "/prices/all": "All cryptocurrency prices",
    "/coins": "Cryptocurrencies by market cap",
    "/coins/market-cap": "Cryptocurrencies by market cap",
    "/coins/trading-volume": "Cryptocurrencies by trading volume",
    "/coins/gainers-and-losers": "Top crypto gainers and losers",
    "/coins/most-volatile": "Most volatile cryptocurrencies",
    "/coins/live-charts": "Live crypto charts",
    "/wallet": "Crypto wallet lookup",
    "/partner/coinbase": "Cairn for Coinbase users",
    "/partner/ledger": "Cairn for Ledger users",
    "/tax-professionals": "Cairn for tax professionals",
}
# public pages of a path parameter, rendered in the browser (path → its one h1)
DYNAMIC_PAGES = {
    "/price/bitcoin": "Bitcoin price BTC",
    "/wallet/bitcoin": "Crypto wallet lookup",
    "/swap/btc-eth": "Swap BTC to ETH",
    "/not_found": "Page not found",
}
# the price lists, each rendered with its rows (and prerendered with them: `cairn site data`)
RANKING_PAGES = (
    "/prices",
    "/prices/all",
    "/coins",
    "/coins/market-cap",
    "/coins/trading-volume",
    "/coins/gainers-and-losers",
    "/coins/most-volatile",
    "/coins/live-charts",
)
HELP_CENTER = "https://help.cairn.tax"
PROVISIONED = "You are now correctly provisioned. Thank you!"
NOT_PROVISIONED = "There was an unknown error provisioning your user. Contact your provider."
NOT_FOUND = "The page you are looking for has been moved or doesn't exist anymore."
# a price list's Bitcoin row in the prerendered HTML, with its price
BTC_ROW = re.compile(
    r'<a [^>]*href="/price/bitcoin"[^>]*><span>Bitcoin</span> <span[^>]*>BTC</span></a></td>'
    r'<td class="num">\$[\d,]+\.\d\d</td>'
)


def console_errors(page: Page) -> list[str]:
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def check_page(page: Page, path: str, heading: str) -> None:
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator("h1")).to_have_count(1)
    expect(page).to_have_title(re.compile(r"^\S.* \| Cairn$"))
    description = page.locator('meta[name="description"]')
    expect(description).to_have_count(1)
    assert description.get_attribute("content"), path
    if path in RANKING_PAGES:  # the rows are there before the screenshot
        rows = page.get_by_test_id("price-table").locator("tbody tr")
        expect(rows.filter(has_text="Bitcoin")).to_contain_text(re.compile(r"BTC\s*\$[\d,]+\.\d\d"))
        assert rows.count() >= 10, path


def test_every_public_page_signed_out(page: Page) -> None:
    errors = console_errors(page)
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page).to_have_title("Crypto Tax and Portfolio Software | Cairn")
    header = page.get_by_test_id("public-header")
    for link in ["Pricing", "Sign in", "Start for free"]:
        expect(header.get_by_role("link", name=link, exact=True)).to_be_visible()
    page.wait_for_load_state("networkidle")  # the prerendered button opens its menu once hydrated
    header.get_by_role("button", name="Features").click()
    menu = page.get_by_role("menu")
    expect(menu.get_by_role("menuitem")).to_have_text(
        [
            "How it works",
            "Crypto prices",
            "Integrations",
            "Crypto wallet lookup",
            "Trade calculator",
            "Portfolio tracker",
            "Tax professionals",
        ]
    )
    shot(page, "home_menu")
    page.keyboard.press("Escape")
    footer = page.get_by_test_id("public-footer")
    expect(footer).to_contain_text(f"© {datetime.now(UTC).year} Cairn")
    expect(footer.get_by_role("link", name=re.compile(r"^Careers\s*Hiring$"))).to_be_visible()

    # a long page in a short window: the banner waits for the scroll, the header hides past 100 px
    page.set_viewport_size({"width": 1280, "height": 600})
    page.goto("/blog/crypto-tax-guide")
    banner = page.get_by_test_id("public-banner")
    expect(header).to_be_visible()
    expect(banner).to_have_count(0)
    page.mouse.wheel(0, 400)
    expect(header).to_have_class(re.compile(r"is-hidden"))
    expect(banner).to_contain_text("2.5 million users")
    shot(page, "guide_scrolled")
    page.mouse.wheel(0, -100)
    expect(header).not_to_have_class(re.compile(r"is-hidden"))
    banner.get_by_role("button", name="Close banner").click()
    expect(banner).to_have_count(0)
    page.goto("/blog/crypto-tax-guide")
    page.mouse.wheel(0, 400)
    expect(header).to_have_class(re.compile(r"is-hidden"))
    expect(page.get_by_test_id("public-banner")).to_have_count(0)
    page.set_viewport_size({"width": 1280, "height": 900})

    for path, heading in {**PAGES, **DYNAMIC_PAGES}.items():
        check_page(page, path, heading)
        shot(page, f"signed_out{path.replace('/', '_')}")
        if path == "/enterprise":
            expect(header.get_by_role("link", name="Book your demo")).to_be_visible()
            shot(page, "enterprise")
        if path == "/blog/crypto-tax-guide":
            shot(page, "tax_guide")
    # the prices a page was prerendered with are the build's: the browser asks for today's at once
    with page.expect_response(lambda answer: answer.url.endswith("/public/graphql")) as prices:
        page.goto("/prices")
    assert '"coinPrices"' in prices.value.text()
    page.goto("/provision/success")
    expect(page.get_by_text(PROVISIONED)).to_be_visible()
    page.goto("/provision/error")
    expect(page.get_by_text(NOT_PROVISIONED)).to_be_visible()

    page.goto("/calculator")
    page.get_by_label("Quantity").fill("0.5")
    page.get_by_label("Buy price (USD)").fill("30000")
    page.get_by_label("Sell price (USD)").fill("25000")
    page.get_by_label("Fees (USD)").fill("12.5")
    expect(page.get_by_test_id("calculator-profit")).to_have_text("-$2,512.50")
    shot(page, "calculator")

    page.goto("/enterprise")
    page.get_by_test_id("public-header").get_by_role("link", name="Book your demo").click()
    expect(page).to_have_url(re.compile(r"/enterprise/schedule-demo$"))
    form = page.get_by_role("form", name="Book your demo")
    form.get_by_label("Name").fill("Ada Lovelace")
    form.get_by_label("Work email").fill("Ada@Example.com")
    form.get_by_label("Company").fill("Analytical Ltd")
    form.get_by_role("button", name="Book your demo").click()
    expect(page.get_by_test_id("demo-booked")).to_have_text(
        "Thank you! Your demo is booked. We will write to ada@example.com to find a time."
    )
    shot(page, "demo_booked")

    page.goto("/integrations")
    expect(page.get_by_test_id("integrations-directory")).to_contain_text("Kraken")
    shot(page, "integrations_signed_out")
    page.goto("/exchanges")
    exchanges = page.get_by_test_id("integrations-directory")
    expect(exchanges).to_contain_text("Kraken")
    expect(exchanges).not_to_contain_text("Ledger")
    shot(page, "exchanges_landing")
    page.goto("/swap/btc-eth")
    expect(page.get_by_role("heading", level=1)).to_have_text("Swap BTC to ETH")
    expect(page).to_have_title("Swap BTC to ETH | Cairn")

    # a page that does not scroll (a short page in a tall window) shows the banner at once
    page.set_viewport_size({"width": 1280, "height": 2400})
    page.goto("/provision/success")
    expect(page.get_by_test_id("public-banner")).to_have_count(0)  # closed above, and it stays closed
    page.evaluate("window.localStorage.removeItem('public_banner_closed')")
    page.reload()
    expect(page.get_by_test_id("public-banner")).to_contain_text("2.5 million users")
    shot(page, "banner_short_page")
    page.set_viewport_size({"width": 1280, "height": 900})

    page.goto("/no-such-page")
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    expect(page.get_by_text(NOT_FOUND)).to_be_visible()
    expect(page.get_by_role("link", name="Return to dashboard")).to_have_count(0)
    assert errors == []


def goes_to_the_help_centre(page: Page) -> None:
    page.route(
        f"{HELP_CENTER}/**",
        lambda route: route.fulfill(content_type="text/html", body="<h1>Cairn help center</h1>"),
    )
    page.goto("/support")
    expect(page).to_have_url(f"{HELP_CENTER}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Cairn help center")


def test_support_goes_to_the_help_centre(page: Page) -> None:
    goes_to_the_help_centre(page)
    page.goto("/home")
    page.wait_for_load_state("networkidle")  # the prerendered button opens its menu once hydrated
    page.get_by_test_id("public-header").get_by_role("button", name="Learn").click()
    expect(page.get_by_role("menuitem", name="Support")).to_have_attribute("href", HELP_CENTER)


def test_every_public_page_signed_in(page: Page) -> None:
    sign_up(page)
    errors = console_errors(page)
    for path, heading in {**PAGES, **DYNAMIC_PAGES}.items():
        if path == "/home":
            continue
        check_page(page, path, heading)
        shot(page, f"signed_in{path.replace('/', '_')}")
        if path != "/not_found":
            expect(page.get_by_test_id("public-header").get_by_role("link", name="Go to app")).to_be_visible()
    page.goto("/integrations")
    expect(page.get_by_test_id("integrations-directory")).to_contain_text("Kraken")
    shot(page, "integrations_signed_in")
    page.get_by_test_id("public-header").get_by_role("link", name="Go to app").click()
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page.get_by_test_id("public-header")).to_have_count(0)
    page.goto("/no-such-page")
    expect(page.get_by_role("link", name="Return to dashboard")).to_be_visible()
    assert errors == []
    goes_to_the_help_centre(page)


def test_public_pages_hold_their_content_without_javascript(live_app: str) -> None:
    with httpx.Client(base_url=live_app) as http:
        root = http.get("/?utm_source=news")
        assert (root.status_code, root.headers["location"]) == (307, "/home?utm_source=news")
        for path, heading in PAGES.items():
            html = http.get(path).text
            assert re.search(rf"<h1[^>]*>{re.escape(heading)}</h1>", html), path
            assert re.search(r'<meta name="description" content="[^"]+" />', html), path
            assert re.search(r"<title>[^<]+ \| Cairn</title>", html), path
        home = http.get("/home").text
        # the top bar's menus are open only with JavaScript: their links are in <noscript> too
        for href in ("/features", "/prices", "/wallet", "/calculator", "/tax-professionals", "/learn"):
            assert re.search(rf'<noscript>.*<a href="{href}"', home, re.S), href
        assert f'<meta http-equiv="refresh" content="0; url={HELP_CENTER}" />' in http.get("/support").text
        # the pages that show data hold it (`cairn site data` at build time)
        for path in RANKING_PAGES:
            html = http.get(path).text
            assert re.search(BTC_ROW, html), path
            assert len(re.findall(r"<tr><td>", html)) >= 10, path
        plans = http.get("/plans").text
        for terms in TAX_PLANS:
            price = f"${terms.price:,.2f} per tax year" if terms.price else "Free"
            assert f"<strong>{terms.name}</strong>: <!-- -->{price}" in plans, terms.name
        for path in ("/integrations", "/exchanges"):
            directory = r'data-testid="integrations-directory"[^>]*>.*<li>Kraken'
            assert re.search(directory, http.get(path).text), path
        bitcoin = http.get("/price/bitcoin")
        assert bitcoin.status_code == 200
        assert "<title>Bitcoin (BTC) price | Cairn</title>" in bitcoin.text
        assert '<meta name="description" content="Bitcoin price today in USD,' in bitcoin.text
        heading = r'<h1>Bitcoin<!-- --> price <span class="coin-page__symbol">BTC</span></h1>'
        assert re.search(heading, bitcoin.text)
        assert re.search(r'data-testid="coin-price">\$[\d,]+\.\d\d<', bitcoin.text)
        assert len(re.findall(r"<h1", bitcoin.text)) == 1
        assert '<meta http-equiv="refresh" content="0; url=/price/bitcoin" />' in http.get("/price/btc").text
        unknown = http.get("/price/not-a-coin")
        assert unknown.status_code == 404
        assert '<div id="root"></div>' in unknown.text  # the app, which says "Coin not found"
        guide = http.get("/blog/crypto-tax-guide").text
        assert "<h2>Which events are taxable?</h2>" in guide
        assert "Selling crypto for fiat currency" in guide
        assert PROVISIONED in http.get("/provision/success").text
        assert "Crypto Tax and Portfolio Software | Cairn" in http.get("/home").text
        # signed in, /home is the app, not the public home
        http.cookies.set("is_auth", "true")
        app = http.get("/home").text
        assert '<div id="root"></div>' in app
