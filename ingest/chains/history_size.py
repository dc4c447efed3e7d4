"""How many transactions one address has, asked when a wallet is added (spec 000 §8: has_zero_transactions,
too_many_transactions), with a call or a few and no history read:

- Bitcoin and Litecoin (Esplora): the address's stats, confirmed and mempool counts; exact.
- EVM chains (Etherscan v2): one-row probes of txlist and of the other streams (evm.transactions_at_least);
  a lower bound.
- Solana (JSON-RPC): getSignaturesForAddress, counted up to 1,000.

Extended keys are not counted: their addresses are known only by scanning both chains to the gap limit,
which is what their first sync does. Pure: the caller passes the services' addresses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import httpx

from ingest.chains.esplora import address_transaction_count
from ingest.chains.evm import CHAIN_IDS, EvmEndpoints, transactions_at_least
from ingest.chains.networks import UTXO_NETWORKS
from ingest.chains.solana import NETWORK as SOLANA
from ingest.chains.solana import signatures_at_least


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
