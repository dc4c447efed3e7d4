"""Secrets stored sealed — exchange credentials and OAuth tokens (`accounts`), credentials under check
(`credential_checks`), TOTP seeds (`mfa_secrets`), and the OAuth and OpenID Connect cookies — with
AES-256-GCM under a key derived from one of the sealing keys (settings.sealing_keys, newest first).
Sealing uses the newest key; opening tries each in turn, so a key is rotated without losing anything:
the new key goes first, `cairn admin reseal` (ledger.writes.resealing) seals every stored secret again
under it, and the old key can then be dropped. A sealed value is `version | nonce | tag | ciphertext`;
GCM's tag makes a wrong key fail instead of opening into garbage."""

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
UNREADABLE = "The sealed secret cannot be opened with any of the sealing keys (CAIRN_CREDENTIAL_KEYS)."

SealingKeys = tuple[str, ...]  # newest first; never empty


class CredentialsError(ValueError):
    """A sealed value that was altered, or sealed under a key that is not among the sealing keys."""


def _key(secret_key: str) -> bytes:
    key = HKDF(secret_key.encode(), 32, salt=b"cairn/account-credentials", hashmod=SHA256)
    assert isinstance(key, bytes)
    return key


def seal(credentials: Mapping[str, str], keys: SealingKeys) -> bytes:
    """`credentials` sealed under the newest key."""
    nonce = get_random_bytes(NONCE_BYTES)
    cipher = AES.new(_key(keys[0]), AES.MODE_GCM, nonce=nonce)
    cipher.update(VERSION)
    ciphertext, tag = cipher.encrypt_and_digest(json.dumps(dict(credentials), sort_keys=True).encode())
    return VERSION + nonce + tag + ciphertext


def _open(sealed: bytes, key: str) -> dict[str, str] | None:
    nonce = sealed[1 : 1 + NONCE_BYTES]
    tag = sealed[1 + NONCE_BYTES : 1 + NONCE_BYTES + TAG_BYTES]
    cipher = AES.new(_key(key), AES.MODE_GCM, nonce=nonce)
    cipher.update(VERSION)
    try:
        plaintext = cipher.decrypt_and_verify(sealed[1 + NONCE_BYTES + TAG_BYTES :], tag)
    except ValueError:
        return None
    opened: dict[str, str] = json.loads(plaintext)
    return opened


def _opened(sealed: bytes, keys: SealingKeys) -> tuple[dict[str, str], int]:
    """The secret and the position of the key that opened it."""
    if sealed[:1] != VERSION:
        raise CredentialsError("Unknown version of sealed credentials.")
    for position, key in enumerate(keys):
        opened = _open(sealed, key)
        if opened is not None:
            return opened, position
    raise CredentialsError(UNREADABLE)


def unseal(sealed: bytes, keys: SealingKeys) -> dict[str, str]:
    return _opened(sealed, keys)[0]


def resealed(sealed: bytes, keys: SealingKeys) -> bytes | None:
    """The secret sealed again under the newest key; None when it already is."""
    opened, position = _opened(sealed, keys)
    return None if position == 0 else seal(opened, keys)
