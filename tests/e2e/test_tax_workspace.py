"""The tax workspace in a real browser on the real servers: a user imports several years of history,
waits for the calculation, and reads their portfolio, a tax year, their lots and one lot's proof.
Screenshots of each page go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up

SCREENSHOTS = Path(__file__).parent / "screenshots"
HISTORY = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2021-01-04 10:00:00,0.5,BTC,15000,USD,10,USD,
2021-02-10 12:30:00,4,ETH,6000.50,USD,,,
2021-03-01 08:00:00,0.01,ETH,,,,,staking
2021-06-15 16:45:00,2500,USD,0.1,BTC,5,USD,
2022-05-02 09:00:00,0.2,BTC,7600,USD,,,
2022-11-20 14:00:00,1800,USD,1.5,ETH,3,USD,
2023-02-01 11:00:00,9200,USD,0.3,BTC,,,
2023-07-07 07:00:00,0.02,ETH,,,,,staking
2024-03-12 15:30:00,0.05,BTC,3400,USD,,,
"""
SUMMARY = """
query taxYear($taxYear: Int!) {
  taxSummary(taxYear: $taxYear) {
    capitalGain shortTermGain longTermGain proceeds costBasis taxableIncomeTotal
  }
}
"""


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"tax_workspace_{name}.png"), full_page=True)


def as_shown(amount: str) -> str:
    """A USD amount as the page writes it: '$1,234.50', gains signed ('+$…', '-$…')."""
    value = Decimal(amount).quantize(Decimal("0.01"))
    text = f"${abs(value):,.2f}"
    return text if value == 0 else ("-" if value < 0 else "+") + text


def tax_summary(page: Page, year: int) -> dict[str, Any]:
    response = page.request.post("/graphql", data={"query": SUMMARY, "variables": {"taxYear": year}})
    assert response.ok
    summary: dict[str, Any] = response.json()["data"]["taxSummary"]
    return summary


def test_a_multi_year_history_reads_as_portfolio_tax_year_lots_and_proof(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Main wallet")
    choose_file(page, tmp_path, "history.csv", HISTORY)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)

    # Home: the total, the chart drawn, holdings and allocation.
    page.get_by_role("link", name="Portfolio").click()
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page.get_by_test_id("portfolio-total")).to_contain_text("$")
    expect(page.locator(".value-chart .recharts-area-area")).to_be_visible()
    expect(page.get_by_test_id("holdings").get_by_role("row", name=re.compile("BTC"))).to_be_visible()
    expect(page.get_by_test_id("allocation-chart")).to_be_visible()
    page.get_by_role("button", name="All time").click()
    expect(page.get_by_role("table", name="Portfolio value by day")).to_contain_text("Jan 4, 2021")
    shot(page, "home")

    # The 2023 tax year: every figure is what taxSummary answers.
    page.get_by_role("link", name=re.compile(r"^Taxes \d{4}$")).click()
    page.get_by_role("navigation", name="Tax years").get_by_role("link", name="2023").click()
    expect(page).to_have_url(re.compile(r"/tax/2023$"))
    summary = tax_summary(page, 2023)
    assert Decimal(summary["capitalGain"]) != 0
    expect(page.get_by_test_id("capital-gain")).to_have_text(as_shown(summary["capitalGain"]))
    expect(page.get_by_test_id("short-term-gain")).to_have_text(as_shown(summary["shortTermGain"]))
    expect(page.get_by_test_id("long-term-gain")).to_have_text(as_shown(summary["longTermGain"]))
    expect(page.get_by_test_id("proceeds")).to_have_text(as_shown(summary["proceeds"]).lstrip("+"))
    expect(page.get_by_test_id("cost-basis")).to_have_text(as_shown(summary["costBasis"]).lstrip("+"))
    expect(page.get_by_test_id("income-total")).to_have_text(
        as_shown(summary["taxableIncomeTotal"]).lstrip("+")
    )
    shot(page, "tax_2023")

    # Open lots, then a disposal's proof.
    page.get_by_role("link", name="Tax lots", exact=True).click()
    # FIFO leaves three BTC lots (0.1 of the first, 0.2, 0.05) and three ETH (2.5 bought, two stakings)
    expect(page.get_by_test_id("tax-lots").get_by_role("row")).to_have_count(7)
    shot(page, "tax_lots")
    page.get_by_role("link", name="Disposed lots", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/disposed-lots$"))
    shot(page, "disposed_lots")
    page.get_by_test_id("disposed-lots").get_by_role("link", name="Proof").first.click()
    expect(page).to_have_url(re.compile(r"/lot-proof/[^/]+/\d+$"))
    expect(page.get_by_test_id("proof-step").first).to_contain_text("Acquired in Main wallet")
    expect(page.get_by_test_id("proof-disposal")).to_contain_text("in Main wallet")
    expect(page.get_by_test_id("proof-rule")).to_have_text(
        "First in, first out (FIFO), among the lots of every wallet"
    )
    shot(page, "lot_proof")

    # Base currency EUR: the home page follows.
    page.get_by_test_id("account-menu").click()
    page.get_by_role("menuitem", name="Settings").click()
    expect(page).to_have_url(re.compile(r"/user/profile$"))
    page.get_by_label("Base currency").select_option("EUR")
    expect(page.get_by_test_id("toast").filter(has_text="Settings saved.")).to_be_visible()
    expect(page.get_by_label("Base currency")).to_have_value("EUR")
    shot(page, "settings")
    page.get_by_role("link", name="Portfolio").click()
    expect(page.get_by_test_id("portfolio-total")).to_contain_text("€")
    expect(page.get_by_test_id("holdings")).to_contain_text("€")
    shot(page, "home_eur")
