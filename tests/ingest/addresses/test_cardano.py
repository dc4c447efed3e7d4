"""CIP-19 test vectors and real Byron addresses."""

import pytest

from ingest.addresses.cardano import is_byron_address, is_shelley_address

CIP19_MAINNET = [
    "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x",
    "addr1z8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs9yc0hh",
    "addr1yx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerkr0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shs2z78ve",
    "addr1x8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gt7r0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shskhj42g",
    "addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k",
    "addr128phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtupnz75xxcrtw79hu",
    "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8",
    "addr1w8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcyjy7wx",
    "stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw",
    "stake178phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcccycj5",
]
CIP19_TESTNET = [
    "addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae",
    "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz",
    "stake_test1uqehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gssrtvn",
]
BYRON = [
    "Ae2tdPwUPEZLs4HtbuNey7tK4hTKrwNwYtGqp7bDfCy2WdR3P6735W5Yfpe",
    "Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi",
    "DdzFFzCqrht7PQiAhzrn6rNNoADJieTWBt8KeK9BZdUsGyX9ooYD9NpMCTGjQoUKcHN47g8JMXhvKogsGpQHtiQ65fZwiypjrC6d3a4Q",
    "DdzFFzCqrht4PWfBGtmrQz4x1GkZHYLVGbK7aaBkjWxujxzz3L5GxCgPiTsks5RjUr3yX9KvwKjNJBt7ZzPCmS3fUQrGeRvo9Y1YBQKQ",
]


@pytest.mark.parametrize("address", CIP19_MAINNET)
def test_cip19_mainnet_addresses_are_shelley(address: str) -> None:
    assert is_shelley_address(address)


@pytest.mark.parametrize("address", CIP19_TESTNET)
def test_testnet_addresses_are_not_accepted(address: str) -> None:
    assert not is_shelley_address(address)


def test_shelley_with_a_changed_character_is_rejected() -> None:
    address = CIP19_MAINNET[0]
    assert not is_shelley_address(address[:20] + ("q" if address[20] != "q" else "p") + address[21:])


def test_payment_credential_under_the_stake_prefix_is_rejected() -> None:
    # The enterprise address's bytes re-encoded under "stake" would need a fresh checksum; the
    # original checksum over "addr" cannot hold for "stake".
    assert not is_shelley_address("stake" + CIP19_MAINNET[6][4:])


@pytest.mark.parametrize("address", BYRON)
def test_real_byron_addresses_have_a_matching_crc(address: str) -> None:
    assert is_byron_address(address)


def test_byron_with_a_changed_character_fails_its_crc() -> None:
    address = BYRON[0]
    assert not is_byron_address(address[:-2] + ("X" if address[-2] != "X" else "Y") + address[-1])


def test_byron_needs_a_mainnet_prefix() -> None:
    assert not is_byron_address("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")
