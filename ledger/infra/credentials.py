"""Exchange credentials (API keys, secrets, passphrases) are stored sealed: AES-256-GCM under a key
derived from settings.secret_key. A sealed value is `version | nonce | tag | ciphertext`."""

from __future__ import annotations

import json
from collections.abc import Mapping

from Crypto.Cipher import AES
from Crypto.Hash import SHA256
from Crypto.Protocol.KDF import HKDF
from Crypto.Random import get_random_bytes

VERSION = b"\x01"
NONCE_BYTES = 12
TAG_BYTES = 16


class CredentialsError(ValueError):
    """A sealed value that was altered, or sealed under another secret key."""


def _key(secret_key: str) -> bytes:
    key = HKDF(secret_key.encode(), 32, salt=b"cairn/account-credentials", hashmod=SHA256)
    assert isinstance(key, bytes)
    return key


def seal(credentials: Mapping[str, str], secret_key: str) -> bytes:
    nonce = get_random_bytes(NONCE_BYTES)
    cipher = AES.new(_key(secret_key), AES.MODE_GCM, nonce=nonce)
    cipher.update(VERSION)
    ciphertext, tag = cipher.encrypt_and_digest(json.dumps(dict(credentials), sort_keys=True).encode())
    return VERSION + nonce + tag + ciphertext


def unseal(sealed: bytes, secret_key: str) -> dict[str, str]:
    version, nonce = sealed[:1], sealed[1 : 1 + NONCE_BYTES]
    tag, ciphertext = (
        sealed[1 + NONCE_BYTES : 1 + NONCE_BYTES + TAG_BYTES],
        sealed[1 + NONCE_BYTES + TAG_BYTES :],
    )
    if version != VERSION:
        raise CredentialsError("Unknown version of sealed credentials.")
    cipher = AES.new(_key(secret_key), AES.MODE_GCM, nonce=nonce)
    cipher.update(VERSION)
    try:
        plaintext = cipher.decrypt_and_verify(ciphertext, tag)
    except ValueError as exc:
        raise CredentialsError("The credentials cannot be opened with this secret key.") from exc
    opened: dict[str, str] = json.loads(plaintext)
    return opened
