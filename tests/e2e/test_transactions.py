"""The transactions workspace in a real browser on the real servers: import a CSV, list its transactions,
filter them to those needing review, open one, set its cost basis, see "Calculating..." and then the gain
of the sale that follows it. Screenshots of each page go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up

shot = screenshots("transactions-")
# 1 BTC arrives from outside (no send matches it: to review), half of it is sold for 20,000 USD.
HISTORY = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2021-01-04 10:00:00,1,BTC,,,,,
2021-06-15 16:45:00,20000,USD,0.5,BTC,,,
"""


def test_review_a_receive_set_its_cost_basis_and_see_the_new_gain(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Cold storage")
    choose_file(page, tmp_path, "history.csv", HISTORY)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("toast").filter(has_text="Successfully imported")).to_be_visible()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)

    page.get_by_role("link", name="Transactions", exact=True).click()
    rows = page.get_by_test_id("transaction-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).get_by_role("rowheader")).to_have_text("Sell")
    expect(rows.nth(1).get_by_role("rowheader")).to_contain_text("Needs review")
    shot(page, "list")

    page.get_by_role("button", name="Needs review").click()
    expect(page).to_have_url(re.compile(r"/transactions\?q=has%3Areview$"))
    expect(rows).to_have_count(1)
    shot(page, "needs-review")
    rows.first.get_by_role("link").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Receive")
    expect(page.get_by_test_id("transaction-review")).to_contain_text("Needs review")
    page.get_by_role("button", name="Edit cost basis").click()
    page.get_by_role("textbox", name="Cost basis of BTC in USD").fill("10000")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_test_id("transaction-calculating")).to_contain_text("Calculating...")
    shot(page, "calculating")
    expect(page.get_by_test_id("transaction-calculating")).to_have_count(0, timeout=60_000)
    expect(page.get_by_test_id("transaction-flows")).to_contain_text("$10,000.00 (yours)")
    expect(page.get_by_test_id("transaction-history")).to_contain_text("Cost basis (USD) — → 10000")
    shot(page, "detail")

    page.get_by_test_id("back-link").click()
    sale = page.get_by_test_id("transaction-row").filter(has_text="Sell")
    expect(sale.get_by_role("cell").last).to_have_text("+$15,000.00")  # 20,000 − half of 10,000
    shot(page, "new-gain")
