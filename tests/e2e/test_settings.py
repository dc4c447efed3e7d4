"""Tax settings in a real browser on the real servers: staking rewards turned not taxable take the 2023
income to nothing after the recalculation, and the method timeline takes a period with an end date.
Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up

shot = screenshots("settings_")
HISTORY = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2021-01-04 10:00:00,0.5,BTC,15000,USD,10,USD,
2023-07-07 07:00:00,0.02,ETH,,,,,staking
"""
RECALCULATING = "Settings saved. Recalculating your taxes..."


def test_staking_rewards_not_taxable_and_a_method_period_with_an_end(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Staking wallet")
    choose_file(page, tmp_path, "history.csv", HISTORY)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    page.goto("/tax/2023")
    expect(page.get_by_test_id("income-total")).not_to_have_text("$0.00")

    page.goto("/user/profile/tax")
    rewards = page.get_by_role("checkbox", name="Staking rewards are taxable income")
    expect(rewards).to_be_checked()
    rewards.click()  # the box follows the saved setting, not the click
    expect(page.get_by_test_id("toast").filter(has_text=RECALCULATING)).to_be_visible()
    expect(rewards).not_to_be_checked()
    expect(page.get_by_role("button", name="Use the default")).to_be_visible()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    shot(page, "tax")
    page.goto("/tax/2023")
    expect(page.get_by_test_id("income-total")).to_have_text("$0.00")

    page.goto("/cost-basis-method-calendar")
    page.get_by_label("Start date").fill("2021-01-01")
    page.get_by_label("End date (optional)").fill("2022-01-01")
    page.get_by_role("combobox", name="Method").select_option("HIFO")
    page.get_by_role("button", name="Add period").click()
    expect(page.get_by_test_id("toast").filter(has_text=RECALCULATING).first).to_be_visible()
    period = page.get_by_test_id("method-timeline").get_by_role("row").nth(1)
    expect(period).to_have_text(re.compile(r"Jan 1, 2021\s*Jan 1, 2022\s*Highest in, first out \(HIFO\)"))
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    shot(page, "method_calendar")
