"""BIP-32 extended public keys and the chains their version bytes name."""

from ingest.addresses.base58 import b58check_decode

# Version bytes of mainnet extended public keys (SLIP-132) and the networks that use them.
_VERSIONS: dict[int, tuple[str, ...]] = {
    0x0488B21E: ("bitcoin", "bitcoin-cash"),  # xpub
    0x049D7CB2: ("bitcoin",),  # ypub
    0x04B24746: ("bitcoin",),  # zpub
    0x0295B43F: ("bitcoin",),  # Ypub
    0x02AA7ED3: ("bitcoin",),  # Zpub
    0x019DA462: ("litecoin",),  # Ltub
    0x01B26EF6: ("litecoin",),  # Mtub
    0x02FACAFD: ("dogecoin",),  # dgub
}
_PAYLOAD_LENGTH = 78
_KEY_OFFSET = 45


def extended_key_networks(text: str) -> tuple[str, ...]:
    """The networks of an extended public key, or () when `text` is not one."""
    payload = b58check_decode(text)
    if payload is None or len(payload) != _PAYLOAD_LENGTH or payload[_KEY_OFFSET] not in (2, 3):
        return ()
    return _VERSIONS.get(int.from_bytes(payload[:4], "big"), ())
