"""The tax year page in a real browser on the real servers: a user whose 2023 ledger has every kind of
callout, a sync issue and an unresolved spam token asks for a calculation, then reads the callouts (each
linking to its transactions), the tasks and the tax-readiness sheet, ignores the task, and sees the
sidebar's spam dot. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings
from ledger.models import Asset, User
from ledger.writes.tasks import open_task
from tests.e2e.test_csv_import import sign_up
from tests.e2e.test_tax_workspace import shot
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from vocabulary.enums import CurrencyType, TaskType
from vocabulary.enums import TransactionType as Type

ME = "query { me { publicId } }"


@pytest.fixture
def ledger(servers: Settings) -> Iterator[Session]:
    engine = sync_engine(servers.db_url)
    with sync_sessions(engine)() as session:
        yield session
    engine.dispose()


def flagged_2023_ledger(session: Session, user: User) -> None:
    """In 2023: a BTC bought at a price far below the day's (VALUE_OUT_OF_BOUNDS), twice that sold
    (INSUFFICIENT_QUANTITY, MISSING_BALANCE), a trade with one side (UNBALANCED_TRANSACTION); an
    exchange whose API key was refused; an airdrop of a token the spam heuristic marked."""
    kraken = add_wallet(session, user, "Kraken")
    add_transaction(
        session,
        kraken,
        "2023-02-01 10:00",
        Type.BUY,
        out("fiat_USD", "100", "100"),
        into("crypto_BTC", "1", "100"),
    )
    add_transaction(
        session,
        kraken,
        "2023-03-01 10:00",
        Type.SELL,
        out("crypto_BTC", "2"),
        into("fiat_USD", "46000", "46000"),
    )
    add_transaction(session, kraken, "2023-04-01 10:00", Type.TRADE, into("crypto_ETH", "1"))
    open_task(session, user.id, TaskType.FIX_API_CREDENTIALS, kraken.id, "The API key was refused.")
    spam = Asset(
        id=f"blockchain_ethereum_0x{uuid.uuid4().hex}",
        symbol="VISIT-CLAIM.COM",
        name="Claim your reward",
        type=CurrencyType.BLOCKCHAIN_TOKEN,
        is_spam=True,
        was_automarked_as_spam=True,
    )
    session.add(spam)
    session.flush()
    add_transaction(session, kraken, "2023-05-01 10:00", Type.AIRDROP, into(spam.id, "5000"))
    session.commit()


def test_the_tax_page_shows_callouts_tasks_and_readiness(page: Page, ledger: Session) -> None:
    sign_up(page)
    public_id = page.request.post("/graphql", data={"query": ME}).json()["data"]["me"]["publicId"]
    user = ledger.scalar(select(User).where(User.public_id == uuid.UUID(public_id)))
    assert user is not None
    flagged_2023_ledger(ledger, user)

    page.goto("/tax/2023")
    expect(page.get_by_test_id("spam-dot")).to_be_visible()
    page.get_by_role("button", name="Calculate portfolio and taxes").click()
    expect(
        page.get_by_test_id("toast").filter(has_text="Enqueued portfolio and tax calculations.")
    ).to_be_visible()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)

    callouts = page.get_by_test_id("callouts")
    expect(callouts.get_by_role("listitem")).to_have_count(4)
    for callout, text in (
        ("INSUFFICIENT_QUANTITY", "Missing purchase history · 1 transaction"),
        ("MISSING_BALANCE", "Missing balance · 1 transaction"),
        ("UNBALANCED_TRANSACTION", "Unbalanced transactions · 1 transaction"),
        ("VALUE_OUT_OF_BOUNDS", "Unlikely values · 1 transaction"),
    ):
        expect(callouts.locator(f"[data-callout={callout}]")).to_contain_text(text)
    tasks = page.get_by_test_id("tasks")
    expect(tasks).to_contain_text("Fix API credentials · Kraken")
    expect(tasks).to_contain_text("The API key was refused.")
    shot(page, "tax_2023_callouts_tasks")

    # The readiness sheet: a sync issue and errors, so no step is checked until the user checks it.
    page.get_by_role("button", name="Tax readiness").click()
    sheet = page.get_by_test_id("tax-readiness")
    expect(sheet.get_by_test_id("readiness-state-1")).to_have_text("Current step")
    for step in (2, 3, 4):
        expect(sheet.get_by_test_id(f"readiness-state-{step}")).to_have_text("To do")
    expect(sheet).to_contain_text("1 sync issue to fix")
    sheet.get_by_role("button", name="Continue").click()
    expect(sheet.get_by_test_id("readiness-state-1")).to_have_text("Done")
    expect(sheet.get_by_test_id("readiness-state-2")).to_have_text("Current step")
    shot(page, "tax_readiness")
    sheet.get_by_role("button", name="Close").click()

    # The task ignored, it leaves the list to do.
    tasks.get_by_role("button", name="Ignore", exact=True).click()
    expect(tasks).to_contain_text("Nothing to do.")
    tasks.get_by_role("button", name="Ignored").click()
    expect(tasks).to_contain_text("Fix API credentials · Kraken")

    # A callout's link lists exactly the transaction it counted.
    callouts.locator("[data-callout=MISSING_BALANCE]").get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/transactions\?q=callout%3AMISSING_BALANCE\+tax_year%3A2023$"))
    expect(page.get_by_test_id("transaction-row")).to_have_count(1)
    shot(page, "tax_2023_missing_balance")
