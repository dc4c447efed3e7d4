"""Stripe's webhook signature scheme, checked against signatures computed here from its documentation
(`t=…,v1=` hex HMAC-SHA256 of "{t}.{body}"), and the Checkout Session request against the local fake."""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from api.stripe_adapter import (
    BadSignature,
    CheckoutRequest,
    CheckoutUnavailable,
    create_checkout_session,
    verify_signature,
)
from tests.fakes.stripe import FakeStripe

SECRET = "whsec_test_secret"
BODY = b'{"id": "evt_1", "type": "checkout.session.completed"}'
NOW = 1_700_000_000


def header(body: bytes = BODY, secret: str = SECRET, at: int = NOW, extra: str = "") -> str:
    digest = hmac.new(secret.encode(), f"{at}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={at},{extra}v1={digest}"


def test_a_signature_of_the_body_within_the_tolerance_is_accepted() -> None:
    verify_signature(BODY, header(), SECRET, now=NOW + 299)
    verify_signature(BODY, header(extra="v1=deadbeef,v0=old,"), SECRET, now=NOW)  # any v1 may match


@pytest.mark.parametrize(
    "given",
    [
        None,
        "",
        "garbage",
        f"t={NOW}",  # no v1
        header().replace(f"t={NOW},", ""),  # no timestamp
        header(secret="whsec_other"),
        header(body=BODY + b" "),
        header().replace(f"t={NOW}", f"t={NOW + 1}"),  # the timestamp is signed too
    ],
)
def test_a_missing_or_wrong_signature_is_refused(given: str | None) -> None:
    with pytest.raises(BadSignature):
        verify_signature(BODY, given, SECRET, now=NOW)


def test_an_old_signature_is_refused_as_a_replay() -> None:
    with pytest.raises(BadSignature, match="tolerance"):
        verify_signature(BODY, header(), SECRET, now=NOW + 301)


def test_no_secret_configured_refuses_everything() -> None:
    with pytest.raises(BadSignature):
        verify_signature(BODY, header(secret=""), "", now=NOW)


REQUEST = CheckoutRequest(
    amount_cents=19_900,
    product_name="Cairn Prime",
    success_url="http://app/subscription/checkout?session_id={CHECKOUT_SESSION_ID}",
    cancel_url="http://app/plans",
    client_reference_id="user-1",
    customer_email="a@example.com",
    metadata={"plan": "PRIME", "kind": "tax"},
)


async def test_a_checkout_session_is_created_form_encoded_and_paying_redirects_to_the_success_url() -> None:
    with FakeStripe("sk_test_1", SECRET) as stripe:
        created = await create_checkout_session(stripe.url, "sk_test_1", REQUEST)
        session = stripe.sessions[created.id]
        assert created.url == f"{stripe.url}/c/pay/{created.id}"
        assert (session["amount_total"], session["currency"], session["metadata"]) == (
            19_900,
            "usd",
            {"plan": "PRIME", "kind": "tax"},
        )
        async with httpx.AsyncClient() as browser:
            page = await browser.get(created.url)
            assert "Pay Cairn Prime" in page.text and "$199.00" in page.text
            paid = await browser.post(created.url)
        assert paid.status_code == 303
        assert parse_qs(urlsplit(paid.headers["location"]).query) == {"session_id": [created.id]}
        [event] = stripe.events
        verify_signature(event.payload, event.header, SECRET)


async def test_a_refused_key_or_an_unreachable_provider_is_unavailable() -> None:
    with FakeStripe("sk_test_1", SECRET) as stripe:
        with pytest.raises(CheckoutUnavailable, match="401"):
            await create_checkout_session(stripe.url, "sk_wrong", REQUEST)
        url = stripe.url
    with pytest.raises(CheckoutUnavailable, match="reached"):
        await create_checkout_session(url, "sk_test_1", REQUEST)
