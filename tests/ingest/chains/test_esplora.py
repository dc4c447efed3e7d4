"""Bitcoin-like wallets through Esplora: change, fees, paging, the gap limit and resyncs."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from decimal import Decimal

import httpx
import pytest
from bip_utils import Bip32KeyNetVersions, Bip32Secp256k1

from ingest.chains.balances import asset_balances, calculated_balances
from ingest.chains.esplora import sync_addresses, sync_extended_keys
from ingest.chains.hd import CHANGE, RECEIVE, ExtendedKey
from ingest.chains.networks import BITCOIN
from tests.fakes.esplora import EsploraServer, hd_wallet_history
from tests.fakes.server import Fault
from vocabulary.enums import TransactionType

# BIP-84's test vector account (mnemonic "abandon … about"), m/84'/0'/0'.
ZPUB = (
    "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1A"
    "DqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs"
)


def btc(satoshis: int) -> Decimal:
    return Decimal(satoshis).scaleb(-8)


@pytest.fixture
def esplora() -> Iterator[EsploraServer]:
    with EsploraServer() as server:
        yield server


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient() as http:
        yield http


async def test_zpub_balance_recognises_change_and_counts_each_fee_once(
    esplora: EsploraServer, client: httpx.AsyncClient
) -> None:
    key = ExtendedKey(ZPUB, BITCOIN)
    # 31 extra deposits to the first address: its history spans two pages of 25.
    history = hd_wallet_history(esplora, key, used_receive=7, extra_deposits=31)

    synced = await sync_extended_keys(client, esplora.url, [key], {})

    assert len(synced.transactions) == history.transactions
    assert len({t.key for t in synced.transactions}) == history.transactions
    calculated = calculated_balances(synced.transactions)
    assert calculated == {"BTC": btc(history.balance)}
    assert synced.reported == {"BTC": btc(history.balance)}
    [balance] = asset_balances(synced.assets, synced.reported, calculated)
    assert not balance.is_difference_significant
    fees = [f.quantity for t in synced.transactions for f in t.flows if f.is_fee]
    assert sum(fees) == btc(history.fees)
    # Change is not a receipt: what came in is exactly the deposits.
    received = sum(f.quantity for t in synced.transactions for f in t.flows if f.direction == "IN")
    deposits = sum(1_000_000 + i for i in range(7)) + sum(10_000 + i for i in range(31))
    assert received == btc(deposits)
    spends = [t for t in synced.transactions if t.type is TransactionType.SEND]
    # Each spend's outflow is what left the wallet, fee apart: 300,000 sats, and 500,000 for the
    # payment from two of the wallet's outputs.
    assert sorted(f.quantity for t in spends for f in t.flows if not f.is_fee) == [btc(300_000)] * 3 + [
        btc(500_000)
    ]


async def test_resync_asks_once_per_address_and_adds_only_what_is_new(
    esplora: EsploraServer, client: httpx.AsyncClient
) -> None:
    key = ExtendedKey(ZPUB, BITCOIN)
    history = hd_wallet_history(esplora, key, used_receive=5, extra_deposits=30)
    first = await sync_extended_keys(client, esplora.url, [key], {})

    esplora.requests = 0
    again = await sync_extended_keys(client, esplora.url, [key], first.cursors)
    assert again.transactions == []
    assert again.cursors == first.cursors
    assert again.reported == {"BTC": btc(history.balance)}
    scanned = (history.used_receive + 20) + (history.used_change + 20)
    assert esplora.requests == scanned  # the stats of each address, no history

    esplora.add([("", 60_000)], [(key.address(1, RECEIVE), 50_000)], fee=10_000)
    third = await sync_extended_keys(client, esplora.url, [key], again.cursors)
    assert [(t.type, t.flows[0].quantity) for t in third.transactions] == [
        (TransactionType.RECEIVE, btc(50_000))
    ]
    assert third.reported == {"BTC": btc(history.balance + 50_000)}


async def test_gap_limit_of_twenty_unused_addresses_on_each_chain(
    esplora: EsploraServer, client: httpx.AsyncClient
) -> None:
    key = ExtendedKey(ZPUB, BITCOIN)
    # Receive: 0, then 20 after 19 unused (found), then 41 after 20 unused (beyond the gap).
    for index in (0, 20, 41):
        esplora.add([("", 1_000 + index + 500)], [(key.address(index, RECEIVE), 1_000 + index)], fee=500)
    # Change: 19 after 19 unused is found; nothing follows it.
    esplora.add([("", 5_000)], [(key.address(19, CHANGE), 4_000)], fee=1_000)

    synced = await sync_extended_keys(client, esplora.url, [key], {})

    assert calculated_balances(synced.transactions) == {"BTC": btc(1_000 + 1_020 + 4_000)}
    assert key.address(41, RECEIVE) not in synced.cursors
    asked = {path.split("/")[2] for path in esplora.asked}
    assert key.address(40, RECEIVE) in asked and key.address(41, RECEIVE) not in asked
    assert key.address(39, CHANGE) in asked and key.address(40, CHANGE) not in asked


async def test_two_xpub_wallet_reads_the_same_chains_as_its_account_key(
    esplora: EsploraServer, client: httpx.AsyncClient
) -> None:
    account = ExtendedKey(ZPUB, BITCOIN)
    history = hd_wallet_history(esplora, account, used_receive=4)
    zpub_versions = Bip32KeyNetVersions(bytes.fromhex("04b24746"), bytes(4))
    parent = Bip32Secp256k1.FromExtendedKey(ZPUB, zpub_versions)
    receive, change = (parent.ChildKey(chain).PublicKey().ToExtended() for chain in (RECEIVE, CHANGE))

    synced = await sync_extended_keys(
        client, esplora.url, [ExtendedKey(receive, BITCOIN), ExtendedKey(change, BITCOIN)], {}
    )

    assert calculated_balances(synced.transactions) == {"BTC": btc(history.balance)}
    assert len(synced.transactions) == history.transactions


async def test_plain_addresses_net_a_payment_between_them(
    esplora: EsploraServer, client: httpx.AsyncClient
) -> None:
    key = ExtendedKey(ZPUB, BITCOIN)
    a, b = key.address(0, RECEIVE), key.address(1, RECEIVE)
    deposit = esplora.add([("", 101_000)], [(a, 100_000)], fee=1_000)
    esplora.add([(deposit, 0)], [(b, 60_000), ("outside", 39_000)], fee=1_000)

    synced = await sync_addresses(client, esplora.url, BITCOIN, [a, b], {})

    moved = [(t.type, [(f.direction, f.quantity, f.is_fee) for f in t.flows]) for t in synced.transactions]
    assert moved == [
        (TransactionType.RECEIVE, [("IN", btc(100_000), False)]),
        (TransactionType.SEND, [("OUT", btc(39_000), False), ("OUT", btc(1_000), True)]),
    ]
    assert synced.reported == {"BTC": btc(60_000)}


async def test_rate_limits_and_server_errors_are_retried(
    esplora: EsploraServer, client: httpx.AsyncClient
) -> None:
    key = ExtendedKey(ZPUB, BITCOIN)
    address = key.address(0, RECEIVE)
    esplora.add([("", 2_000)], [(address, 1_000)], fee=1_000)
    esplora.fail_next(Fault.RATE_LIMITED, Fault.SERVER_ERROR)

    synced = await sync_addresses(client, esplora.url, BITCOIN, [address], {})

    assert synced.reported == {"BTC": btc(1_000)}
