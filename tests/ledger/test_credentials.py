"""Secrets are sealed at rest under the newest sealing key and open under any configured one, so a key is
rotated without losing what was sealed under the old one; a key set that has none of them fails clearly."""

from __future__ import annotations

import pytest

from ledger.infra.credentials import UNREADABLE, CredentialsError, resealed, seal, unseal
from ledger.infra.settings import Settings

CREDENTIALS = {"apiKey": "key-123", "apiSecret": "very secret", "passphrase": "p"}
OLD, NEW = ("old secret",), ("new secret", "old secret")


def test_sealed_credentials_open_under_the_same_key() -> None:
    sealed = seal(CREDENTIALS, OLD)
    assert unseal(sealed, OLD) == CREDENTIALS
    assert b"very secret" not in sealed and b"key-123" not in sealed


def test_sealing_twice_gives_different_bytes() -> None:
    assert seal(CREDENTIALS, OLD) != seal(CREDENTIALS, OLD)


def test_after_a_rotation_old_secrets_open_and_new_ones_are_sealed_under_the_new_key() -> None:
    before = seal(CREDENTIALS, OLD)

    assert unseal(before, NEW) == CREDENTIALS
    after = seal(CREDENTIALS, NEW)
    assert unseal(after, ("new secret",)) == CREDENTIALS
    with pytest.raises(CredentialsError):
        unseal(after, OLD)


def test_resealing_moves_a_secret_to_the_newest_key_once() -> None:
    again = resealed(seal(CREDENTIALS, OLD), NEW)

    assert again is not None and unseal(again, ("new secret",)) == CREDENTIALS
    assert resealed(again, NEW) is None


def test_a_key_set_without_the_sealing_key_fails_with_a_clear_message() -> None:
    sealed = seal(CREDENTIALS, OLD)
    with pytest.raises(CredentialsError) as refused:
        unseal(sealed, ("another secret", "yet another"))
    assert str(refused.value) == UNREADABLE
    with pytest.raises(CredentialsError):
        resealed(sealed, ("another secret",))


def test_altered_bytes_do_not_open() -> None:
    sealed = bytearray(seal(CREDENTIALS, OLD))
    sealed[-1] ^= 1
    with pytest.raises(CredentialsError):
        unseal(bytes(sealed), NEW)


def test_the_sealing_keys_are_the_credential_keys_else_the_secret_key() -> None:
    assert Settings(secret_key="s", credential_keys=[]).sealing_keys == ("s",)
    assert Settings(secret_key="s", credential_keys=["b", "a"]).sealing_keys == ("b", "a")
    with pytest.raises(ValueError, match="CAIRN_CREDENTIAL_KEYS holds a blank key"):
        Settings(credential_keys=["b", " "])
