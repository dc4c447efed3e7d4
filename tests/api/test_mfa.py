"""Multi-factor sign-in with TOTP codes: set up, enable, sign in with a code or a recovery code,
disable; a code works once, wrong codes count toward the sign-in lockout."""

from __future__ import annotations

import time

import httpx
import pyotp
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.limits import SIGN_IN_PER_ACCOUNT
from ledger.models import MfaSecret, User
from tests.clients import PASSWORD, sign_up

pytestmark = pytest.mark.servers

ME = {"query": "query Me { me { email } }"}


def step_now() -> int:
    return int(time.time() // 30)


async def enable_mfa(http: httpx.AsyncClient) -> tuple[pyotp.TOTP, int, list[str]]:
    """Turns MFA on for the signed-in user: the TOTP, the step of the code used, the recovery codes."""
    setup = await http.post("/auth/mfa/setup")
    assert setup.status_code == 200, setup.text
    totp = pyotp.TOTP(setup.json()["secret"])
    step = step_now()
    enabled = await http.post("/auth/mfa/enable", json={"code": totp.generate_otp(step)})
    assert enabled.status_code == 200, enabled.text
    return totp, step, enabled.json()["recoveryCodes"]


async def login(http: httpx.AsyncClient, email: str) -> httpx.Response:
    http.cookies.clear()
    return await http.post("/auth/login", json={"email": email, "password": PASSWORD})


async def test_setup_shows_the_seed_once_and_stores_it_sealed(
    user: httpx.AsyncClient, db_session: Session
) -> None:
    setup = (await user.post("/auth/mfa/setup")).json()
    assert setup["otpauthUri"].startswith("otpauth://totp/Cairn:") and "issuer=Cairn" in setup["otpauthUri"]
    assert setup["qrSvg"].startswith("<svg")
    me = (await user.post("/graphql", json=ME)).json()["data"]["me"]
    stored = db_session.scalars(
        select(MfaSecret).join(User, User.id == MfaSecret.user_id).where(User.email == me["email"])
    ).one()
    assert setup["secret"].encode() not in stored.sealed_seed and stored.enabled_at is None
    assert (await user.get("/auth/mfa")).json() == {
        "isTwoStepVerificationEnabled": False,
        "recoveryCodesLeft": 0,
    }


@pytest.mark.parametrize("code", ["000000", "12345678901234567890123", "not a code"])
async def test_a_wrong_code_does_not_enable_mfa(user: httpx.AsyncClient, code: str) -> None:
    totp = pyotp.TOTP((await user.post("/auth/mfa/setup")).json()["secret"])
    if code == "000000" and totp.now() == code:
        code = "000001"
    response = await user.post("/auth/mfa/enable", json={"code": code})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("The code is not correct.")
    assert (await user.get("/auth/mfa")).json()["isTwoStepVerificationEnabled"] is False


async def test_mfa_routes_need_a_signed_in_user(client: httpx.AsyncClient) -> None:
    for path in ("/auth/mfa/setup", "/auth/mfa/enable", "/auth/mfa/disable"):
        assert (await client.post(path, json={"code": "123456"})).status_code == 401
    assert (await client.get("/auth/mfa")).status_code == 401


async def test_sign_in_needs_a_fresh_code_once_mfa_is_on(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    totp, step, codes = await enable_mfa(client)
    assert len(codes) == 10 and len(set(codes)) == 10
    assert (await client.get("/auth/mfa")).json() == {
        "isTwoStepVerificationEnabled": True,
        "recoveryCodesLeft": 10,
    }

    password_only = await login(client, email)
    assert password_only.status_code == 202 and password_only.json() == {"mfaRequired": True}
    assert "cairn_session" not in client.cookies and "cairn_mfa" in client.cookies
    assert (await client.post("/graphql", json=ME)).status_code == 401

    reused = await client.post("/auth/mfa/verify", json={"code": totp.generate_otp(step)})
    assert reused.status_code == 401 and reused.json()["detail"].startswith("The code is not correct.")

    signed_in = await client.post("/auth/mfa/verify", json={"code": totp.generate_otp(step + 1)})
    assert signed_in.status_code == 200 and signed_in.json()["email"] == email
    assert (await client.post("/graphql", json=ME)).json()["data"]["me"]["email"] == email

    await login(client, email)
    again = await client.post("/auth/mfa/verify", json={"code": totp.generate_otp(step + 1)})
    assert again.status_code == 401


async def test_a_recovery_code_signs_in_once(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    _, _, codes = await enable_mfa(client)
    await login(client, email)
    assert (await client.post("/auth/mfa/verify", json={"code": codes[3].upper()})).status_code == 200
    assert (await client.get("/auth/mfa")).json()["recoveryCodesLeft"] == 9
    await login(client, email)
    assert (await client.post("/auth/mfa/verify", json={"code": codes[3]})).status_code == 401


async def test_verify_without_a_checked_password_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.post("/auth/mfa/verify", json={"code": "123456"})
    assert response.status_code == 401
    assert response.json() == {"detail": "Your sign-in has expired. Sign in again."}
    client.cookies.set("cairn_mfa", "forged-token", path="/auth")
    assert (await client.post("/auth/mfa/verify", json={"code": "123456"})).status_code == 401


async def test_wrong_codes_lock_the_account_out_like_wrong_passwords(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    totp, step, _ = await enable_mfa(client)
    await login(client, email)  # the password attempt counts as one
    wrong = "999999" if totp.generate_otp(step + 1) != "999999" else "888888"
    for _ in range(SIGN_IN_PER_ACCOUNT.attempts - 1):
        assert (await client.post("/auth/mfa/verify", json={"code": wrong})).status_code == 401
    locked = await client.post("/auth/mfa/verify", json={"code": totp.generate_otp(step + 1)})
    assert locked.status_code == 429 and "Retry-After" in locked.headers
    assert locked.json()["detail"].startswith("Too many attempts.")


async def test_disable_needs_a_valid_code(client: httpx.AsyncClient) -> None:
    email = await sign_up(client)
    totp, step, _ = await enable_mfa(client)
    wrong = await client.post("/auth/mfa/disable", json={"code": totp.generate_otp(step)})  # already used
    assert wrong.status_code == 422
    assert (
        await client.post("/auth/mfa/disable", json={"code": totp.generate_otp(step + 1)})
    ).status_code == 204
    assert (await client.get("/auth/mfa")).json() == {
        "isTwoStepVerificationEnabled": False,
        "recoveryCodesLeft": 0,
    }
    assert (await client.post("/auth/mfa/disable", json={"code": "123456"})).status_code == 409
    assert (await login(client, email)).status_code == 200


async def test_enabling_twice_is_refused(user: httpx.AsyncClient) -> None:
    await enable_mfa(user)
    assert (await user.post("/auth/mfa/setup")).status_code == 409
    assert (await user.post("/auth/mfa/enable", json={"code": "123456"})).status_code == 409


async def test_me_tells_whether_two_step_verification_is_on(user: httpx.AsyncClient) -> None:
    query = {"query": "query Me { me { isTwoStepVerificationEnabled } }"}
    assert (await user.post("/graphql", json=query)).json()["data"]["me"] == {
        "isTwoStepVerificationEnabled": False
    }
    await enable_mfa(user)
    assert (await user.post("/graphql", json=query)).json()["data"]["me"] == {
        "isTwoStepVerificationEnabled": True
    }
