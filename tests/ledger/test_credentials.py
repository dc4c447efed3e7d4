"""Exchange credentials are sealed at rest and open only under the same secret key."""

from __future__ import annotations

import pytest

from ledger.infra.credentials import CredentialsError, seal, unseal

CREDENTIALS = {"apiKey": "key-123", "apiSecret": "very secret", "passphrase": "p"}


def test_sealed_credentials_open_under_the_same_key() -> None:
    sealed = seal(CREDENTIALS, "server secret")
    assert unseal(sealed, "server secret") == CREDENTIALS
    assert b"very secret" not in sealed and b"key-123" not in sealed


def test_sealing_twice_gives_different_bytes() -> None:
    assert seal(CREDENTIALS, "server secret") != seal(CREDENTIALS, "server secret")


def test_another_key_cannot_open_them() -> None:
    with pytest.raises(CredentialsError):
        unseal(seal(CREDENTIALS, "server secret"), "another secret")


def test_altered_bytes_do_not_open() -> None:
    sealed = bytearray(seal(CREDENTIALS, "server secret"))
    sealed[-1] ^= 1
    with pytest.raises(CredentialsError):
        unseal(bytes(sealed), "server secret")
