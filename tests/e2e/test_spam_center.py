"""The spam center in a real browser on the real servers: a user whose wallet received a lure token and an
unsolicited one opens the spam item of the sidebar (its dot shown), reads why the heuristic marked each,
unmarks the lure and confirms the other, sees the dot go, and marks the lure as spam again from the Not
spam page. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import Asset, User
from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import sign_up
from tests.e2e.test_tax_page import ME, ledger
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import CurrencyType
from vocabulary.enums import TransactionType as Type

__all__ = ["ledger"]  # the fixture, used by name
shot = screenshots("spam_center_")


def token(symbol: str, name: str) -> Asset:
    contract = "0x" + uuid.uuid4().hex + "0" * 8
    return Asset(
        id=f"blockchain_ethereum_{contract}",
        symbol=symbol,
        name=name,
        type=CurrencyType.BLOCKCHAIN_TOKEN,
        contract_address=contract,
        crypto_network="ethereum",
        is_spam=True,
        was_automarked_as_spam=True,
    )


def test_the_spam_center_lists_why_and_takes_the_users_verdicts(page: Page, ledger: Session) -> None:
    sign_up(page)
    public_id = page.request.post("/graphql", data={"query": ME}).json()["data"]["me"]["publicId"]
    user = ledger.scalar(select(User).where(User.public_id == uuid.UUID(public_id)))
    assert user is not None
    lure, unsolicited = token("ETHG", "Visit eth-gift.com to claim"), token("PEPEG", "Pepe Gold")
    ledger.add_all([lure, unsolicited])
    ledger.flush()
    wallet = add_wallet(ledger, user, "Ethereum")
    add_transaction(
        ledger, wallet, "2024-01-01 10:00", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_ETH", "1")
    )
    add_transaction(ledger, wallet, "2024-02-01 10:00", Type.AIRDROP, into(lure.id, "500"))
    add_transaction(ledger, wallet, "2024-02-02 10:00", Type.AIRDROP, into(unsolicited.id, "1000"))
    ledger.commit()

    page.goto("/wallets")
    dot = page.get_by_test_id("spam-dot")
    expect(dot).to_have_attribute("title", "2 unresolved spam assets")
    page.get_by_role("navigation", name="Main").get_by_role("link", name=re.compile(r"^Spam")).click()
    expect(page).to_have_url(re.compile(r"/spam-center/to-review$"))
    expect(page.get_by_role("heading", name="Spam center")).to_be_visible()
    rows = page.get_by_test_id("spam-asset")
    expect(rows).to_have_count(2)
    lure_row, other_row = rows.filter(has_text="ETHG"), rows.filter(has_text="PEPEG")
    expect(lure_row).to_contain_text(
        "Its name or symbol advertises a website or asks you to claim, visit or redeem something"
    )
    expect(other_row).to_contain_text("It was sent to you unsolicited")
    shot(page, "to_review")

    lure_row.get_by_role("button", name="Not spam").click()
    expect(page.get_by_test_id("toast").filter(has_text="ETHG marked as not spam.")).to_be_visible()
    expect(rows).to_have_count(1)
    expect(dot).to_have_attribute("title", "1 unresolved spam assets")
    other_row.get_by_role("button", name="Spam", exact=True).click()
    expect(page.get_by_test_id("toast").filter(has_text="PEPEG marked as spam.")).to_be_visible()
    expect(page.get_by_text("No suspected spam to review.")).to_be_visible()
    expect(dot).to_have_count(0)
    shot(page, "resolved")

    tabs = page.get_by_role("navigation", name="Spam center pages")
    tabs.get_by_role("link", name=re.compile(r"^Not spam")).click()
    expect(page).to_have_url(re.compile(r"/spam-center/not-spam$"))
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("ETHG")
    rows.first.get_by_role("button", name="Mark as spam").click()
    expect(page.get_by_text("No assets are marked as not spam.")).to_be_visible()
    tabs.get_by_role("link", name=re.compile(r"^Spam")).click()
    expect(rows).to_have_count(2)
    expect(dot).to_have_count(0)
    shot(page, "spam")

    page.goto("/spam-center/nonsense")
    expect(page.get_by_test_id("not-found")).to_be_visible()
