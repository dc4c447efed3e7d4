"""A new user's first minutes, in a real browser on the real servers: sign up, add a wallet from a CSV
file, see it imported with its balances, and the status panel up to date."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

from playwright.sync_api import Page, expect

GENERIC_FILE = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2021-01-04 10:00:00,0.5,BTC,15000,USD,10,USD,
2021-02-10 12:30:00,4,ETH,6000.50,USD,,,
2021-03-01 08:00:00,0.01,ETH,,,,,staking
2021-06-15 16:45:00,2500,USD,0.1,BTC,5,USD,
"""


def sign_up(page: Page) -> None:
    page.goto("/wallets")
    expect(page).to_have_url(re.compile(r"/login\?next=%2Fwallets$"))
    page.goto("/signup?next=%2Fwallets")
    page.get_by_label("Email").fill(f"e2e-{uuid.uuid4().hex[:10]}@example.com")
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/wallets"))


def open_csv_form(page: Page) -> None:
    page.get_by_test_id("open-add-wallets").click()
    modal = page.get_by_test_id("add-wallets-modal")
    expect(modal.get_by_role("heading", name="Add your wallets")).to_be_visible()
    modal.get_by_placeholder("Search...").fill("my own spreadsheet")
    expect(modal.get_by_text("No results found")).to_be_visible()
    modal.get_by_role("button", name="Upload CSV").click()
    expect(modal.get_by_role("heading", name="Import transactions from CSV")).to_be_visible()


def choose_file(page: Page, tmp_path: Path, name: str, content: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    page.get_by_test_id("csv-file-input").set_input_files(str(path))


def test_sign_up_import_a_csv_and_see_the_wallet(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    expect(page.get_by_test_id("account-status")).to_have_text("Add wallet")
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Cold storage")
    choose_file(page, tmp_path, "history.csv", GENERIC_FILE)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()

    expect(page.get_by_test_id("toast").filter(has_text="Successfully imported")).to_have_text(
        re.compile(r"Successfully imported 4 out of 4 crypto transactions\.")
    )
    expect(page.get_by_test_id("add-wallets-modal")).to_have_count(0)
    row = page.get_by_test_id("custom-wallet-row").filter(has_text="Cold storage")
    expect(row.get_by_test_id("custom-wallet-tx-count")).to_contain_text("4")
    balances = row.get_by_test_id("custom-wallet-balances")
    expect(balances).to_contain_text("BTC")
    expect(balances).to_contain_text("0.4")  # 0.5 bought − 0.1 sold
    expect(balances).to_contain_text("ETH")
    expect(balances).to_contain_text("4.01")
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=30_000)


def test_a_malformed_file_shows_its_errors_and_cannot_be_imported(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    open_csv_form(page)
    broken = GENERIC_FILE.replace(b"0.5,BTC", b"half,BTC").replace(b"2021-02-10 12:30:00", b"someday")
    choose_file(page, tmp_path, "broken.csv", broken)
    errors = page.get_by_test_id("csv-validation-errors")
    expect(errors).to_contain_text("Validation errors")
    expect(errors).to_contain_text("Row 1, column Received Quantity")
    expect(errors).to_contain_text("Row 2, column Date")
    expect(page.get_by_test_id("csv-import-button")).to_be_disabled()


def test_a_file_of_the_wrong_type_is_refused_before_upload(page: Page, tmp_path: Path) -> None:
    sign_up(page)
    open_csv_form(page)
    choose_file(page, tmp_path, "statement.pdf", b"%PDF-1.4 not a spreadsheet")
    expect(page.get_by_test_id("csv-file-error")).to_have_text(
        "Only .csv, .xls, .xlsx files are allowed for this CSV import."
    )
    expect(page.get_by_test_id("csv-import-button")).to_be_disabled()
