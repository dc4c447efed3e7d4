"""Plans in a real browser on the real servers (issue 16's "Done when"): a Free user with more transactions
than the plan covers sees the transaction-limit card and the report blocker, buys Prime through the local
Stripe (its checkout page, its signed webhook) and then generates the report. Screenshots go to
tests/e2e/screenshots/."""

from __future__ import annotations

import io
import re
from datetime import date, timedelta
from pathlib import Path

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up
from tests.fakes.stripe import FakeStripe

shot = screenshots("plans_")
HEADER = b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
FIRST_SALE = date(2024, 2, 1)
SALES = 30  # with the buy, 31 transactions: over the Free plan's 25
HISTORY = (
    HEADER
    + b"2024-01-02 10:00:00,1,BTC,40000,USD,,,\n"
    + b"".join(
        f"{FIRST_SALE + timedelta(days=day)} 10:00:00,{50 + day},USD,0.001,BTC,,,\n".encode()
        for day in range(SALES)
    )
)


def test_a_free_user_over_the_limit_buys_prime_and_generates_the_report(
    page: Page, tmp_path: Path, stripe: FakeStripe
) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Exchange")
    choose_file(page, tmp_path, "history.csv", HISTORY)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)

    # The card: 31 of 25 transactions, the bar full (capped), the Free plan's message.
    card = page.get_by_test_id("transaction-limit-card")
    expect(card).to_contain_text("31 / 25 transactions")
    expect(card).to_contain_text(
        "This wallet exceeds the number of transactions allowed for your current plan."
    )
    expect(card.get_by_role("progressbar")).to_have_attribute("aria-valuenow", "100")
    shot(page, "limit_card")

    # The blocker: the Free plan makes no tax forms.
    page.get_by_role("link", name="Documents").click()
    panel = page.get_by_role("region", name="Generate a report")
    panel.get_by_label("Report").select_option(label="Form 8949 (PDF)")
    panel.get_by_label("Tax year").select_option("2024")
    panel.get_by_role("button", name="Generate").click()
    refusal = panel.get_by_test_id("report-refusal")
    expect(refusal).to_contain_text(
        "The Free plan does not include tax reports. Choose a plan to generate them."
    )
    shot(page, "report_blocker")

    # Prime, bought at the provider's checkout page; its webhook gives the plan.
    refusal.get_by_role("link", name="See plans").click()
    expect(page).to_have_url(re.compile(r"/plans$"))
    expect(page.get_by_role("heading", name="Prime / Prime+")).to_be_visible()
    shot(page, "pricing")
    page.get_by_role("link", name="Choose Prime", exact=True).click()
    expect(page).to_have_url(re.compile(rf"^{re.escape(stripe.url)}/c/pay/cs_test_"))
    expect(page.get_by_role("heading", name="Pay Cairn Prime")).to_be_visible()
    shot(page, "provider_checkout")
    page.get_by_role("button", name="Pay $199.00").click()
    expect(page).to_have_url(re.compile(r"/subscription/checkout\?session_id=cs_test_"))
    expect(page.get_by_text("Payment received. You are now on Prime.")).to_be_visible()
    expect(page.get_by_test_id("transaction-limit-card")).to_have_count(0)
    shot(page, "checkout_done")

    # The same report, now made.
    page.get_by_role("link", name="Generate your tax reports").click()
    panel = page.get_by_role("region", name="Generate a report")
    panel.get_by_label("Report").select_option(label="Form 8949 (PDF)")
    panel.get_by_label("Tax year").select_option("2024")
    panel.get_by_role("button", name="Generate").click()
    link = panel.get_by_role("link", name="Download Form 8949 (PDF) 2024")
    expect(link).to_be_visible(timeout=60_000)
    shot(page, "report_made")
    url = link.get_attribute("href")
    assert url is not None
    response = page.request.get(url)
    assert response.ok, response.status
    text = "\n".join(pdf.extract_text() for pdf in PdfReader(io.BytesIO(response.body())).pages)
    assert "Sales and Other Dispositions of Capital Assets" in text

    page.goto("/subscription/manage")
    expect(page.get_by_test_id("current-plan")).to_contain_text("Tax plan: Prime")
    shot(page, "manage")
