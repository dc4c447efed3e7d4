from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from ingest.exchanges.coinbase import CoinbaseConnector
from ingest.files.check import iter_transactions
from tests.fakes.coinbase import CoinbaseFake
from tests.ingest.exchanges.syncs import (
    Sleeps,
    fake_client,
    refused_as_an_auth_failure,
    retried_into_a_malformed_failure,
    synced,
)

TOKEN = "oauth-access-token"


@pytest.fixture
def fake() -> Iterator[CoinbaseFake]:
    with CoinbaseFake(TOKEN, trades=250) as fake:
        yield fake


def connector(fake: CoinbaseFake, token: str = TOKEN, sleeps: Sleeps | None = None) -> CoinbaseConnector:
    return CoinbaseConnector(fake_client("coinbase", {"token": token}, fake, sleeps))


def test_a_sync_gives_every_transaction_as_the_export_keys_it(fake: CoinbaseFake) -> None:
    transactions, _ = synced(connector(fake), {})
    assert set(transactions) == {t.id for t in fake.transactions}
    exported = {t.key: t for t in iter_transactions(fake.history_csv(), "coinbase.csv")}
    assert set(exported) == set(transactions)
    for key, transaction in transactions.items():
        assert (transaction.type, transaction.timestamp) == (exported[key].type, exported[key].timestamp)
        assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in transaction.flows} == {
            (f.direction, f.asset, f.quantity, f.is_fee) for f in exported[key].flows
        }


def test_a_second_sync_with_the_cursors_fetches_only_what_is_new(fake: CoinbaseFake) -> None:
    _, cursors = synced(connector(fake), {})
    assert synced(connector(fake), cursors) == ({}, cursors)
    fake.add_trades(4)
    new, _ = synced(connector(fake), cursors)
    assert set(new) == {t.id for t in fake.transactions[250:]}


def test_429_then_500_then_malformed_is_a_malformed_failure(fake: CoinbaseFake) -> None:
    retried_into_a_malformed_failure(fake, lambda sleeps: connector(fake, sleeps=sleeps))


def test_a_revoked_token_is_an_auth_failure(fake: CoinbaseFake) -> None:
    refused_as_an_auth_failure(connector(fake), connector(fake, token="revoked"))


def test_a_pending_transaction_is_asked_for_until_it_completes(fake: CoinbaseFake) -> None:
    pending = fake.transactions[-3] = replace(fake.transactions[-3], status="pending")
    transactions, cursors = synced(connector(fake), {})
    assert pending.id not in transactions and fake.transactions[-1].id in transactions
    fake.transactions[-3] = replace(pending, status="completed")
    completed, _ = synced(connector(fake), cursors)
    assert pending.id in completed
