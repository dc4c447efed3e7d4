"""HD wallets from extended public keys: the address type each prefix stands for, the receive (0) and
change (1) chains derived with bip-utils, and the gap-limit scan that finds where a chain's use ends."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from bip_utils import (
    Bip32KeyError,
    Bip32KeyNetVersions,
    Bip32Secp256k1,
    P2PKHAddrEncoder,
    P2SHAddrEncoder,
    P2WPKHAddrEncoder,
)

from ingest.addresses.base58 import b58check_decode
from ingest.chains.networks import TESTNETS, UtxoNetwork

GAP_LIMIT = 20  # unused addresses in a row after which a chain is taken to end (BIP-44)
RECEIVE, CHANGE = 0, 1
MIN_KEY_LENGTH, MAX_KEY_LENGTH = 30, 120  # spec 000: "Xpub key length: 30 to 120 characters."


class AddressType(Enum):
    P2PKH = "P2PKH"  # legacy 1…, L…, D…
    P2SH_P2WPKH = "P2SH-P2WPKH"  # nested segwit 3…, M…
    P2WPKH = "P2WPKH"  # native segwit bc1q…, ltc1q…


@dataclass(frozen=True, slots=True)
class KeyVersion:
    address_type: AddressType
    testnet: bool


# SLIP-132 version bytes of extended public keys.
_VERSIONS: dict[bytes, KeyVersion] = {
    bytes.fromhex("0488b21e"): KeyVersion(AddressType.P2PKH, False),  # xpub
    bytes.fromhex("049d7cb2"): KeyVersion(AddressType.P2SH_P2WPKH, False),  # ypub
    bytes.fromhex("04b24746"): KeyVersion(AddressType.P2WPKH, False),  # zpub
    bytes.fromhex("043587cf"): KeyVersion(AddressType.P2PKH, True),  # tpub
    bytes.fromhex("044a5262"): KeyVersion(AddressType.P2SH_P2WPKH, True),  # upub
    bytes.fromhex("045f1cf6"): KeyVersion(AddressType.P2WPKH, True),  # vpub
    bytes.fromhex("019da462"): KeyVersion(AddressType.P2PKH, False),  # Ltub
    bytes.fromhex("01b26ef6"): KeyVersion(AddressType.P2SH_P2WPKH, False),  # Mtub
    bytes.fromhex("02facafd"): KeyVersion(AddressType.P2PKH, False),  # dgub
}
_UNUSED_PRIVATE_VERSION = bytes(4)  # bip-utils wants one; public keys never use it


class InvalidExtendedKey(ValueError):
    """Not an extended public key this network's wallets can have."""


class ExtendedKey:
    """An extended public key of `network`, deriving addresses of the type its prefix names."""

    def __init__(self, text: str, network: UtxoNetwork) -> None:
        payload = b58check_decode(text.strip())
        version = _VERSIONS.get(payload[:4]) if payload else None
        if payload is None or version is None:
            raise InvalidExtendedKey("not an extended public key (xpub, ypub, zpub, tpub, upub, vpub…)")
        if version.testnet:
            network = TESTNETS.get(network.slug, network)
        if version.address_type is not AddressType.P2PKH and network.segwit_hrp is None:
            raise InvalidExtendedKey(f"{network.slug} has no segwit addresses")
        try:
            self._key = Bip32Secp256k1.FromExtendedKey(
                text.strip(), Bip32KeyNetVersions(payload[:4], _UNUSED_PRIVATE_VERSION)
            )
        except Bip32KeyError as error:
            raise InvalidExtendedKey(str(error)) from error
        self.network = network
        self.address_type = version.address_type
        self._chains: dict[int, Bip32Secp256k1] = {}

    def address(self, index: int, chain: int | None = None) -> str:
        """The address at `index` of `chain` (RECEIVE or CHANGE); without a chain, the key's own child
        `index` — for a key that is itself a chain, as in two-xpub wallets."""
        parent = self._key if chain is None else self._chain(chain)
        public_key = parent.ChildKey(index).PublicKey().KeyObject()
        if self.address_type is AddressType.P2WPKH:
            return P2WPKHAddrEncoder.EncodeKey(public_key, hrp=self.network.segwit_hrp)
        if self.address_type is AddressType.P2SH_P2WPKH:
            return P2SHAddrEncoder.EncodeKey(public_key, net_ver=self.network.p2sh_version)
        return P2PKHAddrEncoder.EncodeKey(public_key, net_ver=self.network.p2pkh_version)

    def _chain(self, chain: int) -> Bip32Secp256k1:
        if chain not in self._chains:
            self._chains[chain] = self._key.ChildKey(chain)
        return self._chains[chain]


def two_key_problem(receive: str, change: str) -> str | None:
    """The spec's message for a two-xpub form whose keys cannot be a wallet, or None when they can."""
    if not all(MIN_KEY_LENGTH <= len(key.strip()) <= MAX_KEY_LENGTH for key in (receive, change)):
        return "Field must be between 30 and 120 characters long."
    if receive.strip() == change.strip():
        return "Receive and Change address cannot be the same."
    return None


async def scan_chain(
    derive: Callable[[int], str],
    is_used: Callable[[str], Awaitable[bool]],
    gap: int = GAP_LIMIT,
) -> list[str]:
    """Every address of a chain up to its last used one and the `gap` unused ones after it.

    Each round checks, concurrently, the addresses not checked yet up to `gap` past the last used one
    known; none beyond is ever asked about, so a later sync finds an address first used since."""
    addresses: list[str] = []
    last_used = -1
    while len(addresses) < last_used + 1 + gap:
        batch = [derive(index) for index in range(len(addresses), last_used + 1 + gap)]
        used = await asyncio.gather(*(is_used(address) for address in batch))
        last_used = max((len(addresses) + i for i, flag in enumerate(used) if flag), default=last_used)
        addresses.extend(batch)
    return addresses


def chain_derivers(keys: Sequence[ExtendedKey]) -> list[Callable[[int], str]]:
    """The address functions of a wallet's chains: receive and change of one key, or one chain per key
    of a two-xpub wallet (receive key first)."""
    if len(keys) == 1:
        (key,) = keys
        return [lambda i: key.address(i, RECEIVE), lambda i: key.address(i, CHANGE)]
    return [key.address for key in keys]
