from __future__ import annotations

from ingest.exchanges.client import Backoff, Credentials, ExchangeClient, rebased


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
