"""Sign-in through the identity provider and delete user in a real browser: "Sign in with Example ID" on
the login page makes an account at the first sign-in; Settings' "Delete account" asks that user (who has
no password) to type DELETE, signs them out and the worker removes them; a user with a password confirms
with it, and a wrong one is refused. Screenshots go to tests/e2e/screenshots/."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect
from sqlalchemy import func, select

from ledger.infra.db import sync_engine
from ledger.infra.settings import Settings
from ledger.models import User
from stack.servers import wait_until
from tests.e2e.screenshots import screenshots
from tests.e2e.test_csv_import import sign_up
from tests.fakes.oidc import OidcProvider, Person

shot = screenshots("account_deletion_")


def users_with(servers: Settings, email: str) -> int:
    engine = sync_engine(servers.db_url)
    try:
        with engine.connect() as connection:
            return connection.scalar(select(func.count()).where(User.email == email)) or 0
    finally:
        engine.dispose()


def signed_out(page: Page) -> None:
    """On the sign-in page: sent there by the sign-out, or by the 401 of a request already under way."""
    expect(page).to_have_url(re.compile(r"/login(\?next=[^&]*)?$"))
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()


def delete_account(page: Page, confirmation_label: str, confirmation: str) -> None:
    page.goto("/user/profile")
    page.get_by_role("button", name="Delete account").click()
    dialog = page.get_by_test_id("delete-account-dialog")
    expect(dialog.get_by_role("heading", name="Delete your account?")).to_be_visible()
    dialog.get_by_label(confirmation_label).fill(confirmation)


def test_a_user_signed_in_by_the_provider_deletes_their_account(
    page: Page, oidc: OidcProvider, servers: Settings
) -> None:
    email = f"e2e-oidc-{uuid.uuid4().hex[:8]}@example.com"
    oidc.person = Person(f"sub-{uuid.uuid4().hex}", email)
    page.goto("/login?next=%2Fwallets")
    provider = page.get_by_role("link", name="Sign in with Example ID")
    expect(provider).to_be_visible()
    shot(page, "login_with_provider")
    provider.click()
    expect(page).to_have_url(re.compile(r"/wallets$"))
    assert users_with(servers, email) == 1

    delete_account(page, "Type DELETE to confirm", "DELETE")
    shot(page, "confirm_by_typing")
    page.get_by_role("button", name="Delete my account").click()
    signed_out(page)
    wait_until(lambda: users_with(servers, email) == 0, "the user's deletion", 60)


def test_a_user_with_a_password_confirms_with_it(page: Page, servers: Settings) -> None:
    sign_up(page)
    delete_account(page, "Password", "not my password")
    page.get_by_role("button", name="Delete my account").click()
    dialog = page.get_by_test_id("delete-account-dialog")
    expect(dialog.get_by_role("alert")).to_have_text("Incorrect password.")
    shot(page, "wrong_password")

    dialog.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Delete my account").click()
    signed_out(page)
    page.goto("/wallets")
    expect(page).to_have_url(re.compile(r"/login\?next=%2Fwallets$"))  # signed out for good
