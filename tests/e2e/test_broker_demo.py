"""The broker demo (CBE, spec 001 §2, §6) in a real browser on the real servers: a broker opens the broker
portal (the Tax Center top bar), allows user wallet connect, switches to the user portal, adds a deposit and
a sell order from the demo group, switches back, sees the exchange-level report of 2025 and the deposit
history, and resets the demo account, which turns user wallet connect off and seeds the demo account
again. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
import time
import uuid

from playwright.sync_api import Locator, Page, expect

from ledger.infra.settings import Settings
from stack.api_client import CairnApi
from stack.staff import make_broker
from tests.e2e.screenshots import screenshots

shot = screenshots("broker_demo_")
PASSWORD = "correct horse battery"


def shows_after_runs(page: Page, found: Locator, text: str, timeout: float = 90) -> None:
    """Reloads until `found` holds `text`: the report reads the cost-basis run the change asked for."""
    deadline = time.monotonic() + timeout
    while text not in (found.text_content(timeout=20_000) or ""):
        assert time.monotonic() < deadline, f"{text!r} never showed"
        time.sleep(1)
        page.reload()
    expect(found).to_contain_text(text)


def enter(page: Page, asset: str, quantity: str, amount_label: str, amount: str, when: str) -> None:
    page.get_by_label("Asset").select_option(asset)
    page.get_by_label("Quantity").fill(quantity)
    page.get_by_label(amount_label).fill(amount)
    page.get_by_label("Date and time").fill(when)


def test_a_broker_adds_a_deposit_and_a_sell_order_sees_the_report_and_resets_the_demo(
    page: Page, live_app: str, servers: Settings
) -> None:
    email = f"broker-{uuid.uuid4().hex[:10]}@example.com"
    api = CairnApi(live_app)
    api.sign_in(email, PASSWORD)
    api.close()
    assert make_broker(servers, email, []) is None

    page.goto("/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).not_to_have_url(re.compile(r"/login"))

    # the broker portal: the Tax Center top bar, no Connect until the broker allows it
    page.goto("/users-overview")
    bar = page.get_by_test_id("tax-center-bar")
    expect(bar).to_contain_text("Tax Center")
    expect(bar.get_by_role("link", name="Home")).to_be_visible()
    expect(bar.get_by_role("link", name="Connect")).to_have_count(0)
    expect(page.get_by_test_id("connected-users")).to_contain_text(email)
    page.get_by_label("Allow user wallet connect").check()
    expect(bar.get_by_role("link", name="Connect")).to_have_attribute("href", "/wallets")
    bar.get_by_role("button", name=re.compile("Tax Lots")).click()
    for item in ("Available Lots", "Disposed Lots", "Tax Loss Harvest"):
        expect(page.get_by_role("menuitem", name=item)).to_be_visible()
    shot(page, "portal")
    page.keyboard.press("Escape")

    # the user portal: the reduced sidebar with the demo-only group
    bar.get_by_test_id("account-menu").click()
    page.get_by_role("menuitem", name="Switch to User Portal").click()
    expect(page).to_have_url(re.compile(r"/home$"))
    demo = page.get_by_role("navigation", name="Demo")
    for item in ("Upload CSV", "Add sell order", "Add deposit", "Cost basis method"):
        expect(demo.get_by_role("link", name=item)).to_be_visible()
    expect(page.get_by_role("link", name="Taxes 2025")).to_be_visible()
    shot(page, "user_portal")

    demo.get_by_role("link", name="Add deposit").click()
    enter(page, "BTC", "1", "Cost basis (USD)", "30000", "2025-04-01T12:00")
    page.get_by_role("button", name="Add deposit").click()
    expect(page.get_by_test_id("toast").get_by_text("Deposit added.")).to_be_visible()
    shot(page, "deposit")
    demo.get_by_role("link", name="Add sell order").click()
    enter(page, "BTC", "0.25", "Proceeds (USD)", "20000", "2025-05-01T12:00")
    page.get_by_role("button", name="Add sell order").click()
    expect(page.get_by_test_id("toast").get_by_text("Sell order added.")).to_be_visible()

    # back in the broker portal: the exchange-level report of 2025 and the deposit history
    page.get_by_test_id("account-menu").click()
    page.get_by_role("menuitem", name="Switch to Broker Portal").click()
    expect(page).to_have_url(re.compile(r"/users-overview$"))
    shows_after_runs(page, page.get_by_test_id("exchange-totals"), "20,000.00")
    expect(page.get_by_test_id("exchange-totals")).to_contain_text("7,500.00")  # cost basis of 0.25 BTC
    shot(page, "report")
    page.get_by_test_id("connected-users").get_by_role("link", name=email).click()
    expect(page.get_by_test_id("deposit-information")).to_contain_text("1 deposits")
    expect(page.get_by_test_id("deposit-history")).to_contain_text("Cairn Exchange")
    expect(page.get_by_test_id("deposit-history")).to_contain_text("30,000.00")

    # reset the demo account: user wallet connect off, the demo seed back (2 deposits, a sale of 16,000)
    bar.get_by_test_id("account-menu").click()
    page.get_by_role("menuitem", name="Reset demo account").click()
    page.get_by_test_id("confirm-reset-demo").click()
    expect(page.get_by_test_id("toast").get_by_text("The demo account was reset.")).to_be_visible()
    expect(bar.get_by_role("link", name="Connect")).to_have_count(0)
    bar.get_by_role("link", name="Home").click()
    shows_after_runs(page, page.get_by_test_id("exchange-totals"), "16,000.00")
    expect(page.get_by_test_id("connected-users")).to_contain_text("2")
    shot(page, "reset")
