"""Freezing a tax year in a real browser on the real servers (issue 13, "Done when"): 2023 is frozen from
its tax page after a confirm; a new 2023 transaction entered by hand is refused with its message; a file
with a 2023 row (held for review) and 2024 rows is imported; the 2023 tax page's results stay byte for
byte what they were, while 2024's follow the import. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up
from vocabulary.errors import TRANSACTION_EDIT_ERROR_MESSAGES, TransactionEditError

shot = screenshots("freezing_")
HEADER = "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
HISTORY = (
    HEADER
    + """\
2022-03-01 10:00:00,1,BTC,40000,USD,,,
2022-09-01 10:00:00,1,BTC,20000,USD,,,
2023-02-01 10:00:00,30000,USD,1.2,BTC,,,
2023-08-01 10:00:00,0.5,ETH,,,,,staking
2024-02-01 10:00:00,12000,USD,0.3,BTC,,,
"""
).encode()
LATER = (
    HEADER
    + """\
2023-11-01 10:00:00,5000,USD,0.25,BTC,,,
2024-05-01 10:00:00,0.5,BTC,20000,USD,,,
2024-06-01 10:00:00,9000,USD,0.4,BTC,,,
"""
).encode()
RESULTS = ("gains-title", "income-title", "other-title")  # the tax page's result sections


def import_file(page: Page, tmp_path: Path, wallet: str, content: bytes, imported: str) -> None:
    page.goto("/wallets")
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill(wallet)
    choose_file(page, tmp_path, f"{wallet}.csv", content)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("toast").filter(has_text=imported).first).to_be_visible()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)


def results_html(page: Page, year: int) -> list[str]:
    """The year's result sections, as the browser renders them."""
    page.goto(f"/tax/{year}")
    expect(page.get_by_test_id("tax-figures")).to_be_visible()
    sections = [page.locator(f"section[aria-labelledby={title}]") for title in RESULTS]
    return [section.inner_html() for section in sections]


def choose_asset(page: Page, field: Locator, options: str, symbol: str) -> None:
    """Types the symbol, then picks its suggestion once the search has answered."""
    field.fill(symbol)
    option = page.locator(f"#{options} option[value^='{symbol} — ']").first
    expect(option).to_be_attached()
    field.fill(option.get_attribute("value") or symbol)


def test_a_frozen_year_keeps_its_tax_page_through_a_refused_edit_and_an_import(
    page: Page, tmp_path: Path
) -> None:
    sign_up(page)
    import_file(page, tmp_path, "History", HISTORY, "Successfully imported 5 out of 5")
    before = results_html(page, 2023)
    before_2024 = results_html(page, 2024)

    page.goto("/tax/2023")
    page.get_by_test_id("freeze-year").click()
    dialog = page.get_by_test_id("freeze-year-dialog")
    expect(dialog.get_by_role("heading", name="Freeze 2023?")).to_be_visible()
    shot(page, "confirm")
    dialog.get_by_test_id("confirm-freeze-year").click()
    expect(page.get_by_test_id("toast").filter(has_text="Freezing 2023…")).to_be_visible()
    expect(page.get_by_test_id("year-frozen")).to_have_text("Frozen", timeout=60_000)
    expect(page.get_by_test_id("freeze-year")).to_have_text("Unfreeze year")
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date")
    shot(page, "frozen")

    # A new 2023 transaction is refused, with the reason.
    page.goto("/transactions/new")
    page.get_by_label("Wallet").select_option(label="History")
    page.get_by_label("Date and time (UTC)").fill("2023-05-01T10:00:00")
    choose_asset(page, page.locator("#flow-0-asset"), "flow-0-assets", "USD")
    page.locator("#flow-0-quantity").fill("1000")
    choose_asset(page, page.locator("#flow-1-asset"), "flow-1-assets", "BTC")
    page.locator("#flow-1-quantity").fill("0.05")
    page.get_by_role("button", name="Add transaction").click()
    refused = TRANSACTION_EDIT_ERROR_MESSAGES[TransactionEditError.FROZEN_PERIOD]
    expect(page.get_by_test_id("toast").filter(has_text=refused)).to_be_visible()
    expect(page.get_by_role("heading", name="Add transaction")).to_be_visible()  # nothing was added
    shot(page, "refused")

    # A file with a 2023 row (held for review, not applied) and two 2024 rows.
    import_file(page, tmp_path, "Later", LATER, "Successfully imported 3 out of 3")

    assert results_html(page, 2023) == before  # byte for byte
    expect(page.get_by_test_id("year-frozen")).to_be_visible()
    shot(page, "2023_after_import")
    assert results_html(page, 2024) != before_2024
    shot(page, "2024_after_import")
