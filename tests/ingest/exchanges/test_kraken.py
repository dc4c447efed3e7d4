from __future__ import annotations

import base64
from collections.abc import Iterator
from dataclasses import replace

import pytest

from ingest.exchanges.client import Credentials, ExchangeClient
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.kraken import KrakenConnector
from ingest.files.check import iter_transactions
from tests.fakes.kraken import KrakenFake
from tests.fakes.server import Fault
from tests.ingest.exchanges.syncs import (
    Beats,
    Sleeps,
    fake_client,
    refused_as_an_auth_failure,
    retried_into_a_malformed_failure,
    synced,
)
from vocabulary.enums import TransactionType
from vocabulary.errors import AccountError, account_error_message

KEY, SECRET = "kraken-key", base64.b64encode(b"kraken secret bytes").decode()


@pytest.fixture
def fake() -> Iterator[KrakenFake]:
    with KrakenFake(KEY, SECRET, trades=120) as fake:
        yield fake


def connector(
    fake: KrakenFake, key: str = KEY, sleeps: Sleeps | None = None, beats: Beats | None = None
) -> KrakenConnector:
    return KrakenConnector(fake_client("kraken", {"apiKey": key, "secret": SECRET}, fake, sleeps, beats))


def test_a_sync_gives_every_ledger_transaction_keyed_by_refid(fake: KrakenFake) -> None:
    transactions, cursors = synced(connector(fake), {})
    assert set(transactions) == {entry.refid for entry in fake.entries if entry.type != "staking"} | {
        f"{entry.refid}:{entry.ledger_id}" for entry in fake.entries if entry.type == "staking"
    }
    assert len(transactions) == 120 + 5 + 3
    first = transactions[fake.trades[1].txid]  # a buy of 0.5 ETH for USD, with Kraken's fee in USD
    assert first.type is TransactionType.BUY
    assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in first.flows} == {
        ("IN", "ETH", fake.trades[1].vol, False),
        ("OUT", "USD", fake.trades[1].cost, False),
        ("OUT", "USD", fake.trades[1].fee, True),
    }
    assert fake.requests == 1 + 5  # the count, then 248 entries 50 a page
    assert cursors["ledger"] == {"start": fake.entries[-1].time.rstrip("0").rstrip(".")}


def test_a_second_sync_with_the_cursors_fetches_only_what_is_new(fake: KrakenFake) -> None:
    _, cursors = synced(connector(fake), {})
    assert synced(connector(fake), cursors) == ({}, cursors)
    fake.add_trades(10)
    transactions, _ = synced(connector(fake), cursors)
    assert set(transactions) == {trade.txid for trade in fake.trades[120:]} | {"Q0007D-DEPOS-00007D"}


def test_a_sync_stopped_midway_resumes_from_the_last_stored_batch(fake: KrakenFake) -> None:
    whole, _ = synced(connector(fake), {})
    batches = connector(fake).sync({})
    stored = [next(batches), next(batches)]  # the worker dies here
    assert all(batch.transactions for batch in stored)
    trades = [t for batch in stored for t in batch.transactions if t.label == "trade"]
    assert all(len([f for f in t.flows if not f.is_fee]) == 2 for t in trades)  # no trade split in two
    resumed, _ = synced(connector(fake), {"ledger": stored[-1].cursor})
    assert not {t.key for batch in stored for t in batch.transactions} & set(resumed)
    combined = {t.key: t for batch in stored for t in batch.transactions} | resumed
    assert {key: replace(t, row=0) for key, t in combined.items()} == {
        key: replace(t, row=0) for key, t in whole.items()
    }


def test_the_exports_of_the_same_history_have_the_same_keys(fake: KrakenFake) -> None:
    transactions, _ = synced(connector(fake), {})
    from_ledgers = {t.key: t for t in iter_transactions(fake.ledgers_csv(), "ledgers.csv")}
    assert set(from_ledgers) == set(transactions)
    for key, transaction in transactions.items():
        assert (transaction.type, set(transaction.flows)) == (
            from_ledgers[key].type,
            set(from_ledgers[key].flows),
        )
    from_trades = {t.key for t in iter_transactions(fake.trades_csv(), "trades.csv")}
    assert from_trades == {t.key for t in transactions.values() if t.label == "trade"}


def test_429_then_500_are_retried_with_backoff_and_a_malformed_body_fails_as_such(fake: KrakenFake) -> None:
    failure = retried_into_a_malformed_failure(fake, lambda sleeps: connector(fake, sleeps=sleeps))
    assert failure.account_error is AccountError.ERROR_WITH_PARTNER_CONNECTION
    assert fake.requests == 3


def test_retries_end_in_a_classified_failure(fake: KrakenFake) -> None:
    fake.fail_next(Fault.SERVER_ERROR, Fault.RATE_LIMITED, Fault.RATE_LIMITED)
    with pytest.raises(ExchangeFailure) as failure:
        synced(connector(fake), {})
    assert failure.value.kind is FailureKind.RATE_LIMIT
    fake.fail_next(Fault.RATE_LIMITED, Fault.SERVER_ERROR, Fault.SERVER_ERROR)
    with pytest.raises(ExchangeFailure) as failure:
        synced(connector(fake), {})
    assert failure.value.kind is FailureKind.UNAVAILABLE


def test_recovered_retries_complete_the_sync_with_a_heartbeat_per_answer_and_wait(fake: KrakenFake) -> None:
    beats = Beats()
    fake.fail_next(Fault.RATE_LIMITED, Fault.SERVER_ERROR)
    transactions, _ = synced(connector(fake, beats=beats), {})
    assert len(transactions) == 128
    assert len(beats) == fake.requests == 2 + 6


def test_an_invalid_key_is_an_auth_failure_with_the_spec_message(fake: KrakenFake) -> None:
    refused = refused_as_an_auth_failure(connector(fake), connector(fake, key="revoked-key"))
    assert account_error_message(refused.account_error) == "API key is invalid."
    fake.fail_next(Fault.INVALID_KEY)
    with pytest.raises(ExchangeFailure) as failure:
        synced(connector(fake), {})
    assert failure.value.kind is FailureKind.AUTH


def test_rate_limits_are_kept_unless_turned_off() -> None:
    assert ExchangeClient("kraken", Credentials()).exchange.enableRateLimit is True
