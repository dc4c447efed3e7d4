"""Why an exchange call failed, in the four kinds a sync reports: auth, rate limit, unavailable, malformed."""

from __future__ import annotations

from enum import StrEnum

import ccxt

from vocabulary.errors import AccountError


class FailureKind(StrEnum):
    AUTH = "auth"  # the key is invalid, revoked or lacks a permission: the user must fix it
    RATE_LIMIT = "rate_limit"  # still refused after backing off
    UNAVAILABLE = "unavailable"  # 5xx, timeouts, maintenance, still failing after backing off
    MALFORMED = "malformed"  # an answer that is not the exchange's documented shape


RETRIED = frozenset({FailureKind.RATE_LIMIT, FailureKind.UNAVAILABLE})


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
    return FailureKind.UNAVAILABLE
