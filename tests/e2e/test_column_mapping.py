"""A CSV of an exchange Cairn does not know, in a real browser: the spec's message stays, the form offers to
map the file's columns, previews the first rows as they would import, imports; the next file with that
header imports directly; a ledger of signed amounts with decimal commas is mapped in an existing account's
import form. Screenshots go to tests/e2e/screenshots/column-mapping-*.png."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up

shot = screenshots("")
HEADER = (
    b"Zeitpunkt;Vorgang;Eingang;Eingang Waehrung;Ausgang;Ausgang Waehrung;Gebuehr;Gebuehr Waehrung;"
    b"Referenz;Notiz\n"
)
FIRST = HEADER + (
    b"31.01.2024 13:45;Einzahlung;0,5;BTC;;;;;ZX-1;first coins\n"
    b"01.02.2024 09:00;Tausch;2;ETH;0,1;BTC;0,001;ETH;ZX-2;\n"
    b"02.02.2024 10:00;Staking;0,01;ETH;;;;;ZX-3;\n"
)
SECOND = HEADER + b"03.02.2024 11:00;Auszahlung;;;0,2;BTC;;;ZX-4;to cold storage\n"
# One signed amount column; every quantity reads two ways until the decimal separator is chosen.
SIGNED = (
    b"Datum;Betrag;Waehrung;Beschreibung\n"
    b"2024-03-01 10:00;1.500;ADA;Kauf\n"
    b"2024-03-02 11:00;-2,500;BTC;Auszahlung\n"
    b"2024-03-03 12:00;0;BTC;Order storniert\n"
)


def map_column(page: Page, field: str, column: str) -> None:
    page.get_by_test_id(f"mapping-{field}").select_option(label=column)


def test_an_unknown_csv_is_mapped_previewed_imported_and_its_header_remembered(
    page: Page, tmp_path: Path
) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Zebra exchange")
    choose_file(page, tmp_path, "zebra.csv", FIRST)

    errors = page.get_by_test_id("csv-validation-errors").first
    expect(errors).to_contain_text("We haven't found the integration you're looking for.")
    mapping = page.get_by_test_id("column-mapping")
    expect(mapping.get_by_test_id("column-mapping-sample")).to_contain_text("Einzahlung")
    expect(page.get_by_test_id("csv-import-button")).to_be_disabled()

    map_column(page, "date", "Zeitpunkt")
    mapping.get_by_label("Date format").select_option(label="Detect (2024-12-31 13:45, 31.12.2024…)")
    for field, column in (
        ("receivedQuantity", "Eingang"),
        ("receivedCurrency", "Eingang Waehrung"),
        ("sentQuantity", "Ausgang"),
        ("sentCurrency", "Ausgang Waehrung"),
        ("feeQuantity", "Gebuehr"),
        ("feeCurrency", "Gebuehr Waehrung"),
        ("type", "Vorgang"),
        ("id", "Referenz"),
        ("notes", "Notiz"),
    ):
        map_column(page, field, column)
    mapping.get_by_test_id("column-mapping-preview-button").click()
    preview = mapping.get_by_test_id("column-mapping-preview")
    expect(preview).to_contain_text("2024-01-31 13:45:00")
    expect(preview).to_contain_text("0.5 BTC")
    expect(preview).to_contain_text("STAKING_REWARD")
    expect(preview).to_contain_text("first coins")
    preview.scroll_into_view_if_needed()
    shot(page, "column-mapping-preview")

    mapping.get_by_test_id("column-mapping-use").click()
    expect(mapping.get_by_role("status")).to_have_text("Mapping saved: import the file with it.")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("toast").filter(has_text="Successfully imported")).to_have_text(
        re.compile(r"Successfully imported 3 out of 3 crypto transactions\.")
    )
    row = page.get_by_test_id("custom-wallet-row").filter(has_text="Zebra exchange")
    expect(row.get_by_test_id("custom-wallet-tx-count")).to_contain_text("3")

    # the next file with that header is recognised by the saved mapping and imports directly
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Zebra again")
    choose_file(page, tmp_path, "zebra-february.csv", SECOND)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    expect(page.get_by_test_id("column-mapping")).to_have_count(0)
    shot(page, "column-mapping-second-file")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("toast").filter(has_text="Successfully imported 1 out of 1")).to_be_visible()


def test_a_signed_amount_ledger_is_mapped_in_an_existing_accounts_import_form(
    page: Page, tmp_path: Path
) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Ledger wallet")
    choose_file(page, tmp_path, "second.csv", SECOND)  # a file of another header, mapped first
    mapping = page.get_by_test_id("column-mapping")
    map_column(page, "date", "Zeitpunkt")
    map_column(page, "sentQuantity", "Ausgang")
    map_column(page, "sentCurrency", "Ausgang Waehrung")
    mapping.get_by_test_id("column-mapping-preview-button").click()
    expect(mapping.get_by_test_id("column-mapping-preview")).to_contain_text("0.2 BTC")
    mapping.get_by_test_id("column-mapping-use").click()
    page.get_by_test_id("csv-import-button").click()
    row = page.get_by_test_id("custom-wallet-row").filter(has_text="Ledger wallet")
    expect(row.get_by_test_id("custom-wallet-tx-count")).to_contain_text("1")

    # "import more files" into that wallet: the same mapping step, with a signed amount
    row.get_by_test_id("custom-wallet-import").click()
    expect(page.get_by_role("heading", name="Import file")).to_be_visible()
    page.get_by_test_id("import-type-choice").get_by_label("Generic CSV import").check()
    choose_file(page, tmp_path, "ledger.csv", SIGNED)
    expect(page.get_by_test_id("csv-validation-errors").first).to_contain_text(
        "We haven't found the integration you're looking for."
    )
    expect(page.get_by_test_id("account-import-button")).to_be_disabled()
    mapping = page.get_by_test_id("column-mapping")
    map_column(page, "date", "Datum")
    map_column(page, "signedQuantity", "Betrag")
    map_column(page, "signedCurrency", "Waehrung")
    map_column(page, "notes", "Beschreibung")
    mapping.get_by_test_id("column-mapping-preview-button").click()
    preview = mapping.get_by_test_id("column-mapping-preview")
    expect(mapping.get_by_test_id("csv-validation-errors")).to_contain_text(  # automatic cannot tell
        "Row 1, column Betrag: '1.500' is 1.500 with a decimal point but 1500 with a decimal comma"
    )
    mapping.get_by_label("Decimal separator").select_option(label="Comma (1.234,56)")
    mapping.get_by_test_id("column-mapping-preview-button").click()
    expect(preview).to_contain_text("1500 ADA")
    expect(preview).to_contain_text("2.5 BTC")
    expect(preview).to_contain_text("Ignored: no quantity is received, sent or paid as a fee")
    preview.scroll_into_view_if_needed()
    shot(page, "column-mapping-account-import")

    mapping.get_by_test_id("column-mapping-use").click()
    expect(mapping.get_by_role("status")).to_have_text("Mapping saved: import the file with it.")
    page.get_by_test_id("account-import-button").click()
    expect(page.get_by_test_id("toast").filter(has_text="Successfully imported")).to_have_text(
        re.compile(r"Successfully imported 2 out of \d crypto transactions\.")
    )
    page.goto("/wallets")
    expect(row.get_by_test_id("custom-wallet-tx-count")).to_contain_text("3")
