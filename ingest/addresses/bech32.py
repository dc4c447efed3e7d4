"""Bech32 (BIP-173) and Bech32m (BIP-350) strings, and the segwit addresses built on them."""

from enum import Enum

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_GENERATORS = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)


class Encoding(Enum):
    """The constant the checksum polymod must leave for each variant."""

    BECH32 = 1
    BECH32M = 0x2BC830A3


def _polymod(values: list[int]) -> int:
    checksum = 1
    for value in values:
        top = checksum >> 25
        checksum = (checksum & 0x1FFFFFF) << 5 ^ value
        for i, generator in enumerate(_GENERATORS):
            if (top >> i) & 1:
                checksum ^= generator
    return checksum


def _hrp_expand(hrp: str) -> list[int]:
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def bech32_decode(text: str, max_length: int = 90) -> tuple[str, list[int], Encoding] | None:
    """(human-readable part, 5-bit data without checksum, variant), or None when `text` is invalid."""
    if any(ord(c) < 33 or ord(c) > 126 for c in text):
        return None
    if text.lower() != text and text.upper() != text:
        return None
    text = text.lower()
    separator = text.rfind("1")
    if separator < 1 or separator + 7 > len(text) or len(text) > max_length:
        return None
    hrp, data_part = text[:separator], text[separator + 1 :]
    if any(c not in CHARSET for c in data_part):
        return None
    data = [CHARSET.index(c) for c in data_part]
    constant = _polymod(_hrp_expand(hrp) + data)
    encoding = next((e for e in Encoding if e.value == constant), None)
    if encoding is None:
        return None
    return hrp, data[:-6], encoding


def convert_bits(data: list[int], from_bits: int, to_bits: int, pad: bool) -> list[int] | None:
    """Regroup `data` from `from_bits`-bit to `to_bits`-bit values; None on invalid padding."""
    accumulator = 0
    bits = 0
    result = []
    max_value = (1 << to_bits) - 1
    for value in data:
        if value >> from_bits:
            return None
        accumulator = (accumulator << from_bits) | value
        bits += from_bits
        while bits >= to_bits:
            bits -= to_bits
            result.append((accumulator >> bits) & max_value)
    if pad:
        if bits:
            result.append((accumulator << (to_bits - bits)) & max_value)
    elif bits >= from_bits or ((accumulator << (to_bits - bits)) & max_value):
        return None
    return result


def decode_segwit(hrp: str, address: str) -> tuple[int, bytes] | None:
    """(witness version, witness program) of a segwit address with human-readable part `hrp`."""
    decoded = bech32_decode(address)
    if decoded is None or decoded[0] != hrp or not decoded[1]:
        return None
    version, data = decoded[1][0], decoded[1][1:]
    program = convert_bits(data, 5, 8, False)
    if version > 16 or program is None or not 2 <= len(program) <= 40:
        return None
    if version == 0 and len(program) not in (20, 32):
        return None
    if decoded[2] is not (Encoding.BECH32 if version == 0 else Encoding.BECH32M):
        return None
    return version, bytes(program)
