"""Files into accounts, in a real browser on the real servers: a native Coinbase export into a custom
wallet, a Kraken ledger into an exchange account, then the same Kraken ledger again from the
exchange's page — every transaction is recognised and skipped, nothing is duplicated."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.test_csv_import import open_csv_form, sign_up

COINBASE_EXPORT = "exports/coinbase/Export-To-Ghostfolio__coinbase-export.csv"  # 8 transactions
KRAKEN_LEDGER = "exports/kraken/kraken-ledger-report__ledgers.csv"  # 83 transactions


def toast(page: Page, text: str) -> None:
    expect(page.get_by_test_id("toast").filter(has_text=text).first).to_be_visible()


def upload_and_validate(page: Page, path: Path) -> None:
    page.get_by_test_id("csv-file-input").set_input_files(str(path))
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")


def add_coinbase_export_as_custom_wallet(page: Page, data: Path) -> None:
    open_csv_form(page)  # the generic "Upload CSV" path, which recognises the Coinbase format
    page.get_by_test_id("csv-wallet-name").fill("Coinbase export")
    upload_and_validate(page, data / COINBASE_EXPORT)
    page.get_by_test_id("csv-import-button").click()
    toast(page, "Successfully imported 8 out of 8 crypto transactions.")
    expect(page.get_by_test_id("add-wallets-modal")).to_have_count(0)
    row = page.get_by_test_id("custom-wallet-row").filter(has_text="Coinbase export")
    expect(row.get_by_test_id("custom-wallet-tx-count")).to_have_text("8")


def add_kraken_from_its_custom_file_tab(page: Page, data: Path) -> None:
    page.get_by_test_id("open-add-wallets").click()
    modal = page.get_by_test_id("add-wallets-modal")
    modal.get_by_placeholder("Search...").fill("Kraken")
    modal.get_by_test_id("integration-card-kraken").click()
    expect(modal.get_by_role("heading", name="Add Kraken")).to_be_visible()
    expect(modal.get_by_role("tab", name="Automatic sync")).to_have_attribute("aria-selected", "true")
    modal.get_by_role("tab", name="Custom file").click()
    expect(modal.get_by_role("tab", name="Custom file")).to_have_attribute("aria-selected", "true")
    expect(modal.get_by_test_id("csv-wallet-name")).to_have_value("Kraken")
    upload_and_validate(page, data / KRAKEN_LEDGER)
    modal.get_by_test_id("csv-import-button").click()
    toast(page, "Successfully imported 83 out of 83 crypto transactions.")
    expect(modal).to_have_count(0)


def test_files_into_a_custom_wallet_and_an_exchange_and_nothing_duplicated(
    page: Page, shared_dir: Path
) -> None:
    data = shared_dir / "data"
    sign_up(page)
    add_coinbase_export_as_custom_wallet(page, data)
    add_kraken_from_its_custom_file_tab(page, data)

    exchanges = page.get_by_test_id("exchange-row")
    expect(exchanges).to_have_count(1)
    kraken = exchanges.filter(has_text="Kraken")
    expect(kraken.get_by_test_id("exchange-tx-count")).to_have_text("83")
    expect(page.get_by_test_id("custom-wallet-row")).to_have_count(1)  # the exchange is not a custom wallet

    kraken.get_by_test_id("exchange-name").click()
    expect(page).to_have_url(re.compile(r"/accounts/\d+$"))
    exchange_url = page.url
    expect(page.get_by_test_id("exchange-page-name")).to_have_text("Kraken")
    expect(page.get_by_test_id("exchange-page-tx-count")).to_have_text("83")
    expect(page.get_by_test_id("needs-review")).to_be_visible()

    page.get_by_test_id("exchange-import").click()
    expect(page).to_have_url(re.compile(r"/accounts/\d+/import$"))
    expect(page.get_by_role("heading", name="Import file")).to_be_visible()
    expect(page.get_by_test_id("synced-integration-warning")).to_contain_text(
        "Importing additional Kraken transactions could result in duplicates..."
    )
    page.get_by_test_id("import-type-choice").get_by_label("Transaction history import").check()
    upload_and_validate(page, data / KRAKEN_LEDGER)
    page.get_by_test_id("account-import-button").click()

    toast(page, "Successfully imported 0 out of 83 crypto transactions.")
    toast(page, "Skipped 83 transaction(s) that were already imported.")
    expect(page).to_have_url(exchange_url)
    expect(page.get_by_test_id("exchange-page-tx-count")).to_have_text("83")

    page.get_by_test_id("back-link").click()
    expect(page).to_have_url(re.compile(r"/wallets$"))
    expect(exchanges).to_have_count(1)
    expect(exchanges.get_by_test_id("exchange-tx-count")).to_have_text("83")
    coinbase = page.get_by_test_id("custom-wallet-row").filter(has_text="Coinbase export")
    expect(coinbase.get_by_test_id("custom-wallet-tx-count")).to_have_text("8")
