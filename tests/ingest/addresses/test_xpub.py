from hashlib import sha256

import pytest

from ingest.addresses.base58 import BITCOIN_ALPHABET, b58check_decode
from ingest.addresses.xpub import extended_key_networks

# BIP-32 test vector 1 (master), BIP-84 account 0, Trezor's Litecoin root, libdogecoin's example.
XPUB = (
    "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGh"
    "ePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
)
ZPUB = (
    "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXN"
    "fE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs"
)
LTUB = (
    "Ltub2SSUS19CirucVPGDKDBatBDBEM2s9UbH66pBURfaKrMocCPLhQ7"
    "Z7hecy5VYLHA5fRdXwB2e61j2VJCNzVsqKTCVEU1vECjqi5EyczFX9xp"
)
DGUB = (
    "dgub8kXBZ7ymNWy2SgzyYN45HyTAEUF6eVFqMyTk2ec6SPxWFhi3dRn"
    "eNQ51zJadLERvA1ns9uvMGKM9wYKTSnCP9QrSPJMCKjdfSv4qmT3PkP2"
)


def _reversioned(key: str, version: int) -> str:
    """`key` re-encoded with other version bytes, to reach the prefixes without a published vector."""
    payload = b58check_decode(key)
    assert payload is not None
    raw = version.to_bytes(4, "big") + payload[4:]
    raw += sha256(sha256(raw).digest()).digest()[:4]
    number = int.from_bytes(raw, "big")
    text = ""
    while number:
        number, digit = divmod(number, 58)
        text = BITCOIN_ALPHABET[digit] + text
    return text


@pytest.mark.parametrize(
    ("key", "networks"),
    [
        (XPUB, ("bitcoin", "bitcoin-cash")),
        (ZPUB, ("bitcoin",)),
        (LTUB, ("litecoin",)),
        (DGUB, ("dogecoin",)),
        (_reversioned(XPUB, 0x049D7CB2), ("bitcoin",)),
        (_reversioned(XPUB, 0x01B26EF6), ("litecoin",)),
    ],
)
def test_extended_public_keys_name_their_chains(key: str, networks: tuple[str, ...]) -> None:
    assert extended_key_networks(key) == networks


def test_reversioned_keys_carry_their_prefix() -> None:
    assert _reversioned(XPUB, 0x049D7CB2).startswith("ypub")
    assert _reversioned(XPUB, 0x01B26EF6).startswith("Mtub")


def test_private_keys_and_testnet_keys_are_not_recognised() -> None:
    xprv = (
        "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jP"
        "PqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"
    )
    assert extended_key_networks(xprv) == ()
    assert extended_key_networks(_reversioned(XPUB, 0x043587CF)) == ()  # tpub


def test_a_changed_character_fails_the_checksum() -> None:
    assert extended_key_networks(XPUB[:-1] + ("9" if XPUB[-1] != "9" else "8")) == ()
