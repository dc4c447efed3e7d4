from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal

import pytest

from ingest.exchanges.binance import BinanceConnector
from ingest.files.check import iter_transactions
from tests.fakes.binance import EPOCH_MS, BinanceFake
from tests.ingest.exchanges.syncs import (
    Sleeps,
    fake_client,
    refused_as_an_auth_failure,
    retried_into_a_malformed_failure,
    synced,
)
from vocabulary.enums import TransactionType

KEY, SECRET = "binance-key", "binance-secret"


@pytest.fixture
def fake() -> Iterator[BinanceFake]:
    with BinanceFake(KEY, SECRET, trades=300) as fake:
        yield fake


def connector(fake: BinanceFake, key: str = KEY, sleeps: Sleeps | None = None) -> BinanceConnector:
    return BinanceConnector(fake_client("binance", {"apiKey": key, "secret": SECRET}, fake, sleeps))


def test_a_sync_gives_trades_deposits_and_withdrawals_with_the_export_keys(fake: BinanceFake) -> None:
    transactions, _ = synced(connector(fake), {})
    # 300 fills, every tenth in the second of the one before: 271 trades; 6 deposits, 1 withdrawal.
    assert len(transactions) == 271 + 6 + 1
    exported = {t.key: t for t in iter_transactions(fake.history_csv(), "binance.csv")}
    assert set(exported) == set(transactions)
    for key, transaction in transactions.items():
        assert (transaction.type, set(transaction.flows)) == (exported[key].type, set(exported[key].flows))
    withdrawal = next(t for t in transactions.values() if t.type is TransactionType.WITHDRAWAL)
    assert withdrawal.tx_hash == fake.withdrawals[0].tx_id
    assert {(f.direction, f.asset, f.quantity) for f in withdrawal.flows} == {
        ("OUT", "BTC", fake.withdrawals[0].amount + fake.withdrawals[0].fee)
    }


def test_a_second_sync_with_the_cursors_fetches_only_what_is_new(fake: BinanceFake) -> None:
    first, cursors = synced(connector(fake), {})
    again, cursors = synced(connector(fake), cursors)
    assert again == {}
    fake.add_trades(5)
    new, _ = synced(connector(fake), cursors)
    assert len(new) == 5 and not set(new) & set(first)


def test_429_then_500_then_malformed_is_a_malformed_failure(fake: BinanceFake) -> None:
    retried_into_a_malformed_failure(fake, lambda sleeps: connector(fake, sleeps=sleeps))


def test_an_invalid_key_is_an_auth_failure(fake: BinanceFake) -> None:
    refused_as_an_auth_failure(connector(fake), connector(fake, key="revoked"))


def test_a_deposit_under_way_is_fetched_again_until_it_is_credited(fake: BinanceFake) -> None:
    deposit = fake.deposits[-1] = replace(fake.deposits[-1], pending=True)
    transactions, cursors = synced(connector(fake), {})
    assert deposit.tx_id not in {t.tx_hash for t in transactions.values()}
    assert cursors["history"]["deposits"] == deposit.time
    fake.deposits[-1] = replace(deposit, pending=False)
    credited, _ = synced(connector(fake), cursors)
    assert [t.tx_hash for t in credited.values()] == [deposit.tx_id]


def test_usdt_deposited_in_btc_bought_and_all_sold_again_gives_both_trades() -> None:
    with BinanceFake(KEY, SECRET) as fake:
        # BTC is in no deposit, no withdrawal and no balance: only the trades say it was held.
        fake.balances = {"USDT": Decimal("1009.69031")}
        fake.deposit("USDT", Decimal(1000), EPOCH_MS)
        fake.fill("BTCUSDT", True, Decimal("0.01"), Decimal(30000), EPOCH_MS + 60_000)
        fake.fill("BTCUSDT", False, Decimal("0.00999"), Decimal(31000), EPOCH_MS + 120_000)
        transactions, _ = synced(connector(fake), {})
        exported = {t.key: t for t in iter_transactions(fake.history_csv(), "binance.csv")}
    assert set(transactions) == set(exported)
    trades = [t for t in transactions.values() if t.type is not TransactionType.DEPOSIT]
    assert [{(f.direction, f.asset) for f in t.flows if not f.is_fee} for t in trades] == [
        {("IN", "BTC"), ("OUT", "USDT")},
        {("OUT", "BTC"), ("IN", "USDT")},
    ]
