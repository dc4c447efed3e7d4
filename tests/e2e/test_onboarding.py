"""Sign up → onboarding → add a wallet → confirm country → home (issue 16), in a real browser on the real
servers, with the cookie consent banner answered on the way and the sign-in landing afterwards, on the
home page chosen in the settings."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import GENERIC_FILE, choose_file

shot = screenshots("onboarding_")
PASSWORD = "correct horse battery"


def test_sign_up_onboard_add_a_wallet_confirm_the_country_and_land_home(page: Page, tmp_path: Path) -> None:
    email = f"e2e-{uuid.uuid4().hex[:10]}@example.com"
    page.goto("/signup")
    consent = page.get_by_test_id("consent-banner")
    expect(consent).to_be_visible()
    page.get_by_role("button", name="Customize").click()
    expect(consent.get_by_label("Necessary (always on)")).to_be_checked()
    expect(consent.get_by_label("Necessary (always on)")).to_be_disabled()
    expect(consent.get_by_label("Analytics")).not_to_be_checked()
    shot(page, "consent")
    page.get_by_role("button", name="Save choices").click()
    expect(consent).to_have_count(0)

    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/onboarding/joined-welcome$"))
    expect(page.get_by_role("heading", name="Welcome to Cairn")).to_be_visible()
    shot(page, "welcome")
    page.get_by_role("link", name="Get started").click()

    expect(page).to_have_url(re.compile(r"/onboarding/add-wallet$"))
    page.get_by_test_id("open-add-wallets").click()
    modal = page.get_by_test_id("add-wallets-modal")
    expect(modal.get_by_role("heading", name="Add your wallets")).to_be_visible()
    modal.get_by_placeholder("Search...").fill("my own spreadsheet")
    modal.get_by_role("button", name="Upload CSV").click()
    page.get_by_test_id("csv-wallet-name").fill("Cold storage")
    choose_file(page, tmp_path, "history.csv", GENERIC_FILE)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    shot(page, "add_wallet")
    page.get_by_test_id("csv-import-button").click()

    expect(page).to_have_url(re.compile(r"/onboarding/add-another-wallet$"))
    expect(page.get_by_test_id("toast").filter(has_text="Successfully imported")).to_be_visible()
    page.get_by_role("link", name="Continue").click()
    for heading in ("One place for all your crypto", "Taxes, done right", "See how you are doing"):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        page.get_by_role("link", name="Continue").click()

    expect(page).to_have_url(re.compile(r"/onboarding/confirm-settings$"))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_text("Choose your country.")).to_be_visible()
    expect(page.get_by_label("Country")).to_have_attribute("aria-invalid", "true")
    shot(page, "country_required")
    page.get_by_label("Country").select_option("GB")
    page.get_by_role("button", name="Confirm").click()

    expect(page).to_have_url(re.compile(r"/onboarding/success$"))
    shot(page, "success")
    page.get_by_role("link", name="Go to my home page").click()
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page.get_by_test_id("portfolio-total")).to_be_visible()
    shot(page, "home")

    # the country is the user's setting now, and a later sign-in without `next` lands on the home page
    page.goto("/user/profile/tax")
    expect(page.get_by_label(re.compile("Country"))).to_have_value("GB")
    page.context.clear_cookies()
    page.goto("/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(r"/home$"))

    # the home page is a setting too: arriving at /dashboard or /home lands there, the Portfolio link stays
    page.goto("/user/profile")
    page.get_by_label("Page you land on after signing in").select_option(label="Taxes")
    expect(page.get_by_test_id("toast").filter(has_text="Home page saved.")).to_be_visible()
    shot(page, "home_page_setting")
    page.goto("/dashboard")
    expect(page).to_have_url(re.compile(r"/tax$"))
    page.get_by_role("link", name="Portfolio").click()
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page.get_by_test_id("portfolio-total")).to_be_visible()
