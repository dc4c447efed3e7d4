"""Custom currencies in a real browser on the real servers (spec 001 §2 /currencies/custom): a user whose
wallet received a token Cairn cannot identify finds it on the page, gives it a name, a description and a
price, adds a currency of their own, searches, and sees the token valued at their price on the home page.
Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import User
from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import sign_up
from tests.e2e.test_tax_page import ME, ledger
from tests.workflows.cost_basis_rows import add_transaction, add_user_token, add_wallet, into
from vocabulary.enums import TransactionType as Type

__all__ = ["ledger"]  # the fixture, used by name
shot = screenshots("custom_currencies_")
CONFIRM_COUNTRY = 'mutation { confirmOnboardingCountry(countryCode: "US") { success } }'


def test_a_user_prices_and_describes_their_custom_currencies(page: Page, ledger: Session) -> None:
    sign_up(page)
    public_id = page.request.post("/graphql", data={"query": ME}).json()["data"]["me"]["publicId"]
    user = ledger.scalar(select(User).where(User.public_id == uuid.UUID(public_id)))
    assert user is not None
    wallet = add_wallet(ledger, user, "Presale wallet")
    token = add_user_token(ledger, user, "ZORKCOIN")  # as an import makes one it cannot identify
    add_transaction(ledger, wallet, "2024-03-04 12:00", Type.AIRDROP, into(token, "1000"))
    ledger.commit()

    page.goto("/currencies/custom")
    expect(page.get_by_role("heading", name="Custom currencies")).to_be_visible()
    rows = page.get_by_test_id("user-asset")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("ZORKCOIN")

    page.get_by_role("button", name="Edit ZORKCOIN").click()
    dialog = page.get_by_test_id("user-asset-dialog")
    dialog.get_by_label("Name").fill("Zork Coin")
    dialog.get_by_label("Description").fill("Airdropped to the presale wallet in March 2024.")
    dialog.get_by_label("Price (USD)").fill("-1")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.get_by_text(re.compile("^Enter a price of zero or more"))).to_be_visible()
    dialog.get_by_label("Price (USD)").fill("0.0125")
    dialog.get_by_role("button", name="Save").click()
    expect(page.get_by_test_id("toast").filter(has_text="ZORKCOIN saved.")).to_be_visible()
    expect(dialog).to_have_count(0)
    expect(rows.first).to_contain_text("Zork Coin")
    expect(rows.first).to_contain_text("$0.0125")

    page.get_by_role("button", name="Add custom currency").click()
    dialog.get_by_label("Symbol").fill("zork")
    dialog.get_by_label("Name").fill("Zork Classic")
    dialog.get_by_role("button", name="Save").click()
    expect(page.get_by_test_id("toast").filter(has_text="ZORK saved.")).to_be_visible()
    expect(rows).to_have_count(2)
    page.get_by_role("button", name="Add custom currency").click()
    dialog.get_by_label("Symbol").fill("ZORK")
    dialog.get_by_label("Name").fill("Again")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.get_by_text("You already have a custom currency with this symbol.")).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    shot(page, "list")

    page.get_by_label("Search custom currencies").fill("classic")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("ZORK")
    shot(page, "search")

    # past onboarding, which a new user's home page is until they confirm where they pay taxes
    confirmed = page.request.post("/graphql", data={"query": CONFIRM_COUNTRY}).json()
    assert confirmed["data"]["confirmOnboardingCountry"]["success"], confirmed
    page.goto("/home")
    holding = page.get_by_test_id("holdings").get_by_role("row", name=re.compile("ZORKCOIN"))
    expect(holding).to_contain_text("$12.50")
    shot(page, "home")
