"""Tax professionals in a real browser on the real servers (issue 16 "Done when"): a tax pro registers,
invites a client, the client accepts, and the pro opens the client's tax page with the banner 'Viewing as
{email}', then goes back with 'Back to tax pro dashboard'. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from stack.api_client import CairnApi
from tests.e2e.screenshots import screenshots

shot = screenshots("tax_pros_")
PASSWORD = "correct horse battery"
LEDGER = (
    b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
    b"2024-01-02 10:00:00,1.5,BTC,30000,USD,,,\n"
    b"2024-06-03 10:00:00,6000,USD,0.1,BTC,,,\n"
)


def sign_in(page: Page, email: str) -> None:
    page.goto("/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).not_to_have_url(re.compile(r"/login"))


@pytest.fixture
def client_email(live_app: str) -> Iterator[str]:
    """A client with a wallet of two trades, imported as the browser imports."""
    api = CairnApi(live_app)
    email = f"client-{uuid.uuid4().hex[:10]}@example.com"
    api.sign_in(email, PASSWORD)
    url = api.upload("ledger.csv", LEDGER)
    api.validate(url)
    assert api.wait_for_job(api.create_custom_wallet("Cold storage", url))["success"]
    api.close()
    yield email


@pytest.fixture
def client_page(browser: Browser, live_app: str) -> Iterator[Page]:
    context = browser.new_context(base_url=live_app, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def test_a_pro_invites_a_client_who_accepts_and_the_pro_opens_the_clients_tax_page(
    page: Page, client_page: Page, live_app: str, client_email: str
) -> None:
    pro_email = f"Pro-{uuid.uuid4().hex[:10]}@example.com"
    api = CairnApi(live_app)
    api.sign_in(pro_email, PASSWORD)
    api.close()
    sign_in(page, pro_email)

    # /tax-pros leads to the tax professionals' page, where the pro registers with a firm
    page.goto("/tax-pros")
    expect(page).to_have_url(re.compile(r"/tax-professionals$"))
    page.get_by_label("I am a certified public accountant (CPA)").check()
    page.get_by_label("Firm name (optional)").fill("Ledger & Co")
    shot(page, "register")
    page.get_by_role("button", name="Register").click()
    expect(page).to_have_url(re.compile(r"/tax-pros/dashboard$"))
    expect(page.get_by_role("heading", name="Tax pro dashboard")).to_be_visible()

    # the tax-pro header and its user menu under the lowercased e-mail
    header = page.get_by_role("banner")
    expect(header.get_by_role("link", name="Dashboard")).to_be_visible()
    expect(header.get_by_role("link", name="Request a Feature")).to_have_attribute("target", "_blank")
    page.get_by_test_id("tax-pro-user-menu").click()
    menu = page.get_by_role("menu")
    expect(menu).to_contain_text(pro_email.lower())
    for item in ("Go to personal account", "Settings", "Upgrade account", "Tax pro support", "Logout"):
        expect(menu.get_by_role("menuitem", name=item)).to_be_visible()
    shot(page, "header_menu")
    page.keyboard.press("Escape")

    # the pro invites the client
    page.get_by_label("Client email").fill(client_email)
    page.get_by_role("button", name="Send invite").click()
    expect(page.get_by_role("list", name="Invites you sent")).to_contain_text(client_email)
    shot(page, "invite_sent")

    # the client accepts from "Add a tax professional"
    sign_in(client_page, client_email)
    client_page.get_by_test_id("account-menu").click()
    client_page.get_by_role("menuitem", name="Add a tax professional").click()
    expect(client_page).to_have_url(re.compile(r"/user/profile/tax-professionals$"))
    invites = client_page.get_by_test_id("incoming-invites")
    expect(invites).to_contain_text(pro_email.lower())
    shot(client_page, "client_invite")
    invites.get_by_role("button", name="Accept").click()
    expect(client_page.get_by_role("list", name="Your tax professionals")).to_contain_text(pro_email.lower())
    expect(client_page.get_by_role("list", name="Your tax professionals")).to_contain_text("Ledger & Co")
    shot(client_page, "client_accepted")

    # the pro opens the client's tax page, with the banner, and goes back
    page.reload()
    clients = page.get_by_test_id("tax-pro-clients")
    expect(clients).to_contain_text(client_email)
    expect(page.get_by_role("list", name="Invites you sent")).to_have_count(0)
    shot(page, "dashboard_with_client")
    clients.get_by_role("button", name=f"View {client_email}'s books").click()
    expect(page).to_have_url(re.compile(r"/tax$|/tax/\d{4}$"))
    banner = page.get_by_test_id("tax-pro-viewing-banner")
    expect(banner).to_contain_text(f"Viewing as {client_email}")
    expect(page.get_by_test_id("view-as-banner")).to_have_count(0)
    page.get_by_role("link", name="2024", exact=True).click()
    expect(page.get_by_role("heading", name="Taxes 2024")).to_be_visible()
    expect(page.get_by_role("heading", name="Capital gains")).to_be_visible()
    expect(banner).to_contain_text(f"Viewing as {client_email}")
    shot(page, "client_tax_page")

    banner.get_by_role("button", name="Back to tax pro dashboard").click()
    expect(page).to_have_url(re.compile(r"/tax-pros/dashboard$"))
    expect(page.get_by_test_id("tax-pro-viewing-banner")).to_have_count(0)
    expect(page.get_by_test_id("tax-pro-clients")).to_contain_text(client_email)

    # the firm founded at registration: its admin, with the client
    page.get_by_role("navigation", name="Tax pro sections").get_by_role("link", name="Firm").click()
    expect(page.get_by_role("heading", name="Ledger & Co")).to_be_visible()
    members = page.get_by_test_id("firm-members")
    expect(members).to_contain_text(pro_email.lower())
    expect(members).to_contain_text("Firm admin")
    expect(members).to_contain_text(client_email)
    shot(page, "firm_view")


def test_the_tax_pro_header_says_sign_out_on_mobile(page: Page, live_app: str) -> None:
    email = f"pro-{uuid.uuid4().hex[:10]}@example.com"
    api = CairnApi(live_app)
    api.sign_in(email, PASSWORD)
    api.graphql("mutation { registerAsTaxPro(isCpa: false) { success } }")
    api.close()
    page.set_viewport_size({"width": 390, "height": 800})
    sign_in(page, email)
    page.goto("/tax-pros/dashboard")
    page.get_by_test_id("tax-pro-user-menu").click()
    expect(page.get_by_role("menuitem", name="Sign out")).to_be_visible()
    shot(page, "mobile_menu")
    page.get_by_role("menuitem", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"/login"))
