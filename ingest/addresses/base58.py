"""Base58 and Base58Check (double SHA-256 checksum), in the Bitcoin and the Ripple alphabets."""

from hashlib import sha256

BITCOIN_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
RIPPLE_ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"


def b58decode(text: str, alphabet: str = BITCOIN_ALPHABET) -> bytes | None:
    """The bytes `text` encodes, or None when it is empty or has a character outside `alphabet`."""
    if not text:
        return None
    number = 0
    for char in text:
        digit = alphabet.find(char)
        if digit < 0:
            return None
        number = number * 58 + digit
    # Each leading zero digit stands for one leading zero byte.
    zeros = len(text) - len(text.lstrip(alphabet[0]))
    return bytes(zeros) + number.to_bytes((number.bit_length() + 7) // 8, "big")


def b58check_decode(text: str, alphabet: str = BITCOIN_ALPHABET) -> bytes | None:
    """The payload of a Base58Check string, or None when it does not decode or its checksum fails."""
    raw = b58decode(text, alphabet)
    if raw is None or len(raw) < 5:
        return None
    payload, checksum = raw[:-4], raw[-4:]
    if sha256(sha256(payload).digest()).digest()[:4] != checksum:
        return None
    return payload
