"""Bitcoin Cash CashAddr: base32 payload with a 40-bit BCH checksum over the prefix."""

from ingest.addresses.bech32 import CHARSET, convert_bits

_GENERATORS = (0x98F2BC8E61, 0x79B76D99E2, 0xF33E5FB3C4, 0xAE2EABE2A8, 0x1E4F43E470)
_HASH_SIZES = (20, 24, 28, 32, 40, 48, 56, 64)


def _polymod(values: list[int]) -> int:
    checksum = 1
    for value in values:
        top = checksum >> 35
        checksum = ((checksum & 0x07FFFFFFFF) << 5) ^ value
        for i, generator in enumerate(_GENERATORS):
            if (top >> i) & 1:
                checksum ^= generator
    return checksum ^ 1


def split(text: str, default_prefix: str) -> tuple[str, list[int]] | None:
    """(prefix, 5-bit payload without checksum) of a CashAddr string whose checksum holds, else None.
    Without a prefix `default_prefix` is assumed."""
    if text.lower() != text and text.upper() != text:
        return None
    prefix, _, payload = text.lower().rpartition(":")
    prefix = prefix or default_prefix
    if len(payload) < 8 or any(c not in CHARSET for c in payload):
        return None
    values = [CHARSET.index(c) for c in payload]
    if _polymod([ord(c) & 31 for c in prefix] + [0] + values) != 0:
        return None
    return prefix, values[:-8]


def decode(text: str, default_prefix: str) -> tuple[str, int, bytes] | None:
    """(prefix, address type, hash) of a CashAddr address."""
    parts = split(text, default_prefix)
    data = None if parts is None else convert_bits(parts[1], 5, 8, False)
    if parts is None or not data or data[0] & 0x80:
        return None
    version, digest = data[0], bytes(data[1:])
    if len(digest) != _HASH_SIZES[version & 7]:
        return None
    return parts[0], version >> 3, digest
