"""/performance and /tax-loss-harvest in a real browser on the real servers: a Canadian user imports a
history with two dear BTC buys (one of them ten days ago), opens both pages from the sidebar, reads the
period's figures and chart, the lots at a loss with the superficial-loss warning, and plans a buy back.
Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up

shot = screenshots("performance_harvest_")
COUNTRY = """
mutation country($code: String!) { updateCountry(countryCode: $code) { success } }
"""


def history() -> bytes:
    lately = (datetime.now(UTC) - timedelta(days=10)).strftime("%Y-%m-%d 10:00:00")
    return f"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2022-01-10 09:00:00,20000,USD,,,,,
2022-01-11 10:00:00,0.001,BTC,10000,USD,,,
2023-03-01 12:00:00,2,ETH,100,USD,,,
2023-07-07 07:00:00,0.02,ETH,,,,,staking
{lately},0.001,BTC,5000,USD,,,
""".encode()


def test_performance_and_tax_loss_harvesting(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Main wallet")
    choose_file(page, tmp_path, "history.csv", history())
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    changed = page.request.post("/graphql", data={"query": COUNTRY, "variables": {"code": "CA"}})
    assert changed.ok and changed.json()["data"]["updateCountry"]["success"]

    # Performance: the whole history's figures, the chart drawn with its text table.
    page.get_by_role("link", name="Performance", exact=True).click()
    expect(page).to_have_url(re.compile(r"/performance$"))
    page.get_by_role("button", name="All time").click()
    expect(page.get_by_test_id("performance-period")).to_contain_text("From the close of Jan 9, 2022")
    expect(page.get_by_test_id("net-deposits")).to_have_text("$20,000.00")  # the 20,000 USD received
    expect(page.get_by_test_id("income")).not_to_have_text("$0.00")  # the staking reward
    expect(page.locator(".performance-chart .recharts-area-area")).to_be_visible()
    expect(page.get_by_role("table", name="Value and net deposits by day")).to_contain_text("Jan 10, 2022")
    assets = page.get_by_test_id("asset-performance")
    expect(assets.get_by_role("row", name=re.compile("^BTC"))).to_be_visible()
    expect(assets.get_by_role("row", name=re.compile("^ETH"))).to_be_visible()
    shot(page, "performance")

    # Tax-loss harvesting: both BTC lots stand at a loss, the 2022 one first (the larger loss).
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    page.get_by_role("link", name="Tax loss harvesting").click()
    expect(page).to_have_url(re.compile(r"/tax-loss-harvest$"))
    expect(page.get_by_test_id("harvest-rule")).to_contain_text("Canada: superficial loss")
    table = page.get_by_test_id("harvest-candidates")
    lots, warnings = (
        table.locator("tbody tr:not(.harvest__warning-row)"),
        table.locator(".harvest__warning-row"),
    )
    expect(lots).to_have_count(2)  # the two BTC lots; ETH stands at a gain
    expect(lots.nth(0)).to_contain_text("Jan 11, 2022")
    expect(lots.nth(0)).to_contain_text("Long term")
    expect(lots.nth(1)).to_contain_text("Short term")
    # the BTC bought ten days ago is still held after selling the 2022 lot: its loss is superficial;
    # the recent lot's own purchase is no repurchase
    expect(warnings).to_have_count(1)
    expect(warnings.nth(0)).to_contain_text("0.001 BTC bought within 30 days")
    expect(warnings.nth(0)).to_contain_text("of this loss would be denied")

    # Planning to buy back within 30 days reaches the recent lot too.
    page.get_by_label("Quantity").fill("1")
    page.get_by_role("button", name="Add planned buy").click()
    expect(page.get_by_role("list", name="Planned buys")).to_contain_text("1 BTC")
    expect(warnings).to_have_count(2)
    expect(warnings.nth(1)).to_contain_text("planned for")
    shot(page, "harvest")
