"""Why an exchange call failed: auth, rate limit, unavailable, malformed or unsupported; and the
cleaning of outside error texts before they go anywhere."""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from urllib.parse import quote, quote_plus

import ccxt

from vocabulary.errors import AccountError


class FailureKind(StrEnum):
    AUTH = "auth"  # the key is invalid, revoked or lacks a permission: the user must fix it
    RATE_LIMIT = "rate_limit"  # still refused after backing off
    UNAVAILABLE = "unavailable"  # 5xx, timeouts, maintenance, still failing after backing off
    MALFORMED = "malformed"  # an answer that is not the exchange's documented shape
    UNSUPPORTED = "unsupported"  # a call this exchange does not offer (ccxt's or the exchange's refusal)


RETRIED = frozenset({FailureKind.RATE_LIMIT, FailureKind.UNAVAILABLE})

# An address or a query string in an error text: ccxt's HTTP errors spell the whole request
# ("id method url code reason body"), exchanges that sign in the query put the key there, and an
# OAuth provider's refusal may name its endpoints with the code or token.
ADDRESS = re.compile(r"\S*://\S*|\S*\?\S*")
DETAIL_CHARS = 500


class ExchangeFailure(Exception):
    def __init__(self, exchange: str, kind: FailureKind, detail: str) -> None:
        super().__init__(f"{exchange}: {kind}: {detail}")
        self.exchange, self.kind, self.detail = exchange, kind, detail

    @property
    def account_error(self) -> AccountError:
        """The spec's account error code for this failure (spec 000 §3, §8)."""
        if self.kind is FailureKind.AUTH:
            return AccountError.INVALID_API_KEY
        return AccountError.ERROR_WITH_PARTNER_CONNECTION


def classify(exc: ccxt.BaseError) -> FailureKind:
    if isinstance(exc, ccxt.AuthenticationError):  # PermissionDenied and AccountSuspended too
        return FailureKind.AUTH
    if isinstance(exc, ccxt.DDoSProtection | ccxt.RateLimitExceeded):
        return FailureKind.RATE_LIMIT
    if isinstance(exc, ccxt.BadResponse):
        return FailureKind.MALFORMED
    if isinstance(exc, ccxt.NotSupported):
        return FailureKind.UNSUPPORTED
    return FailureKind.UNAVAILABLE


def cleaned(detail: str, secrets: Iterable[str] = ()) -> str:
    """An outside error text fit for logs, Temporal's history and the browser: no address, no query
    string, none of `secrets` (as is or URL-encoded either way), at most 500 characters."""
    text = ADDRESS.sub("<address>", detail)
    spelt = {form for value in secrets if value for form in (value, quote(value, safe=""), quote_plus(value))}
    for secret in sorted(spelt, key=len, reverse=True):
        text = text.replace(secret, "<credential>")
    return text[:DETAIL_CHARS]
