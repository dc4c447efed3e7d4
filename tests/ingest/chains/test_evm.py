"""EVM addresses through the Etherscan v2 and JSON-RPC fakes: tokens, internal transactions, fees,
spam, paging past 10,000 rows, resyncs and ENS names."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from decimal import Decimal

import httpx
import pytest

from ingest.catalogue import load_integrations
from ingest.chains.balances import asset_balances, calculated_balances
from ingest.chains.ens import resolve_ens
from ingest.chains.etherscan import CHAIN_IDS, EvmEndpoints
from ingest.chains.evm import sync_evm_address
from ingest.chains.model import ChainSync
from tests.fakes.etherscan import ETHER, GWEI, EtherscanServer, EvmWallet, spam_flood
from tests.fakes.evm_rpc import EvmRpcServer
from vocabulary.enums import TransactionType

OWN = "0x" + "a1" * 20
OUTSIDE = "0x" + "b2" * 20
ROUTER = "0x" + "c3" * 20
USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
LOOKALIKE = "0x" + "d4" * 20
USDC_KEY = f"blockchain_ethereum_{USDC}"
FEE = 21_000 * 20 * GWEI


@pytest.fixture
def etherscan() -> Iterator[EtherscanServer]:
    with EtherscanServer() as server:
        yield server


@pytest.fixture
def node(etherscan: EtherscanServer) -> Iterator[EvmRpcServer]:
    with EvmRpcServer(etherscan.accounts, 1, ens={"cairn-demo.eth": OWN}) as server:
        yield server


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient() as http:
        yield http


def history(etherscan: EtherscanServer) -> EvmWallet:
    """Received 2 ETH; paid 0.5; swapped 1 ETH for 3,000 USDC; a contract call paying back 0.2 ETH
    internally; sent 1,000 USDC; a failed send; an airdrop of a lure token and a zero-value transfer
    of a USDC look-alike."""
    wallet = EvmWallet(etherscan, 1)
    wallet.send(OUTSIDE, OWN, 2 * ETHER)
    wallet.send(OWN, OUTSIDE, ETHER // 2)
    swap = wallet.send(OWN, ROUTER, ETHER, method="swapExactETHForTokens(uint256,address[],address,uint256)")
    wallet.token(swap, USDC, ROUTER, OWN, 3_000 * 10**6, "USDC", "USD Coin", 6)
    call = wallet.send(OWN, ROUTER, 0, method="withdraw(uint256)")
    wallet.internal(call, ROUTER, OWN, ETHER // 5)
    pay = wallet.send(OWN, USDC, 0, method="transfer(address,uint256)")
    wallet.token(pay, USDC, OWN, OUTSIDE, 1_000 * 10**6, "USDC", "USD Coin", 6)
    wallet.send(OWN, OUTSIDE, ETHER // 10, failed=True)
    wallet.airdrop(OUTSIDE, OWN, "0x" + "e5" * 20, 500 * ETHER, "ETHG", "Visit eth-gift.com to claim")
    poison = wallet.send(OUTSIDE, LOOKALIKE)
    wallet.token(poison, LOOKALIKE, OWN, OUTSIDE, 0, "USDC", "USD Coin", 6)
    return wallet


def ether(wei: int) -> Decimal:
    return Decimal(wei).scaleb(-18)


async def sync(
    client: httpx.AsyncClient, etherscan: EtherscanServer, rpc_url: str | None, cursors: dict[str, str]
) -> ChainSync:
    endpoints = EvmEndpoints(etherscan.url, "test-key", rpc_url)
    return await sync_evm_address(
        client, endpoints, "ethereum", OWN, cursors, priced_contracts=frozenset({USDC})
    )


@pytest.mark.parametrize("through_rpc", [True, False], ids=["rpc balances", "etherscan balances"])
async def test_an_address_with_tokens_and_internal_transactions(
    etherscan: EtherscanServer, node: EvmRpcServer, client: httpx.AsyncClient, through_rpc: bool
) -> None:
    history(etherscan)

    synced = await sync(client, etherscan, node.url if through_rpc else None, {})

    eth_left = 2 * ETHER - ETHER // 2 - ETHER + ETHER // 5 - 5 * FEE
    assert etherscan.accounts[(1, OWN)].wei == eth_left
    calculated = calculated_balances(synced.transactions)
    assert calculated["ETH"] == ether(eth_left)
    assert calculated[USDC_KEY] == Decimal(2_000)
    assert synced.reported["ETH"] == ether(eth_left)
    assert synced.reported[USDC_KEY] == Decimal(2_000)
    balances = asset_balances(synced.assets, synced.reported, calculated)
    assert [b.asset.symbol for b in balances] == ["ETH", "USDC"]  # the lure token is spam
    assert not any(b.is_difference_significant for b in balances)

    kinds = {t.key: t.type for t in synced.transactions}
    swap = next(t for t in synced.transactions if t.label == "swapExactETHForTokens")
    assert kinds[swap.key] is TransactionType.SEND
    assert kinds[f"{swap.key}:erc20"] is TransactionType.RECEIVE
    internal = [t for t in synced.transactions if t.key.endswith(":internal")]
    assert [(f.direction, f.quantity) for t in internal for f in t.flows] == [("IN", ether(ETHER // 5))]
    failed = [t for t in synced.transactions if t.type is TransactionType.FEE]
    assert [[(f.quantity, f.is_fee) for f in t.flows] for t in failed] == [[(ether(FEE), True)]]
    contract_calls = [t for t in synced.transactions if t.type is TransactionType.CONTRACT_INTERACTION]
    assert len(contract_calls) == 2  # withdraw and the USDC transfer: only their fees
    assert sum(f.quantity for t in synced.transactions for f in t.flows if f.is_fee) == ether(5 * FEE)


async def test_spam_is_flagged_by_the_heuristic(
    etherscan: EtherscanServer, node: EvmRpcServer, client: httpx.AsyncClient
) -> None:
    history(etherscan)

    synced = await sync(client, etherscan, node.url, {})

    flagged = {a.contract for a in synced.assets.values() if a.is_spam}
    assert flagged == {"0x" + "e5" * 20, LOOKALIKE}
    assert all(a.was_automarked_as_spam for a in synced.assets.values() if a.is_spam)
    assert synced.assets[USDC_KEY].is_spam is None
    # The zero-value look-alike transfer is not booked; the lure airdrop is, under its own asset.
    assert not any(f.asset.endswith(LOOKALIKE) for t in synced.transactions for f in t.flows)


async def test_ten_thousand_spam_transfers_page_and_are_not_balance_checked(
    etherscan: EtherscanServer, node: EvmRpcServer, client: httpx.AsyncClient
) -> None:
    wallet = history(etherscan)
    contracts = spam_flood(wallet, OWN, 10_000)
    wallet.token(wallet.send(OWN, USDC, 0), USDC, OWN, OUTSIDE, 10**6, "USDC", "USD Coin", 6)
    node.requests = 0

    synced = await sync(client, etherscan, node.url, {})

    token_calls = [c for c in etherscan.calls if c["action"] == "tokentx"]
    assert len(token_calls) == 2  # 10,000 rows, then the rest from the last block of the first answer
    assert {a.contract for a in synced.assets.values() if a.is_spam} >= contracts
    spam_keys = {a.key for a in synced.assets.values() if a.is_spam}
    booked_spam = [t for t in synced.transactions if any(f.asset in spam_keys for f in t.flows)]
    assert len(booked_spam) == 1 + 7_500  # the lure, and every non-zero flood transfer
    assert calculated_balances(synced.transactions)[USDC_KEY] == Decimal(1_999)
    assert node.requests == 2  # ETH and USDC only


async def test_a_resync_adds_nothing_then_only_what_is_new(
    etherscan: EtherscanServer, node: EvmRpcServer, client: httpx.AsyncClient
) -> None:
    wallet = history(etherscan)
    first = await sync(client, etherscan, node.url, {})

    again = await sync(client, etherscan, node.url, first.cursors)
    assert again.transactions == []
    assert again.cursors == first.cursors

    wallet.send(OUTSIDE, OWN, ETHER)
    third = await sync(client, etherscan, node.url, again.cursors)
    assert [(t.type, t.flows[0].quantity) for t in third.transactions] == [
        (TransactionType.RECEIVE, Decimal(1))
    ]


async def test_ens_names_resolve_through_the_registry(node: EvmRpcServer, client: httpx.AsyncClient) -> None:
    assert await resolve_ens(client, node.url, "Cairn-Demo.eth") == OWN
    assert await resolve_ens(client, node.url, "nobody-here.eth") is None


def test_every_evm_chain_of_the_catalogue_has_a_chain_id() -> None:
    evm = {
        i.info.crypto_network
        for i in load_integrations()
        if i.category == "Blockchain" and i.info.is_evm_chain
    }
    assert evm == set(CHAIN_IDS)
