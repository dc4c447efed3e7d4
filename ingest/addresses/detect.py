"""Which blockchain networks a pasted text is an address, extended key or name on."""

from collections.abc import Callable
from functools import cache

from ingest.addresses import cashaddr
from ingest.addresses.base58 import RIPPLE_ALPHABET, b58check_decode, b58decode
from ingest.addresses.bech32 import decode_segwit
from ingest.addresses.cardano import is_byron_address, is_shelley_address
from ingest.addresses.ens import is_ens_name
from ingest.addresses.evm import is_evm_address
from ingest.addresses.xpub import extended_key_networks
from ingest.catalogue import load_integrations

# Version byte of a base58check hash address → the networks using it. A legacy `1…`/`3…` address is
# also a Bitcoin Cash address, and Litecoin kept accepting `3…` script hashes after introducing `M…`.
_BASE58_VERSIONS: dict[int, tuple[str, ...]] = {
    0x00: ("bitcoin", "bitcoin-cash"),
    0x05: ("bitcoin", "bitcoin-cash", "litecoin"),
    0x30: ("litecoin",),
    0x32: ("litecoin",),
    0x1E: ("dogecoin",),
    0x16: ("dogecoin",),
}
_SEGWIT_PREFIXES = {"bc": "bitcoin", "ltc": "litecoin"}
_HASH_PAYLOAD = 21  # version byte + 20-byte hash
_TRON_VERSION = 0x41
_SOLANA_KEY = 32


@cache
def _ranks() -> dict[str, int]:
    """cryptoNetwork → rank of its blockchain integration."""
    ranks: dict[str, int] = {}
    for integration in load_integrations():
        network = integration.info.crypto_network
        if integration.category == "Blockchain" and network is not None:
            ranks[network] = min(ranks.get(network, integration.rank), integration.rank)
    return ranks


@cache
def _evm_networks() -> tuple[str, ...]:
    return tuple(
        i.info.crypto_network
        for i in load_integrations()
        if i.category == "Blockchain" and i.info.is_evm_chain and i.info.crypto_network is not None
    )


def _base58_hash(text: str) -> tuple[str, ...]:
    payload = b58check_decode(text)
    if payload is None or len(payload) != _HASH_PAYLOAD:
        return ()
    if payload[0] == _TRON_VERSION:
        return ("tron",)
    return _BASE58_VERSIONS.get(payload[0], ())


def _segwit(text: str) -> tuple[str, ...]:
    hrp = text.lower().partition("1")[0]
    network = _SEGWIT_PREFIXES.get(hrp)
    return (network,) if network and decode_segwit(hrp, text) else ()


def _cashaddr(text: str) -> tuple[str, ...]:
    decoded = cashaddr.decode(text, "bitcoincash")
    return ("bitcoin-cash",) if decoded and decoded[0] == "bitcoincash" and decoded[1] in (0, 1) else ()


def _xrp(text: str) -> tuple[str, ...]:
    payload = b58check_decode(text, RIPPLE_ALPHABET)
    return ("xrp",) if payload is not None and len(payload) == _HASH_PAYLOAD and payload[0] == 0 else ()


def _solana(text: str) -> tuple[str, ...]:
    # No checksum: any base58 text decoding to exactly a 32-byte public key is a candidate.
    raw = b58decode(text)
    return ("solana",) if raw is not None and len(raw) == _SOLANA_KEY else ()


def _cardano(text: str) -> tuple[str, ...]:
    return ("cardano",) if is_shelley_address(text) or is_byron_address(text) else ()


def _evm(text: str) -> tuple[str, ...]:
    return _evm_networks() if is_evm_address(text) else ()


def _ens(text: str) -> tuple[str, ...]:
    return ("ethereum",) if is_ens_name(text) else ()


_RECOGNISERS: tuple[Callable[[str], tuple[str, ...]], ...] = (
    _base58_hash,
    _segwit,
    _cashaddr,
    _xrp,
    _solana,
    _cardano,
    _evm,
    _ens,
    extended_key_networks,
)


def detected_crypto_networks(text: str) -> list[str]:
    """cryptoNetwork slugs `text` is a valid address / xpub / ENS name on, in catalogue rank order."""
    candidate = text.strip()
    if not candidate:
        return []
    networks = {network for recognise in _RECOGNISERS for network in recognise(candidate)}
    ranks = _ranks()
    return sorted(networks, key=lambda network: (ranks[network], network))
