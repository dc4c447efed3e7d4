"""One address's balance of a chain's native coin, asked once (the public wallet check, spec 001 §1):
Esplora's address stats (confirmed funded less spent outputs), `eth_getBalance` on an EVM node, Solana's
`getBalance`. No history is read. Pure: the caller passes the services' addresses."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import httpx

from ingest.chains.http import ChainServiceError, get_json, rpc
from ingest.chains.networks import SATOSHI_DECIMALS

WEI_DECIMALS = 18
LAMPORT_DECIMALS = 9


@dataclass(frozen=True, slots=True)
class LookupCoin:
    symbol: str
    network: str  # the catalogue's cryptoNetwork, which address detection names
    protocol: str  # "esplora", "evm" or "solana"


LOOKUP_COINS = {
    coin.symbol: coin
    for coin in (
        LookupCoin("BTC", "bitcoin", "esplora"),
        LookupCoin("LTC", "litecoin", "esplora"),
        LookupCoin("DOGE", "dogecoin", "esplora"),
        LookupCoin("ETH", "ethereum", "evm"),
        LookupCoin("SOL", "solana", "solana"),
    )
}


@dataclass(frozen=True, slots=True)
class ChainEndpoints:
    esplora_urls: dict[str, str]  # network → Esplora API base
    evm_rpc_urls: dict[str, str]  # chain → JSON-RPC
    solana_rpc_url: str


def endpoint_of(coin: LookupCoin, endpoints: ChainEndpoints) -> str | None:
    """Where the coin's balances are asked; None when no service is configured for its network."""
    if coin.protocol == "esplora":
        return endpoints.esplora_urls.get(coin.network)
    if coin.protocol == "evm":
        return endpoints.evm_rpc_urls.get(coin.network)
    return endpoints.solana_rpc_url or None


def _int(value: Any, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.startswith("0x"):
        return int(value, 16)
    raise ChainServiceError(f"{what}: not an amount: {value!r}")


async def address_balance(client: httpx.AsyncClient, coin: LookupCoin, url: str, address: str) -> Decimal:
    """The confirmed balance, in coins; raises ChainServiceError when the service fails."""
    if coin.protocol == "esplora":
        stats = await get_json(client, f"{url.rstrip('/')}/address/{address}")
        chain = stats.get("chain_stats") if isinstance(stats, dict) else None
        if not isinstance(chain, dict):
            raise ChainServiceError(f"/address/{address}: no chain_stats")
        units = _int(chain.get("funded_txo_sum"), "funded") - _int(chain.get("spent_txo_sum"), "spent")
        return Decimal(units).scaleb(-SATOSHI_DECIMALS)
    if coin.protocol == "evm":
        wei = await rpc(client, url, "eth_getBalance", [address, "latest"])
        return Decimal(_int(wei, "eth_getBalance")).scaleb(-WEI_DECIMALS)
    answer = await rpc(client, url, "getBalance", [address, {"commitment": "finalized"}])
    lamports = answer.get("value") if isinstance(answer, dict) else None
    return Decimal(_int(lamports, "getBalance")).scaleb(-LAMPORT_DECIMALS)
