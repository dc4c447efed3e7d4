"""Tax reports in a real browser on the real servers (issue 15's "Done when"): a multi-year user asks for
the 2023 Form 8949 while a cost-basis run is pending and reads "Waiting for the cost basis calculation",
then gets it once the run ends; Schedule D and the TurboTax Online CSV follow; each file's totals are the
tax page's. A broker's 1099-DA with a wrong proceeds line and without one of Cairn's sales is reconciled,
line by line; the transactions page exports its filtered CSV. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import csv
import io
import re
import uuid
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import Page, expect
from pypdf import PdfReader
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from analytics.reports.money import shown
from ledger.models import CostBasisStatus, User
from ledger.writes.plans import grant_tax_plan
from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import choose_file, open_csv_form, sign_up
from tests.e2e.test_tax_workspace import as_shown, tax_summary
from vocabulary.enums import CostBasisState
from vocabulary.plans import TaxPlan

shot = screenshots("tax_reports_")
# four years; 2023 has two long-term sales (0.3 BTC, 0.5 ETH) and a staking reward
HISTORY = b"""\
Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag
2021-01-04 10:00:00,0.5,BTC,15000,USD,10,USD,
2021-02-10 12:30:00,4,ETH,6000.50,USD,,,
2021-06-15 16:45:00,2500,USD,0.1,BTC,5,USD,
2022-05-02 09:00:00,0.2,BTC,7600,USD,,,
2022-11-20 14:00:00,1800,USD,1.5,ETH,3,USD,
2023-02-01 11:00:00,9200,USD,0.3,BTC,,,
2023-07-07 07:00:00,0.02,ETH,,,,,staking
2023-09-01 10:00:00,1000,USD,0.5,ETH,,,
2024-03-12 15:30:00,0.05,BTC,3400,USD,,,
"""
# the BTC sale with proceeds $200 short, no line for the ETH sale, and a sale Cairn does not know
FORM_1099DA = b"""\
Box 1a Code for digital asset,Box 1b Name of digital asset,Box 1c Number of units,Box 1d Date acquired,\
Box 1e Date sold or disposed,Box 1f Proceeds,Box 1g Cost or other basis,Box 2 Check if basis reported to IRS
999999999,Bitcoin,0.3,01/04/2021,02/01/2023,"$9,000.00",,
999999999,Solana,5,,03/01/2023,$500.00,,
"""
ME = "query { me { publicId } }"
ENQUEUE = "mutation enqueueCostBasis { enqueueCostBasis(priority: HIGH) { success } }"


def generate(page: Page, label: str, year: int) -> bytes:
    """Generates a report on the reports page, waits on the poll, and downloads the file."""
    panel = page.get_by_role("region", name="Generate a report")
    panel.get_by_label("Report").select_option(label=label)
    panel.get_by_label("Tax year").select_option(str(year))
    panel.get_by_role("button", name="Generate").click()
    link = panel.get_by_role("link", name=f"Download {label} {year}")
    expect(link).to_be_visible(timeout=60_000)
    return download(page, link.get_attribute("href"))


def download(page: Page, url: str | None) -> bytes:
    assert url is not None
    response = page.request.get(url)
    assert response.ok, response.status
    return response.body()


def pdf_text(body: bytes, keep: Path) -> str:
    keep.write_bytes(body)
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def column_total(body: bytes, column: str, **where: str) -> Decimal:
    rows = csv.DictReader(io.StringIO(body.decode()))
    mine = (row for row in rows if all(row[name] == value for name, value in where.items()))
    return sum((Decimal(row[column]) for row in mine), Decimal(0))


def test_forms_are_made_after_the_pending_run_and_a_1099da_is_reconciled(
    page: Page, tmp_path: Path, db_session: Session
) -> None:
    sign_up(page)
    open_csv_form(page)
    page.get_by_test_id("csv-wallet-name").fill("Broker")
    choose_file(page, tmp_path, "history.csv", HISTORY)
    expect(page.get_by_test_id("csv-file-status")).to_have_text("File has been validated")
    page.get_by_test_id("csv-import-button").click()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    page.goto("/tax/2023")
    summary = tax_summary(page, 2023)
    expect(page.get_by_test_id("proceeds")).to_have_text(as_shown(summary["proceeds"]).lstrip("+"))
    proceeds, basis, gain = (
        Decimal(summary[name]).quantize(Decimal("0.01")) for name in ("proceeds", "costBasis", "capitalGain")
    )
    assert proceeds == Decimal("10200.00")

    # A run is asked for (as after an import) and no worker has taken it yet: the results are stale.
    public_id = page.request.post("/graphql", data={"query": ME}).json()["data"]["me"]["publicId"]
    user_id = db_session.scalar(select(User.id).where(User.public_id == uuid.UUID(public_id)))
    db_session.execute(
        insert(CostBasisStatus)
        .values(user_id=user_id, state=CostBasisState.ENQUEUED)
        .on_conflict_do_update(index_elements=["user_id"], set_={"state": CostBasisState.ENQUEUED})
    )
    assert user_id is not None
    grant_tax_plan(db_session, user_id, TaxPlan.PRIME)  # Prime's reports include every type
    db_session.commit()

    page.get_by_role("link", name="Documents").click()
    expect(page).to_have_url(re.compile(r"/documents$"))
    panel = page.get_by_role("region", name="Generate a report")
    panel.get_by_label("Report").select_option(label="Form 8949 (PDF)")
    panel.get_by_label("Tax year").select_option("2023")
    panel.get_by_role("button", name="Generate").click()
    expect(panel.get_by_text("Waiting for the cost basis calculation to finish…")).to_be_visible()
    shot(page, "waiting_for_cost_basis")
    assert page.request.post("/graphql", data={"query": ENQUEUE}).json()["data"]["enqueueCostBasis"][
        "success"
    ]
    link = panel.get_by_role("link", name="Download Form 8949 (PDF) 2023")
    expect(link).to_be_visible(timeout=60_000)
    shot(page, "form_8949_ready")

    # Each file adds up to the tax page's figures (both 2023 sales are long-term).
    form_8949 = pdf_text(download(page, link.get_attribute("href")), tmp_path / "form_8949_2023.pdf")
    assert "Sales and Other Dispositions of Capital Assets" in form_8949
    for amount in (proceeds, basis, gain):
        assert shown(amount) in form_8949
    schedule_d = pdf_text(generate(page, "Schedule D (PDF)", 2023), tmp_path / "schedule_d_2023.pdf")
    assert "Capital Gains and Losses" in schedule_d
    for amount in (proceeds, basis, gain):
        assert shown(amount) in schedule_d
    turbotax = generate(page, "TurboTax Online (CSV)", 2023)
    # TurboTax's Universal template: each 8949 line a Buy (its basis) and a Sale (its proceeds)
    assert column_total(turbotax, "Market Value", Type="Sale") == proceeds
    assert column_total(turbotax, "Market Value", Type="Buy") == basis
    made = page.get_by_test_id("reports-2023")
    for name in ("form_8949_2023.pdf", "form_1040_sd_2023.pdf", "capital_gains_turbotax_online_2023.csv"):
        expect(made.get_by_role("link", name=name)).to_be_visible()
    shot(page, "reports_made")

    # The broker's 1099-DA: the BTC sale's proceeds differ, the ETH sale is missing on the form.
    reconcile = page.get_by_role("region", name="Reconcile a 1099-DA")
    form = tmp_path / "1099-da.csv"
    form.write_bytes(FORM_1099DA)
    reconcile.get_by_label("Form 1099-DA").set_input_files(str(form))
    reconcile.get_by_label("Tax year").select_option("2023")
    reconcile.get_by_role("button", name="Reconcile").click()
    lines = reconcile.get_by_test_id("reconciliation-lines")
    expect(lines.locator("tbody tr")).to_have_count(3, timeout=60_000)
    expect(lines.locator("tr[data-status='Proceeds differ']")).to_contain_text("$9,000.00")
    expect(lines.locator("tr[data-status='Proceeds differ']")).to_contain_text("$9,200.00")
    expect(lines.locator("tr[data-status='Missing on the form']")).to_contain_text("ETH")
    expect(lines.locator("tr[data-status='Missing in Cairn']")).to_contain_text("Solana")
    csv_link = reconcile.get_by_role("link", name="Download reconciliation (CSV)")
    pdf_link = reconcile.get_by_role("link", name="Download reconciliation (PDF)")
    expect(pdf_link).to_be_visible(timeout=60_000)
    statuses = [
        row["Status"]
        for row in csv.DictReader(io.StringIO(download(page, csv_link.get_attribute("href")).decode()))
    ]
    assert sorted(statuses) == ["Missing in Cairn", "Missing on the form", "Proceeds differ"]
    assert "Proceeds differ" in pdf_text(
        download(page, pdf_link.get_attribute("href")), tmp_path / "reconciliation_2023.pdf"
    )
    shot(page, "reconciliation")

    # The transactions page exports what its filter shows.
    page.goto("/transactions?q=ETH")
    page.get_by_role("button", name="Export CSV").click()
    export = page.get_by_role("link", name="Download transactions CSV")
    expect(export).to_be_visible(timeout=60_000)
    rows = list(csv.DictReader(io.StringIO(download(page, export.get_attribute("href")).decode())))
    assert {row["Transaction ID"] for row in rows} and all(
        any(other["Asset"] == "ETH" for other in rows if other["Transaction ID"] == row["Transaction ID"])
        for row in rows
    )
    shot(page, "transactions_export")
