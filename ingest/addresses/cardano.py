"""Cardano mainnet addresses: Shelley (CIP-19, bech32) and Byron (base58 CBOR with a CRC32)."""

import zlib

from ingest.addresses.base58 import b58decode
from ingest.addresses.bech32 import Encoding, bech32_decode, convert_bits

# CIP-5 lets Cardano bech32 strings exceed BIP-173's 90 characters.
_MAX_BECH32_LENGTH = 1023
_MAINNET = 1
_PAYMENT_TYPES_WITH_LENGTH = {0: 57, 1: 57, 2: 57, 3: 57, 6: 29, 7: 29}
_POINTER_TYPES = (4, 5)
_STAKE_TYPES = (14, 15)
_CREDENTIAL = 28


def is_shelley_address(text: str) -> bool:
    """True for a mainnet `addr1…` payment address or `stake1…` reward address with a valid checksum."""
    decoded = bech32_decode(text, _MAX_BECH32_LENGTH)
    if decoded is None or decoded[2] is not Encoding.BECH32:
        return False
    raw = convert_bits(decoded[1], 5, 8, False)
    if not raw or raw[0] & 0x0F != _MAINNET:
        return False
    kind = raw[0] >> 4
    if decoded[0] == "addr" and kind in _PAYMENT_TYPES_WITH_LENGTH:
        return len(raw) == _PAYMENT_TYPES_WITH_LENGTH[kind]
    if decoded[0] == "addr" and kind in _POINTER_TYPES:
        # A payment credential, then three variable-length naturals of at least one byte each.
        return len(raw) >= 1 + _CREDENTIAL + 3
    return decoded[0] == "stake" and kind in _STAKE_TYPES and len(raw) == 1 + _CREDENTIAL


def _cbor_head(raw: bytes, at: int, major: int) -> tuple[int, int] | None:
    """(argument, offset after the head) of the CBOR data item head of type `major` at `at`."""
    if at >= len(raw) or raw[at] >> 5 != major:
        return None
    info = raw[at] & 31
    if info < 24:
        return info, at + 1
    if info > 27:
        return None
    size = 1 << (info - 24)
    if at + 1 + size > len(raw):
        return None
    return int.from_bytes(raw[at + 1 : at + 1 + size], "big"), at + 1 + size


def is_byron_address(text: str) -> bool:
    """True for a mainnet Byron address (Icarus `Ae2…`, Daedalus `DdzFF…`) whose CRC32 matches."""
    if not text.startswith(("Ae2", "DdzFF")):
        return False
    raw = b58decode(text)
    # [ tag 24 (bytes: the address), uint: CRC32 of those bytes ]
    if raw is None or raw[:3] != b"\x82\xd8\x18":
        return False
    head = _cbor_head(raw, 3, 2)
    if head is None:
        return False
    length, start = head
    crc = _cbor_head(raw, start + length, 0)
    return crc is not None and crc[1] == len(raw) and crc[0] == zlib.crc32(raw[start : start + length])
