"""The UTXO networks synced through Esplora, with what their addresses are made of; Solana's slug."""

from __future__ import annotations

from dataclasses import dataclass

SATOSHI_DECIMALS = 8


@dataclass(frozen=True, slots=True)
class UtxoNetwork:
    slug: str  # the catalogue's cryptoNetwork, and the key of CAIRN_ESPLORA_URLS
    symbol: str
    p2pkh_version: bytes
    p2sh_version: bytes
    segwit_hrp: str | None  # None: the network has no segwit addresses


BITCOIN = UtxoNetwork("bitcoin", "BTC", b"\x00", b"\x05", "bc")
BITCOIN_TESTNET = UtxoNetwork("bitcoin-testnet", "BTC", b"\x6f", b"\xc4", "tb")
LITECOIN = UtxoNetwork("litecoin", "LTC", b"\x30", b"\x32", "ltc")
DOGECOIN = UtxoNetwork("dogecoin", "DOGE", b"\x1e", b"\x16", None)

UTXO_NETWORKS = {network.slug: network for network in (BITCOIN, BITCOIN_TESTNET, LITECOIN, DOGECOIN)}
# The network a testnet extended key (tpub, upub, vpub) of a mainnet's wallet form belongs to.
TESTNETS = {BITCOIN.slug: BITCOIN_TESTNET}

SOLANA = "solana"  # the catalogue's cryptoNetwork of Solana
SOLANA_SIGNATURES_PER_CALL = 1000  # getSignaturesForAddress answers at most this many
