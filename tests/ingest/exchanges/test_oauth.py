"""Refresh and code exchange against the local OAuth fake: a provider's refusal comes back cleaned."""

from __future__ import annotations

import logging

import pytest
from temporalio.api.failure.v1 import Failure
from temporalio.converter import DefaultFailureConverter, DefaultPayloadConverter

from ingest.exchanges.oauth import PROVIDERS, Client, OAuthRefused, exchange_code, refresh_tokens
from tests.fakes.oauth import OAuthServer

CLIENT = Client("cairn-client", "cairn-client-secret")


def test_a_refusal_quoting_the_refresh_token_and_a_link_comes_back_without_either(
    caplog: pytest.LogCaptureFixture,
) -> None:
    revoked = "rt-4b1f0c9e7a2d+/="
    with OAuthServer(CLIENT.client_id, CLIENT.client_secret) as server, pytest.raises(OAuthRefused) as raised:
        refresh_tokens(PROVIDERS["coinbase"], server.url, CLIENT, revoked)
    refused = raised.value
    assert refused.__cause__ is None
    logging.getLogger("cairn.test").warning("refused", exc_info=refused)
    converted = Failure()
    DefaultFailureConverter().to_failure(refused, DefaultPayloadConverter(), converted)
    for text in (str(refused), caplog.text, str(converted)):
        assert "invalid_grant" in text and "<credential>" in text and "<address>" in text
        assert "rt-4b1f0c9e7a2d" not in text and "rt-4b1f0c9e7a2d%2B" not in text
        assert "127.0.0.1" not in text and "?grant=" not in text


def test_a_refused_code_is_not_in_the_refusal() -> None:
    with OAuthServer(CLIENT.client_id, CLIENT.client_secret) as server, pytest.raises(OAuthRefused) as raised:
        exchange_code(PROVIDERS["coinbase"], server.url, CLIENT, "c0de-used", "v3rifier", "http://app/cb")
    assert str(raised.value) == (
        '{"error": "invalid_grant", "error_description": "The grant <credential> is invalid, expired or '
        'revoked.", "error_uri": <address>'
    )
