"""Extended public keys: the address type of each prefix, testnet forms, bad keys, two-xpub rules."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from bip_utils import (
    Bip39SeedGenerator,
    Bip44,
    Bip44Changes,
    Bip44Coins,
    Bip49,
    Bip49Coins,
    Bip84,
    Bip84Coins,
)

from ingest.chains.balances import AssetBalance
from ingest.chains.hd import CHANGE, RECEIVE, AddressType, ExtendedKey, InvalidExtendedKey, two_key_problem
from ingest.chains.model import ChainAsset
from ingest.chains.networks import BITCOIN, DOGECOIN, LITECOIN, UtxoNetwork

SEED = Bip39SeedGenerator("abandon " * 11 + "about").Generate()
CASES = [
    (Bip44, Bip44Coins.BITCOIN, BITCOIN, "xpub", AddressType.P2PKH, "1"),
    (Bip49, Bip49Coins.BITCOIN, BITCOIN, "ypub", AddressType.P2SH_P2WPKH, "3"),
    (Bip84, Bip84Coins.BITCOIN, BITCOIN, "zpub", AddressType.P2WPKH, "bc1q"),
    (Bip44, Bip44Coins.BITCOIN_TESTNET, BITCOIN, "tpub", AddressType.P2PKH, "m"),
    (Bip49, Bip49Coins.BITCOIN_TESTNET, BITCOIN, "upub", AddressType.P2SH_P2WPKH, "2"),
    (Bip84, Bip84Coins.BITCOIN_TESTNET, BITCOIN, "vpub", AddressType.P2WPKH, "tb1q"),
    (Bip44, Bip44Coins.LITECOIN, LITECOIN, "xpub", AddressType.P2PKH, "L"),
    (Bip49, Bip49Coins.LITECOIN, LITECOIN, "ypub", AddressType.P2SH_P2WPKH, "M"),
    (Bip84, Bip84Coins.LITECOIN, LITECOIN, "zpub", AddressType.P2WPKH, "ltc1q"),
    (Bip44, Bip44Coins.DOGECOIN, DOGECOIN, "dgub", AddressType.P2PKH, "D"),
]


@pytest.mark.parametrize(("purpose", "coin", "network", "prefix", "kind", "starts"), CASES)
def test_each_prefix_derives_its_address_type_on_both_chains(
    purpose: Any, coin: object, network: UtxoNetwork, prefix: str, kind: AddressType, starts: str
) -> None:
    account = purpose.FromSeed(SEED, coin).Purpose().Coin().Account(0)
    text = account.PublicKey().ToExtended()
    assert text.startswith(prefix)

    key = ExtendedKey(text, network)

    assert key.address_type is kind
    for chain, change in ((RECEIVE, Bip44Changes.CHAIN_EXT), (CHANGE, Bip44Changes.CHAIN_INT)):
        expected = [account.Change(change).AddressIndex(i).PublicKey().ToAddress() for i in range(3)]
        assert [key.address(i, chain) for i in range(3)] == expected
        assert all(address.startswith(starts) for address in expected)


@pytest.mark.parametrize(
    "text",
    [
        "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet9",
        "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYt",
        "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    ],
    ids=["bad checksum", "checksum of another key", "an address"],
)
def test_what_is_not_an_extended_public_key_is_refused(text: str) -> None:
    with pytest.raises(InvalidExtendedKey):
        ExtendedKey(text, BITCOIN)


def test_dogecoin_has_no_segwit_keys() -> None:
    zpub = Bip84.FromSeed(SEED, Bip84Coins.BITCOIN).Purpose().Coin().Account(0).PublicKey().ToExtended()
    with pytest.raises(InvalidExtendedKey, match="no segwit"):
        ExtendedKey(zpub, DOGECOIN)


def test_two_xpub_form_rules_use_the_spec_messages() -> None:
    key = "x" * 30
    assert two_key_problem(key, "y" * 120) is None
    assert two_key_problem("x" * 29, "y" * 40) == "Field must be between 30 and 120 characters long."
    assert two_key_problem(key, "y" * 121) == "Field must be between 30 and 120 characters long."
    assert two_key_problem(key, key) == "Receive and Change address cannot be the same."


@pytest.mark.parametrize(
    ("reported", "calculated", "significant"),
    [
        ("1.000", "1.000", False),
        ("1.000", "0.9995", False),  # 0.05 %: rounding, not worth showing
        ("1.000", "0.998", True),  # 0.2 %
        ("0.00000500", "0", False),  # 500 satoshis: dust
        ("0.00001000", "0", True),  # 1,000 satoshis of nothing calculated
    ],
)
def test_balance_difference_is_significant_beyond_a_tenth_of_a_percent_and_dust(
    reported: str, calculated: str, significant: bool
) -> None:
    btc = ChainAsset("bitcoin", "BTC", "BTC", 8)
    assert AssetBalance(btc, Decimal(reported), Decimal(calculated)).is_difference_significant is significant
