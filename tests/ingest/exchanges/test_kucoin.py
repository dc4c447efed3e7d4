from __future__ import annotations

from collections.abc import Iterator

import pytest

from ingest.exchanges.kucoin import KucoinConnector
from ingest.files.check import iter_transactions
from tests.fakes.kucoin import SPACING_MS, KucoinFake
from tests.ingest.exchanges.syncs import (
    Sleeps,
    fake_client,
    refused_as_an_auth_failure,
    retried_into_a_malformed_failure,
    synced,
)
from vocabulary.enums import TransactionType

KEY, SECRET, PASSPHRASE = "kucoin-key", "kucoin-secret", "kucoin-passphrase"


@pytest.fixture
def fake() -> Iterator[KucoinFake]:
    with KucoinFake(KEY, SECRET, PASSPHRASE, trades=600) as fake:
        yield fake


def connector(
    fake: KucoinFake, passphrase: str = PASSPHRASE, sleeps: Sleeps | None = None
) -> KucoinConnector:
    credentials = {"apiKey": KEY, "secret": SECRET, "password": passphrase}
    return KucoinConnector(fake_client("kucoin", credentials, fake, sleeps))


def test_a_sync_gives_fills_by_trade_id_and_transfers(fake: KucoinFake) -> None:
    transactions, _ = synced(connector(fake), {})
    fills = {fill.trade_id for fill in fake.fills}
    assert fills <= set(transactions)
    exported = {t.key: t for t in iter_transactions(fake.fills_csv(), "kucoin.csv")}
    assert set(exported) == fills
    for key, transaction in exported.items():
        assert (transactions[key].type, set(transactions[key].flows)) == (
            transaction.type,
            set(transaction.flows),
        )
    deposits = [t for t in transactions.values() if t.type is TransactionType.DEPOSIT]
    withdrawals = [t for t in transactions.values() if t.type is TransactionType.WITHDRAWAL]
    assert {t.key for t in deposits} == {d.wallet_tx_id for d in fake.deposits}
    assert {t.key for t in withdrawals} == {w.id for w in fake.withdrawals}
    assert len(deposits) == 15 and len(withdrawals) == 4


def test_a_second_sync_with_the_cursors_fetches_only_what_is_new(fake: KucoinFake) -> None:
    _, cursors = synced(connector(fake), {})
    assert synced(connector(fake), cursors)[0] == {}
    fake.start = int(cursors["fills"]["since"]) + 1 - 600 * SPACING_MS  # fill 600 just after the sync
    fake.add_trades(3)  # and a deposit before them
    new, _ = synced(connector(fake), cursors)
    assert set(new) == {fill.trade_id for fill in fake.fills[600:]} | {fake.deposits[-1].wallet_tx_id}


def test_429_then_500_then_malformed_is_a_malformed_failure(fake: KucoinFake) -> None:
    retried_into_a_malformed_failure(fake, lambda sleeps: connector(fake, sleeps=sleeps))


def test_a_wrong_passphrase_is_an_auth_failure(fake: KucoinFake) -> None:
    refused_as_an_auth_failure(connector(fake), connector(fake, passphrase="wrong"))
