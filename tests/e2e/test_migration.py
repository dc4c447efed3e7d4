"""The universal → per-wallet migration in a real browser on the real servers (issue 13, "Done when"): a
US user in the universal scope with two wallets chooses specific unit allocation on the banner, confirms,
and the browser goes to the allocation report; 2024 is then frozen with its universal results and 2025
is computed wallet by wallet from the allocated lots. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect
from sqlalchemy import select, update

from ledger.infra.db import sync_engine
from ledger.infra.settings import Settings
from ledger.models import User
from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import sign_up
from tests.e2e.test_freezing import import_file

shot = screenshots("migration_")
HEADER = "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
# A buys 1 BTC at 100 and 1 at 500 and sells 1 in 2025; B buys 1 at 300 and sells it in 2024, then buys
# 1 at 1,000 and sells it in 2025. Universal FIFO sells A's lot at 100 for B, so at the cut A holds 2 BTC
# while the record's lots are B's (300) and A's (500): both are allocated to A. 2025's gain is then
# 600 (A, lot at 300) - 100 (B, its own lot at 1,000) = 500; universal FIFO says 600 + 400 = 1,000, and
# a per-wallet run from scratch 800 - 100 = 700.
WALLET_A = (
    HEADER
    + """\
2024-01-10 10:00:00,1,BTC,100,USD,,,
2024-03-10 10:00:00,1,BTC,500,USD,,,
2025-02-10 10:00:00,900,USD,1,BTC,,,
"""
).encode()
WALLET_B = (
    HEADER
    + """\
2024-02-10 10:00:00,1,BTC,300,USD,,,
2024-04-10 10:00:00,600,USD,1,BTC,,,
2025-01-05 10:00:00,1,BTC,1000,USD,,,
2025-03-10 10:00:00,900,USD,1,BTC,,,
"""
).encode()


def us_taxpayer(servers: Settings) -> None:
    """The newest user becomes a US taxpayer still in the universal scope (as before 2025)."""
    engine = sync_engine(servers.db_url)
    try:
        with engine.begin() as connection:
            newest = connection.scalar(select(User.id).order_by(User.id.desc()).limit(1))
            connection.execute(
                update(User).where(User.id == newest).values(country="US", cost_basis_by_wallet=False)
            )
    finally:
        engine.dispose()


def test_a_two_wallet_user_migrates_and_lands_on_the_allocation_report(
    page: Page, tmp_path: Path, servers: Settings
) -> None:
    sign_up(page)
    us_taxpayer(servers)
    import_file(page, tmp_path, "Wallet A", WALLET_A, "Successfully imported 3 out of 3")
    import_file(page, tmp_path, "Wallet B", WALLET_B, "Successfully imported 4 out of 4")
    page.goto("/tax/2025")
    expect(page.get_by_test_id("capital-gain")).to_have_text("+$1,000.00")  # universal

    banner = page.get_by_test_id("migration-banner")
    expect(banner).to_be_visible()
    migrate = banner.get_by_role("button", name="Migrate Now")
    expect(migrate).to_be_disabled()  # no lot allocation method yet
    banner.get_by_role("radio", name=re.compile("Specific unit allocation")).check()
    expect(migrate).to_be_enabled()
    shot(page, "banner")
    migrate.click()
    dialog = page.get_by_test_id("migration-confirm")
    expect(dialog).to_contain_text("This cannot be undone.")
    shot(page, "confirm")

    # the report is a PDF: headless Chromium downloads what it navigates to
    with page.expect_download(timeout=120_000) as arrived:
        dialog.get_by_role("button", name="Migrate", exact=True).click()
    report = arrived.value
    assert re.search(r"/reports/[^/]+/[^/]+/allocation_2024\.pdf\?", report.url), report.url
    saved = tmp_path / "allocation_2024.pdf"
    report.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF")

    page.goto("/tax/2024")
    expect(page.get_by_test_id("migration-banner")).to_have_count(0)
    expect(page.get_by_test_id("year-frozen")).to_be_visible()
    expect(page.get_by_test_id("account-status")).to_have_text("Up to date", timeout=60_000)
    expect(page.get_by_test_id("capital-gain")).to_have_text("+$500.00")  # B's sale, universal and frozen
    shot(page, "2024_frozen")
    page.goto("/tax/2025")
    expect(page.get_by_test_id("capital-gain")).to_have_text(
        "+$500.00"
    )  # wallet by wallet, from the allocation
    shot(page, "2025_per_wallet")
