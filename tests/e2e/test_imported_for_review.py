"""A Coinbase export with a type Cairn does not know, in a real browser on the real servers: the check lists
the row it will ignore and why, the import succeeds and says how many rows were imported for review, and
the wallet's review list names the unrecognised type. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_account_imports import toast
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up

shot = screenshots("")
COINBASE = b"""\
Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,\
Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
2024-01-02T03:04:05Z,Reward Income,ETH,0.01,EUR,2000,20,20,0,
2024-01-03T03:04:05Z,Zorblax Payout,ETH,0.02,EUR,2000,40,40,0,
2024-01-04T03:04:05Z,Send,ETH,0,EUR,2000,0,0,0,
"""


def test_an_unknown_type_is_imported_for_review_and_named_in_the_review_list(
    page: Page, tmp_path: Path
) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Odd Coinbase")
    choose_file(page, tmp_path, "coinbase.csv", COINBASE)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    ignored = page.get_by_test_id("csv-ignored-rows")
    expect(ignored).to_contain_text("Rows that will be ignored")
    expect(ignored).to_contain_text("Row 3: the quantity is zero")
    shot(page, "import-ignored-rows")
    page.get_by_test_id("csv-import-button").click()

    toast(page, "Successfully imported 2 out of 3 crypto transactions.")
    toast(page, "Imported 1 transaction(s) for review: of a type that was not recognised")
    expect(page.get_by_test_id("add-wallets-modal")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/wallets/.+"))  # the new wallet, selected, with its review list
    row = page.get_by_test_id("custom-wallet-row").filter(has_text="Odd Coinbase")
    expect(row.get_by_test_id("custom-wallet-tx-count")).to_have_text("2")
    review = page.get_by_test_id("needs-review")
    item = review.get_by_test_id("review-item")
    expect(item).to_have_count(1)
    expect(item.get_by_test_id("review-reason")).to_have_text(
        "The Coinbase type 'Zorblax Payout' was not recognised: imported as a receipt of what it moves. "
        "Check that this is what happened."
    )
    shot(page, "import-review-unrecognised-type")
