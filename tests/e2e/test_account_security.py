"""Account security in a real browser: turning two-step verification on and signing in with a code,
after the password or after the identity provider, the sessions list, and a password reset through the
e-mailed link. Screenshots go to
tests/e2e/screenshots/."""

from __future__ import annotations

import re
import time
import uuid

import pyotp
from playwright.sync_api import Page, expect

from ledger.infra.settings import Settings
from tests.api.mailbox import find, last_mail_to
from tests.e2e.screenshots import screenshots
from tests.fakes.oidc import OidcProvider, Person

shot = screenshots("security_")
PASSWORD = "correct horse battery"


def sign_up(page: Page) -> str:
    email = f"e2e-{uuid.uuid4().hex[:10]}@example.com"
    page.goto("/signup?next=%2Fuser%2Fprofile")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/user/profile$"))
    return email


def sign_in(page: Page, email: str, password: str = PASSWORD, *, two_step: bool = False) -> None:
    """Signs in from the login page and waits to land on the profile (`next`), or, with `two_step`, on
    the code form, so that what the test does next is not done on the login page."""
    page.context.clear_cookies()
    page.goto("/login?next=%2Fuser%2Fprofile")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    if two_step:
        expect(page.get_by_role("heading", name="Two-step verification")).to_be_visible()
    else:
        expect(page).to_have_url(re.compile(r"/user/profile$"))


def test_enable_mfa_and_sign_in_with_a_code(page: Page) -> None:
    email = sign_up(page)
    two_step = page.get_by_role("region", name="Two-step verification")
    expect(two_step).to_contain_text("Off")
    sessions = page.get_by_role("region", name="Signed-in sessions")
    expect(sessions.get_by_role("row")).to_have_count(2)
    expect(sessions).to_contain_text("This browser")
    shot(page, "settings")

    two_step.get_by_role("link", name="Turn on").click()
    expect(page).to_have_url(re.compile(r"/auth0/enable_mfa$"))
    secret = page.get_by_test_id("mfa-secret")
    expect(secret).to_have_text(re.compile(r"^[A-Z2-7]{32}$"))
    expect(page.get_by_role("img", name="QR code to scan with your authenticator app")).to_be_visible()
    totp = pyotp.TOTP(secret.inner_text())
    shot(page, "enable_mfa")
    page.get_by_role("textbox", name="Code", exact=True).fill(
        "000000" if totp.now() != "000000" else "000001"
    )
    page.get_by_role("button", name="Turn on").click()
    expect(page.get_by_text("The code is not correct.")).to_be_visible()
    step = int(time.time() // 30)
    page.get_by_role("textbox", name="Code", exact=True).fill(totp.generate_otp(step))
    page.get_by_role("button", name="Turn on").click()
    expect(page.get_by_role("heading", name="Two-step verification is on")).to_be_visible()
    expect(page.get_by_role("list", name="Recovery codes").get_by_role("listitem")).to_have_count(10)
    shot(page, "recovery_codes")
    page.get_by_role("link", name="Done").click()
    expect(page.get_by_role("region", name="Two-step verification")).to_contain_text("10 recovery codes left")

    sign_in(page, email, two_step=True)
    page.get_by_role("textbox", name="Code", exact=True).fill(
        totp.generate_otp(step)
    )  # the code already used
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_text("The code is not correct.")).to_be_visible()
    shot(page, "sign_in_code")
    page.get_by_role("textbox", name="Code", exact=True).fill(totp.generate_otp(step + 1))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(re.compile(r"/user/profile$"))
    expect(page.get_by_role("region", name="Two-step verification")).to_contain_text("On")


def turn_on_mfa(page: Page) -> tuple[pyotp.TOTP, int]:
    """From the settings page: the authenticator and the step of the code that turned it on."""
    page.get_by_role("region", name="Two-step verification").get_by_role("link", name="Turn on").click()
    totp = pyotp.TOTP(page.get_by_test_id("mfa-secret").inner_text())
    step = int(time.time() // 30)
    page.get_by_role("textbox", name="Code", exact=True).fill(totp.generate_otp(step))
    page.get_by_role("button", name="Turn on").click()
    expect(page.get_by_role("heading", name="Two-step verification is on")).to_be_visible()
    page.get_by_role("link", name="Done").click()
    return totp, step


def test_sign_in_through_the_provider_asks_for_the_code_when_mfa_is_on(
    page: Page, oidc: OidcProvider
) -> None:
    oidc.person = Person(f"sub-{uuid.uuid4().hex}", f"e2e-oidc-mfa-{uuid.uuid4().hex[:8]}@example.com")
    page.goto("/login?next=%2Fuser%2Fprofile")
    page.get_by_role("link", name="Sign in with Example ID").click()
    expect(page).to_have_url(re.compile(r"/user/profile$"))
    totp, step = turn_on_mfa(page)

    page.context.clear_cookies()
    page.goto("/login?next=%2Fwallets")
    page.get_by_role("link", name="Sign in with Example ID").click()
    expect(page).to_have_url(re.compile(r"/login\?step=mfa&next=%2Fwallets$"))
    expect(page.get_by_role("heading", name="Two-step verification")).to_be_visible()
    shot(page, "provider_sign_in_code")
    assert "cairn_session" not in {cookie["name"] for cookie in page.context.cookies()}
    page.get_by_role("textbox", name="Code", exact=True).fill(totp.generate_otp(step + 1))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(re.compile(r"/wallets$"))


def test_reset_a_forgotten_password_through_the_emailed_link(page: Page, servers: Settings) -> None:
    email = sign_up(page)
    page.context.clear_cookies()
    page.goto("/login")
    page.get_by_role("link", name="Forgot password?").click()
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_role("status")).to_contain_text(f"If an account uses {email}")
    shot(page, "forgot_password")

    link = find(r"(http\S+/reset-password\?token=\S+)", last_mail_to(servers, email).body)
    page.goto(link)
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    page.get_by_label("New password", exact=True).fill("short")
    page.get_by_role("button", name="Set new password").click()
    expect(page.get_by_text("Password must be at least 8 characters.")).to_be_visible()
    page.get_by_label("New password", exact=True).fill("a brand new password")
    page.get_by_role("button", name="Set new password").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_test_id("toast").filter(has_text="Your password was changed.")).to_be_visible()

    page.goto(link)
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    page.get_by_label("New password", exact=True).fill("yet another password")
    page.get_by_role("button", name="Set new password").click()
    expect(page.get_by_text("This reset link has expired or was already used.")).to_be_visible()
    shot(page, "reset_link_used")

    sign_in(page, email, "a brand new password")


def test_change_email_with_the_code_sent_to_the_new_address(page: Page, servers: Settings) -> None:
    sign_up(page)
    new = f"e2e-new-{uuid.uuid4().hex[:10]}@example.com"
    section = page.get_by_role("region", name="Email")
    section.get_by_label("New email").fill(new)
    section.get_by_role("button", name="Send code").click()
    code_field = section.get_by_label(f"Code sent to {new}")
    expect(code_field).to_be_visible()
    code = find(r"code is (\d{6})", last_mail_to(servers, new).body)
    code_field.fill(f"{(int(code) + 1) % 1_000_000:06d}")
    section.get_by_role("button", name="Verify").click()
    expect(section.get_by_text("The code does not match.")).to_be_visible()
    shot(page, "email_code")
    code_field.fill(code)
    section.get_by_role("button", name="Verify").click()
    expect(section).to_contain_text(f"You sign in as {new}")
