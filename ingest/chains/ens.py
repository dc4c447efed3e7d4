"""ENS names resolved to addresses through an Ethereum JSON-RPC: the registry names the name's
resolver, the resolver its address (EIP-137). Names are lower-cased; `ingest.addresses.ens` has
already checked they are letters, digits and hyphens, so no further normalisation applies."""

from __future__ import annotations

import httpx
from Crypto.Hash import keccak

from ingest.chains.http import rpc

ENS_NETWORK = "ethereum"  # where ENS names live: CAIRN_EVM_RPC_URLS' key of the node that resolves them
REGISTRY = "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e"  # the ENS registry, the same on every network
RESOLVER = "0x0178b8bf"  # resolver(bytes32)
ADDR = "0x3b3b57de"  # addr(bytes32)
_ZERO_ADDRESS = "0x" + "0" * 40


def _keccak(data: bytes) -> bytes:
    return keccak.new(digest_bits=256, data=data).digest()


def namehash(name: str) -> bytes:
    node = bytes(32)
    for label in reversed(name.lower().split(".")):
        node = _keccak(node + _keccak(label.encode()))
    return node


def _address_word(answer: str) -> str:
    """The address in the last 20 bytes of a 32-byte ABI word ("0x" when there is none)."""
    word = answer[2:].rjust(64, "0")
    return "0x" + word[-40:]


async def resolve_ens(client: httpx.AsyncClient, rpc_url: str, name: str) -> str | None:
    """The address `name` resolves to (lower-case), or None when it has no resolver or no address."""
    node = namehash(name).hex()
    resolver = _address_word(
        await rpc(client, rpc_url, "eth_call", [{"to": REGISTRY, "data": RESOLVER + node}, "latest"])
    )
    if resolver == _ZERO_ADDRESS:
        return None
    address = _address_word(
        await rpc(client, rpc_url, "eth_call", [{"to": resolver, "data": ADDR + node}, "latest"])
    )
    return None if address == _ZERO_ADDRESS else address
