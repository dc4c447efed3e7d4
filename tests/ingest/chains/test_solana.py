"""Solana addresses through the Solana JSON-RPC fake: SOL and tokens, fees once, spam, paging and resyncs."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from decimal import Decimal

import httpx
import pytest

from ingest.chains.balances import asset_balances, calculated_balances
from ingest.chains.solana import sync_solana_address
from tests.fakes.solana_rpc import LAMPORTS, SolanaRpcServer, pubkey
from vocabulary.enums import TransactionType

OWN, OUTSIDE, POOL, SPAMMER = (pubkey(name) for name in ("own", "outside", "pool", "spammer"))
USDC, LURE = pubkey("usdc-mint"), pubkey("lure-mint")


@pytest.fixture
def node() -> Iterator[SolanaRpcServer]:
    with SolanaRpcServer() as server:
        server.decimals |= {USDC: 6, LURE: 0}
        yield server


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient() as http:
        yield http


def sol(lamports: int) -> Decimal:
    return Decimal(lamports).scaleb(-9)


async def test_sol_and_tokens_with_fees_once_and_spam_flagged(
    node: SolanaRpcServer, client: httpx.AsyncClient
) -> None:
    node.add(OUTSIDE, {OUTSIDE: -2 * LAMPORTS, OWN: 2 * LAMPORTS})
    node.add(OWN, {OWN: -LAMPORTS // 2, OUTSIDE: LAMPORTS // 2})
    swap = node.add(
        OWN, {OWN: -LAMPORTS, POOL: LAMPORTS}, {(OWN, USDC): 100 * 10**6, (POOL, USDC): -100 * 10**6}
    )
    node.add(OWN, {OWN: -LAMPORTS, OUTSIDE: LAMPORTS}, failed=True)
    node.add(SPAMMER, {}, {(OWN, LURE): 1_000, (SPAMMER, LURE): -1_000})

    synced = await sync_solana_address(client, node.url, OWN, {}, priced_mints=frozenset({USDC}))

    left = 2 * LAMPORTS - LAMPORTS // 2 - LAMPORTS - 3 * 5_000
    calculated = calculated_balances(synced.transactions)
    assert calculated["SOL"] == sol(left) == synced.reported["SOL"]
    usdc_key = f"blockchain_solana_{USDC}"
    assert calculated[usdc_key] == Decimal(100) == synced.reported[usdc_key]
    assert not any(
        b.is_difference_significant for b in asset_balances(synced.assets, synced.reported, calculated)
    )
    by_key = {t.key: t for t in synced.transactions}
    assert by_key[swap].type is TransactionType.TRADE
    assert [t.type for t in synced.transactions] == [
        TransactionType.RECEIVE,
        TransactionType.SEND,
        TransactionType.TRADE,
        TransactionType.FEE,
        TransactionType.RECEIVE,
    ]
    assert sum(f.quantity for t in synced.transactions for f in t.flows if f.is_fee) == sol(3 * 5_000)
    lure = synced.assets[f"blockchain_solana_{LURE}"]
    assert lure.is_spam and lure.was_automarked_as_spam
    assert synced.assets[usdc_key].is_spam is None
    assert f"blockchain_solana_{LURE}" not in synced.reported


async def test_signatures_page_by_thousand_and_a_resync_adds_only_what_is_new(
    node: SolanaRpcServer, client: httpx.AsyncClient
) -> None:
    for index in range(1_001):
        node.add(OUTSIDE, {OUTSIDE: -(1_000 + index), OWN: 1_000 + index})
    node.requests = 0

    first = await sync_solana_address(client, node.url, OWN, {})

    assert len(first.transactions) == 1_001
    assert calculated_balances(first.transactions)["SOL"] == sol(sum(1_000 + i for i in range(1_001)))
    assert node.requests == 2 + 1_001 + 1 + 2  # signature pages, transactions, balance, token accounts
    again = await sync_solana_address(client, node.url, OWN, first.cursors)
    assert again.transactions == []
    node.add(OWN, {OWN: -500, OUTSIDE: 500})
    third = await sync_solana_address(client, node.url, OWN, again.cursors)
    assert [(t.type, [f.quantity for f in t.flows]) for t in third.transactions] == [
        (TransactionType.SEND, [sol(500), sol(5_000)])
    ]
