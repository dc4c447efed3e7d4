"""The payment provider: Stripe's Checkout Session and webhook protocol.

`create_checkout_session` is `POST {base}/v1/checkout/sessions`, form-encoded, authorised by the secret
key as a bearer token; Stripe answers the session with its `id` (`cs_…`) and the `url` to send the
browser to (https://docs.stripe.com/api/checkout/sessions/create). When the customer has paid, Stripe
posts a `checkout.session.completed` event to the webhook with a `Stripe-Signature` header
`t={unix time},v1={hex HMAC-SHA256 of "{t}.{raw body}" under the endpoint's signing secret}`; a receiver
compares every v1 in constant time and refuses a timestamp older than its tolerance, 300 s by default
(https://docs.stripe.com/webhooks#verify-manually). The base URL is a setting, so tests and local runs
use the fake in tests/fakes/stripe.py.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass

import httpx

TOLERANCE_SECONDS = 300
TIMEOUT_SECONDS = 20


class CheckoutUnavailable(Exception):
    """The provider could not be reached or refused the session."""


class BadSignature(Exception):
    pass


@dataclass(frozen=True)
class CheckoutRequest:
    amount_cents: int
    product_name: str
    success_url: str  # may hold {CHECKOUT_SESSION_ID}, which Stripe fills in
    cancel_url: str
    client_reference_id: str
    customer_email: str
    metadata: dict[str, str]


@dataclass(frozen=True)
class CreatedSession:
    id: str
    url: str


def _form(request: CheckoutRequest) -> dict[str, str]:
    form = {
        "mode": "payment",
        "success_url": request.success_url,
        "cancel_url": request.cancel_url,
        "client_reference_id": request.client_reference_id,
        "customer_email": request.customer_email,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": str(request.amount_cents),
        "line_items[0][price_data][product_data][name]": request.product_name,
    }
    form |= {f"metadata[{key}]": value for key, value in request.metadata.items()}
    return form


async def create_checkout_session(base_url: str, secret_key: str, request: CheckoutRequest) -> CreatedSession:
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT_SECONDS) as http:
            response = await http.post(
                f"{base_url.rstrip('/')}/v1/checkout/sessions",
                data=_form(request),
                headers={"Authorization": f"Bearer {secret_key}"},
            )
    except httpx.HTTPError as error:
        raise CheckoutUnavailable(f"the payment provider could not be reached: {error}") from error
    if response.status_code != 200:
        raise CheckoutUnavailable(f"the payment provider answered {response.status_code}")
    try:
        body = response.json()
        return CreatedSession(id=str(body["id"]), url=str(body["url"]))
    except (ValueError, KeyError, TypeError) as error:
        raise CheckoutUnavailable("the payment provider's answer could not be read") from error


def signature(payload: bytes, secret: str, timestamp: int) -> str:
    signed = f"{timestamp}.".encode() + payload
    return hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def verify_signature(
    payload: bytes,
    header: str | None,
    secret: str,
    tolerance: int = TOLERANCE_SECONDS,
    now: float | None = None,
) -> None:
    """Raises BadSignature unless `header` signs `payload` under `secret` within `tolerance` seconds."""
    if not header or not secret:
        raise BadSignature("no signature")
    timestamp: int | None = None
    candidates: list[str] = []
    for element in header.split(","):
        key, _, value = element.strip().partition("=")
        if key == "t" and value.isdigit():
            timestamp = int(value)
        elif key == "v1":
            candidates.append(value)
    if timestamp is None or not candidates:
        raise BadSignature("the signature header has no timestamp or no v1 signature")
    expected = signature(payload, secret, timestamp)
    if not any(hmac.compare_digest(expected, candidate) for candidate in candidates):
        raise BadSignature("the signature does not match the payload")
    if abs((time.time() if now is None else now) - timestamp) > tolerance:
        raise BadSignature("the signature's timestamp is outside the tolerance")
