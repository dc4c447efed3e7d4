"""How many transactions one address has, asked when a wallet is added (spec 000 §8: has_zero_transactions,
too_many_transactions), with a call or a few and no history read:

- Bitcoin and Litecoin (Esplora): the address's stats, confirmed and mempool counts; exact.
- EVM chains (Etherscan v2): one-row probes of txlist and of the other streams
  (etherscan.transactions_at_least); a lower bound.
- Solana (JSON-RPC): getSignaturesForAddress, counted up to 1,000.

Extended keys are not counted: their addresses are known only by scanning both chains to the gap limit,
which is what their first sync does. Pure: the caller passes the services' addresses. Imports only the
chains' HTTP helpers, so the API can count without loading the sync's booking code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import httpx

from ingest.chains.etherscan import CHAIN_IDS, EvmEndpoints, transactions_at_least
from ingest.chains.http import ChainServiceError, get_json, rpc
from ingest.chains.networks import SOLANA, SOLANA_SIGNATURES_PER_CALL, UTXO_NETWORKS


@dataclass(frozen=True, slots=True)
class HistoryServices:
    esplora_urls: Mapping[str, str]  # network → Esplora API base
    etherscan_url: str
    etherscan_api_key: str
    solana_rpc_url: str


async def history_size(
    client: httpx.AsyncClient, services: HistoryServices, network: str, address: str, at_most: int
) -> int | None:
    """At least how many transactions `address` has on `network`, counted up to `at_most` (a chain
    that cannot count further cheaply answers less); None when no service of the network is configured.
    Raises ChainServiceError when the service fails."""
    if network in UTXO_NETWORKS:
        base = services.esplora_urls.get(network)
        return None if base is None else min(await address_transaction_count(client, base, address), at_most)
    if network in CHAIN_IDS:
        endpoints = EvmEndpoints(services.etherscan_url, services.etherscan_api_key, None)
        return await transactions_at_least(client, endpoints, network, address, at_most)
    if network == SOLANA and services.solana_rpc_url:
        return await signatures_at_least(client, services.solana_rpc_url, address, at_most)
    return None


async def address_transaction_count(client: httpx.AsyncClient, base_url: str, address: str) -> int:
    """The address's transactions, confirmed and in the mempool, from its Esplora stats (one request)."""
    stats = await get_json(client, f"{base_url.rstrip('/')}/address/{address}")
    try:
        return int(stats["chain_stats"]["tx_count"]) + int(stats["mempool_stats"]["tx_count"])
    except (KeyError, TypeError, ValueError) as error:
        raise ChainServiceError(f"/address/{address}: no transaction counts") from error


async def signatures_at_least(client: httpx.AsyncClient, rpc_url: str, address: str, at_most: int) -> int:
    """How many signatures `address` has, up to `at_most` and to the 1,000 one call answers."""
    options = {"limit": min(at_most, SOLANA_SIGNATURES_PER_CALL), "commitment": "confirmed"}
    page = await rpc(client, rpc_url, "getSignaturesForAddress", [address, options])
    if not isinstance(page, list):
        raise ChainServiceError(f"getSignaturesForAddress: {page!r}")
    return len(page)
