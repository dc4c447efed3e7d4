"""The tax workspace in a real browser on the real servers: a user imports several years of history,
waits for the calculation, and reads their portfolio, a tax year, their lots and one lot's proof.
Screenshots of each page go to tests/e2e/screenshots/."""

from __future__ import annotations

import csv
import gzip
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up

shot = screenshots("tax_workspace_")
PRICES = Path(__file__).parents[2] / "ledger" / "reference" / "data" / "prices.csv.gz"
# Main wallet: buys, a staking reward, sales, and 0.4 BTC sent to the cold wallet.
MAIN = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2021-01-04 10:00:00,0.5,BTC,15000,USD,10,USD,
2021-02-10 12:30:00,4,ETH,6000.50,USD,,,
2021-03-01 08:00:00,0.01,ETH,,,,,staking
2021-06-15 16:45:00,2500,USD,0.1,BTC,5,USD,
2021-09-01 10:00:00,,,0.4,BTC,,,
2022-05-02 09:00:00,0.2,BTC,7600,USD,,,
2022-11-20 14:00:00,1800,USD,1.5,ETH,3,USD,
2023-07-07 07:00:00,0.02,ETH,,,,,staking
2024-03-12 15:30:00,0.05,BTC,3400,USD,,,
"""
# Cold wallet: the 0.4 BTC arrives (a transfer), 0.1 BTC comes from outside (to review), two 2023 sales
# of what came through the transfer first.
COLD = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2021-09-01 10:20:00,0.4,BTC,,,,,
2021-12-01 09:00:00,0.1,BTC,,,,,
2023-02-01 11:00:00,9200,USD,0.3,BTC,,,
2023-10-01 12:00:00,4000,USD,0.15,BTC,,,
"""
EDITED_BASIS = Decimal("4000")  # dearer per BTC than the transferred lot: HIFO takes it first
SUMMARY = """
query taxYear($taxYear: Int!) {
  taxSummary(taxYear: $taxYear) {
    capitalGain shortTermGain longTermGain proceeds costBasis taxableIncomeTotal
  }
}
"""


def close(asset: str, day: str) -> Decimal:
    """The USD close of the price table the product values rewards and receipts with."""
    with gzip.open(PRICES, "rt") as table:
        for row in csv.DictReader(table):
            if (row["base"], row["quote"], row["date"]) == (asset, "USD", day):
                return Decimal(row["close"])
    raise LookupError(f"{asset} has no close on {day}")


def ledger(received_basis: Decimal) -> str:
    """The same history as the engine's ledger file, flow by flow: what `cairn lots compute` reads."""
    staked_2021 = Decimal("0.01") * close("ETH", "2021-03-01")
    staked_2023 = Decimal("0.02") * close("ETH", "2023-07-07")
    flows = [
        ("t1", "2021-01-04T10:00:00Z", "main", "BUY", "BTC", "IN", "0.5", "", "false", ""),
        ("t1", "2021-01-04T10:00:00Z", "main", "BUY", "USD", "OUT", "15000", "", "false", ""),
        ("t1", "2021-01-04T10:00:00Z", "main", "BUY", "USD", "OUT", "10", "", "true", ""),
        ("t2", "2021-02-10T12:30:00Z", "main", "BUY", "ETH", "IN", "4", "", "false", ""),
        ("t2", "2021-02-10T12:30:00Z", "main", "BUY", "USD", "OUT", "6000.50", "", "false", ""),
        (
            "t3",
            "2021-03-01T08:00:00Z",
            "main",
            "STAKING_REWARD",
            "ETH",
            "IN",
            "0.01",
            f"{staked_2021}",
            "false",
            "",
        ),
        ("t4", "2021-06-15T16:45:00Z", "main", "SELL", "BTC", "OUT", "0.1", "", "false", ""),
        ("t4", "2021-06-15T16:45:00Z", "main", "SELL", "USD", "IN", "2500", "", "false", ""),
        ("t4", "2021-06-15T16:45:00Z", "main", "SELL", "USD", "OUT", "5", "", "true", ""),
        ("t5", "2021-09-01T10:00:00Z", "main", "TRANSFER", "BTC", "OUT", "0.4", "", "false", "L1"),
        ("t6", "2021-09-01T10:20:00Z", "cold", "TRANSFER", "BTC", "IN", "0.4", "", "false", "L1"),
        (
            "t7",
            "2021-12-01T09:00:00Z",
            "cold",
            "RECEIVE",
            "BTC",
            "IN",
            "0.1",
            f"{received_basis}",
            "false",
            "",
        ),
        ("t8", "2022-05-02T09:00:00Z", "main", "BUY", "BTC", "IN", "0.2", "", "false", ""),
        ("t8", "2022-05-02T09:00:00Z", "main", "BUY", "USD", "OUT", "7600", "", "false", ""),
        ("t9", "2022-11-20T14:00:00Z", "main", "SELL", "ETH", "OUT", "1.5", "", "false", ""),
        ("t9", "2022-11-20T14:00:00Z", "main", "SELL", "USD", "IN", "1800", "", "false", ""),
        ("t9", "2022-11-20T14:00:00Z", "main", "SELL", "USD", "OUT", "3", "", "true", ""),
        ("t10", "2023-02-01T11:00:00Z", "cold", "SELL", "BTC", "OUT", "0.3", "", "false", ""),
        ("t10", "2023-02-01T11:00:00Z", "cold", "SELL", "USD", "IN", "9200", "", "false", ""),
        (
            "t11",
            "2023-07-07T07:00:00Z",
            "main",
            "STAKING_REWARD",
            "ETH",
            "IN",
            "0.02",
            f"{staked_2023}",
            "false",
            "",
        ),
        ("t12", "2023-10-01T12:00:00Z", "cold", "SELL", "BTC", "OUT", "0.15", "", "false", ""),
        ("t12", "2023-10-01T12:00:00Z", "cold", "SELL", "USD", "IN", "4000", "", "false", ""),
        ("t13", "2024-03-12T15:30:00Z", "main", "BUY", "BTC", "IN", "0.05", "", "false", ""),
        ("t13", "2024-03-12T15:30:00Z", "main", "BUY", "USD", "OUT", "3400", "", "false", ""),
    ]
    header = "tx_id,timestamp,account,type,asset,direction,quantity,value,is_fee,link_id"
    return "\n".join([header, *(",".join(flow) for flow in flows)]) + "\n"


def engine_year(tmp_path: Path, method: str, received_basis: Decimal, year: int) -> dict[str, Decimal]:
    """`cairn lots compute` on the ledger: the year's figures as the tax page shows them."""
    ledger_file = tmp_path / f"ledger-{method}.csv"
    ledger_file.write_text(ledger(received_basis))
    out = tmp_path / f"lots-{method}-{received_basis}"
    cairn = Path(sys.executable).parent / "cairn"
    subprocess.run(
        [
            str(cairn),
            "lots",
            "compute",
            str(ledger_file),
            "--method",
            method,
            "--scope",
            "WALLET",
            "--out",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    figures = dict.fromkeys(
        ("proceeds", "costBasis", "shortTermGain", "longTermGain", "taxableIncomeTotal"), Decimal(0)
    )
    with (out / "disposals.csv").open() as disposals:
        for row in csv.DictReader(disposals):
            if row["disposed_at"].startswith(str(year)):
                figures["proceeds"] += Decimal(row["proceeds"])
                figures["costBasis"] += Decimal(row["cost_basis"])
                term = "shortTermGain" if row["term"] == "SHORT" else "longTermGain"
                figures[term] += Decimal(row["gain"])
    with (out / "income.csv").open() as income:
        for row in csv.DictReader(income):
            if row["received_at"].startswith(str(year)):
                figures["taxableIncomeTotal"] += Decimal(row["value"])
    figures["capitalGain"] = figures["shortTermGain"] + figures["longTermGain"]
    return figures


def cents(figures: dict[str, Any]) -> dict[str, Decimal]:
    return {key: Decimal(value).quantize(Decimal("0.01")) for key, value in figures.items()}


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


def import_wallet(page: Page, tmp_path: Path, name: str, content: bytes) -> None:
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill(name)
    choose_file(page, tmp_path, f"{name}.csv", content)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("add-wallets-modal")).to_have_count(0)
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)


def expect_tax_year(page: Page, figures: dict[str, Any]) -> None:
    """The tax page shows `figures` (taxSummary's or the engine's), to the cent."""
    expect(page.get_by_test_id("capital-gain")).to_have_text(as_shown(figures["capitalGain"]))
    expect(page.get_by_test_id("short-term-gain")).to_have_text(as_shown(figures["shortTermGain"]))
    expect(page.get_by_test_id("long-term-gain")).to_have_text(as_shown(figures["longTermGain"]))
    expect(page.get_by_test_id("proceeds")).to_have_text(as_shown(figures["proceeds"]).lstrip("+"))
    expect(page.get_by_test_id("cost-basis")).to_have_text(as_shown(figures["costBasis"]).lstrip("+"))
    expect(page.get_by_test_id("income-total")).to_have_text(
        as_shown(figures["taxableIncomeTotal"]).lstrip("+")
    )


def open_tax_year(page: Page, year: int) -> None:
    page.get_by_role("link", name=re.compile(r"^Taxes \d{4}$")).click()
    page.get_by_role("navigation", name="Tax years").get_by_role("link", name=str(year)).click()
    expect(page).to_have_url(re.compile(rf"/tax/{year}$"))


def test_a_multi_year_history_reads_as_portfolio_tax_year_lots_and_proof(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    import_wallet(page, tmp_path, "Main wallet", MAIN)
    import_wallet(page, tmp_path, "Cold wallet", COLD)
    received_at_market = Decimal("0.1") * close("BTC", "2021-12-01")
    # Lots per wallet, so a lot's way through the transfer is its own (spec 001 §9 for US filers).
    page.goto("/user/profile/tax")
    page.get_by_role("radio", name="Per wallet").click()
    expect(page.get_by_test_id("toast").filter(has_text="Settings saved.")).to_be_visible()
    expect(page.get_by_role("radio", name="Per wallet")).to_be_checked()
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

    # The 2023 tax year: what the page shows is what `cairn lots compute` makes of the same ledger.
    open_tax_year(page, 2023)
    engine = engine_year(tmp_path, "FIFO", received_at_market, 2023)
    assert engine["capitalGain"] != 0 and engine["taxableIncomeTotal"] != 0
    expect_tax_year(page, engine)
    shot(page, "tax_2023")

    # The receive from outside needs review: its cost basis is set by hand, and the gain follows.
    page.get_by_role("link", name="Transactions", exact=True).click()
    page.get_by_role("button", name="Needs review").click()
    expect(page).to_have_url(re.compile(r"/transactions\?q=has%3Areview$"))
    received = page.get_by_test_id("transaction-row").filter(has_text="Cold wallet")
    expect(received).to_have_count(1)
    shot(page, "needs_review")
    received.get_by_role("link").first.click()
    page.get_by_role("button", name="Edit cost basis").click()
    page.get_by_role("textbox", name="Cost basis of BTC in USD").fill(str(EDITED_BASIS))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_test_id("transaction-calculating")).to_contain_text("Calculating...")
    expect(page.get_by_test_id("transaction-calculating")).to_have_count(0, timeout=60_000)
    edited = engine_year(tmp_path, "FIFO", EDITED_BASIS, 2023)
    assert edited["capitalGain"] != engine["capitalGain"]
    open_tax_year(page, 2023)
    expect_tax_year(page, edited)
    assert cents(tax_summary(page, 2023)) == cents(edited)
    shot(page, "tax_2023_edited")

    # Open lots, then the proof of a 2023 sale whose lot came through the transfer.
    page.get_by_role("link", name="Tax lots", exact=True).click()
    # FIFO leaves three BTC lots (0.05 of the receive, 0.2, 0.05) and three ETH (2.5 bought, two stakings)
    expect(page.get_by_test_id("tax-lots").get_by_role("row")).to_have_count(7)
    shot(page, "tax_lots")
    page.get_by_role("link", name="Disposed lots", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/disposed-lots$"))
    shot(page, "disposed_lots")
    sale = page.get_by_test_id("disposed-lots").get_by_role("row").filter(has_text="Feb 1, 2023")
    sale.get_by_role("link", name="Proof").first.click()
    expect(page).to_have_url(re.compile(r"/lot-proof/[^/]+/\d+$"))
    steps = page.get_by_test_id("proof-step")
    expect(steps.first).to_contain_text("Acquired in Main wallet")
    expect(steps.nth(1)).to_contain_text("Transferred to Cold wallet")
    expect(page.get_by_test_id("proof-disposal")).to_contain_text("in Cold wallet")
    expect(page.get_by_test_id("proof-rule")).to_have_text(
        "First in, first out (FIFO), among the lots held in the same wallet"
    )
    shot(page, "lot_proof")

    # HIFO: a new run, and the tax year follows the engine's HIFO figures.
    page.goto("/user/profile/tax")
    page.get_by_role("combobox", name=re.compile("Cost-basis method")).select_option("HIFO")
    expect(page.get_by_test_id("toast").filter(has_text="Settings saved.")).to_be_visible()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    hifo = engine_year(tmp_path, "HIFO", EDITED_BASIS, 2023)
    assert hifo["capitalGain"] != edited["capitalGain"]
    open_tax_year(page, 2023)
    expect_tax_year(page, hifo)
    shot(page, "tax_2023_hifo")

    # Base currency EUR: every page follows.
    page.goto("/user/profile")
    page.get_by_label("Base currency").select_option("EUR")
    expect(page.get_by_test_id("toast").filter(has_text="Settings saved.")).to_be_visible()
    expect(page.get_by_label("Base currency")).to_have_value("EUR")
    shot(page, "settings")
    page.get_by_role("link", name="Portfolio").click()
    expect(page.get_by_test_id("portfolio-total")).to_contain_text("€")
    expect(page.get_by_test_id("holdings")).to_contain_text("€")
    shot(page, "home_eur")
    open_tax_year(page, 2023)
    expect(page.get_by_test_id("capital-gain")).to_contain_text("€")
    expect(page.get_by_test_id("proceeds")).to_contain_text("€")
    shot(page, "tax_2023_eur")
    page.get_by_role("link", name="Tax lots", exact=True).click()
    expect(page.get_by_test_id("tax-lots")).to_contain_text("€")
    shot(page, "tax_lots_eur")
    page.get_by_role("link", name="Transactions", exact=True).click()
    expect(page.get_by_test_id("transaction-row").first).to_contain_text("€")
    shot(page, "transactions_eur")
