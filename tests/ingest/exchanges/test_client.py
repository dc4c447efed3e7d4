from __future__ import annotations

import logging
from urllib.parse import quote, quote_plus

import pytest
from temporalio.api.failure.v1 import Failure
from temporalio.converter import DefaultFailureConverter, DefaultPayloadConverter

from ingest.exchanges.client import Backoff, Credentials, ExchangeClient, rebased
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from tests.fakes.server import Answer, FakeExchange, Request


def test_credentials_are_never_printed() -> None:
    credentials = Credentials({"apiKey": "visible-key", "secret": "s3cr3t-value"})
    assert "s3cr3t" not in repr(credentials) and "visible-key" not in repr(credentials)


def test_the_api_base_replaces_the_origin_of_every_address_and_keeps_paths() -> None:
    urls = {"sapi": "https://api.binance.com/sapi/v1", "nested": {"v1": "https://fapi.binance.com/fapi/v1"}}
    assert rebased(urls, "http://127.0.0.1:5000/") == {
        "sapi": "http://127.0.0.1:5000/sapi/v1",
        "nested": {"v1": "http://127.0.0.1:5000/fapi/v1"},
    }
    client = ExchangeClient("kraken", Credentials(), "http://127.0.0.1:5000")
    assert client.exchange.urls["api"]["private"] == "http://127.0.0.1:5000"


def test_backoff_doubles_up_to_its_cap() -> None:
    assert Backoff().delays() == [1.0, 2.0, 4.0, 8.0, 16.0]
    assert Backoff(attempts=8, first=4).delays() == [4.0, 8.0, 16.0, 30.0, 30.0, 30.0, 30.0]


class Echo(FakeExchange):
    """An exchange down for maintenance that answers 503 with the request it was sent and its key."""

    def answer(self, request: Request) -> Answer:
        text = f"cannot serve {request.path}?{request.query_string} (key {request.query['AccessKeyId']})"
        return Answer(503, text.encode())


def test_a_failure_from_a_query_signed_request_carries_no_part_of_the_credentials(
    caplog: pytest.LogCaptureFixture,
) -> None:
    key, secret = "AK-7f3c9e1b5d2a4068", "SK-b84e0d6a91c257f3/+="
    with Echo() as echo:
        # HTX signs in the query string: AccessKeyId=<key>, Signature=<HMAC under the secret>.
        client = ExchangeClient(
            "htx",
            Credentials({"apiKey": key, "secret": secret}),
            echo.url,
            throttle=False,
            backoff=Backoff(attempts=2, first=0.01),
            sleep=lambda _: None,
        )
        with pytest.raises(ExchangeFailure) as raised:
            client.call("private_get_account_accounts")
    failure = raised.value
    assert failure.kind is FailureKind.UNAVAILABLE
    assert failure.__cause__ is None and failure.__suppress_context__
    logging.getLogger("cairn.test").error("sync failed", exc_info=failure)
    converted = Failure()
    DefaultFailureConverter().to_failure(failure, DefaultPayloadConverter(), converted)
    for text in (str(failure), failure.detail, caplog.text, str(converted)):
        assert "AccessKeyId" not in text and "Signature=" not in text
        for credential in (key, secret, quote(secret, safe=""), quote_plus(secret)):
            assert not any(credential[i : i + 6] in text for i in range(len(credential) - 5))
    assert failure.detail.startswith("ExchangeNotAvailable: htx GET <address> 503")
