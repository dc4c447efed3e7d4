"""The support console and view-as in a real browser on the real servers (issue 14): an import whose
file went bad is listed as failed with its error, Retry finishes the user's job; an admin viewing as the
user sees the banners, and a page closed to view-as says so. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import gzip
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from ledger.infra.db import sync_engine, sync_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import User
from stack.api_client import CairnApi
from stack.staff import make_admin
from tests.e2e.screenshots import screenshots

shot = screenshots("admin_")
PASSWORD = "correct horse battery"
HEADER = b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
FIRST = HEADER + b"2024-01-02 10:00:00,1.5,BTC,30000,USD,,,\n"
SECOND = HEADER + b"2024-02-02 10:00:00,0.5,BTC,20000,USD,,,\n"
IMPORT = """
mutation Import($input: ImportAccountTransactionsInput!) {
  importAccountTransactions(input: $input) { success jobId errorMessage }
}
"""


@dataclass(frozen=True)
class FailedImport:
    api: CairnApi
    email: str
    user_id: int
    wallet_id: str
    job_id: str


def _put(storage: Storage, key: str, content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "upload.gz"
    path.write_bytes(gzip.compress(content))
    storage.put(key, path, "application/gzip")


@pytest.fixture
def failed_import(live_app: str, servers: Settings, tmp_path: Path) -> Iterator[FailedImport]:
    """A user with a wallet, and an import into it that failed because its file went bad after its check."""
    api = CairnApi(live_app)
    email = f"e2e-{uuid.uuid4().hex[:10]}@example.com"
    api.sign_in(email, PASSWORD)
    first = api.upload("first.csv", FIRST)
    api.validate(first)  # as the browser checks every file before it creates the wallet
    assert api.wait_for_job(api.create_custom_wallet("Cold storage", first))["success"]
    [wallet] = api.graphql("query { customWallets(page: 1, limit: 5) { items { id } } }")["customWallets"][
        "items"
    ]
    url = api.upload("second.csv", SECOND)
    api.validate(url)
    storage = Storage(servers)
    key = url.removeprefix(f"s3://{storage.bucket}/")
    _put(storage, key, b"\x00\x01 no spreadsheet \xff", tmp_path)
    started = api.graphql(IMPORT, {"input": {"accountId": wallet["id"], "csvUrl": url, "importType": 1}})
    job_id = started["importAccountTransactions"]["jobId"]
    assert not api.wait_for_job(job_id)["success"]
    _put(storage, key, SECOND, tmp_path)  # fixed, for the retry
    engine = sync_engine(servers.db_url)
    with sync_sessions(engine)() as session:
        user_id = session.scalar(select(User.id).where(User.email == email))
    engine.dispose()
    assert user_id is not None
    yield FailedImport(api, email, user_id, wallet["id"], job_id)
    api.close()


def sign_in_as_admin(page: Page, live_app: str, servers: Settings) -> None:
    email = f"admin-{uuid.uuid4().hex[:10]}@example.com"
    CairnApi(live_app).sign_in(email, PASSWORD)
    assert make_admin(servers, email)
    page.goto("/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).not_to_have_url(re.compile(r"/login"))


def test_the_console_lists_the_failed_import_and_retry_finishes_it(
    page: Page, live_app: str, servers: Settings, failed_import: FailedImport
) -> None:
    sign_in_as_admin(page, live_app, servers)
    page.goto("/admin/workflows")
    page.get_by_role("combobox", name="State").select_option("FAILED")
    page.get_by_role("textbox", name="User email").fill(failed_import.email)
    page.get_by_role("button", name="Filter").click()
    run = page.get_by_test_id("admin-run").filter(has_text=failed_import.job_id)
    expect(run).to_contain_text("failed")
    expect(run).to_contain_text("AccountImportWorkflow")
    run.get_by_role("button", name="Details").click()
    failure = page.get_by_test_id("admin-failure")
    expect(failure).to_contain_text("import_csv_file")
    shot(page, "console_failed_run")

    run.get_by_role("button", name="Retry").click()
    expect(page.get_by_role("status").filter(has_text="Retried.")).to_be_visible()
    job = failed_import.api.wait_for_job(failed_import.job_id)
    assert job["success"] and job["numberImported"] == 1

    page.get_by_role("combobox", name="State").select_option("COMPLETED")
    page.get_by_role("button", name="Filter").click()
    expect(page.get_by_test_id("admin-run").filter(has_text=failed_import.job_id)).to_contain_text(
        "completed"
    )
    shot(page, "console_retried_run")


def test_view_as_shows_the_banners_and_a_page_closed_to_view_as(
    page: Page, live_app: str, servers: Settings, failed_import: FailedImport
) -> None:
    sign_in_as_admin(page, live_app, servers)
    page.get_by_test_id("account-menu").click()
    page.get_by_role("menuitem", name="View as").click()
    expect(page).to_have_url(re.compile(r"/user/view-as$"))
    page.get_by_label("User email").fill(failed_import.email)
    page.get_by_role("button", name="View as").click()

    expect(page).to_have_url(re.compile(r"/home"))
    banner = page.get_by_test_id("view-as-banner")
    expect(banner).to_contain_text(f"Viewing as {failed_import.email} ID: {failed_import.user_id}")
    expect(banner).to_contain_text("No permission to debug this account!")
    shot(page, "view_as_banner")

    page.goto(f"/custom_wallets/{failed_import.wallet_id}/import")
    expect(page.get_by_test_id("view-as-forbidden")).to_have_text(
        re.compile("You can't view this page on behalf of a user")
    )
    shot(page, "view_as_forbidden")

    banner.get_by_role("button", name="Stop viewing").click()
    expect(page.get_by_test_id("view-as-banner")).to_have_count(0)
