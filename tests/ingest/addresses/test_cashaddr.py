"""Vectors of the CashAddr specification (bitcoincashorg spec/cashaddr.md)."""

import pytest

from ingest.addresses.base58 import b58check_decode
from ingest.addresses.cashaddr import decode, split

CHECKSUM_VECTORS = [
    "prefix:x64nx6hz",
    "PREFIX:X64NX6HZ",
    "p:gpf8m4h7",
    "bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyn",
    "bchtest:testnetaddress4d6njnut",
    "bchreg:555555555555555555555555555555555555555555555udxmlmrz",
]

# Legacy address → CashAddr of the same hash ("Examples of address translation").
TRANSLATIONS = [
    ("1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"),
    ("1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR", "bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy"),
    ("16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb", "bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r"),
    ("3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC", "bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq"),
    ("3LDsS579y7sruadqu11beEJoTjdFiFCdX4", "bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e"),
    ("31nwvkZwyPdgzjBJZXfDmSWsC4ZLKpYyUw", "bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37"),
]


@pytest.mark.parametrize("text", CHECKSUM_VECTORS)
def test_checksum_vectors_verify(text: str) -> None:
    parts = split(text, "bitcoincash")
    assert parts is not None and parts[0] == text.lower().partition(":")[0]


@pytest.mark.parametrize(
    "text", ["prefix:x32nx6hz", "p:gpf8m4h8", "bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayym"]
)
def test_a_changed_character_breaks_the_checksum(text: str) -> None:
    assert split(text, "bitcoincash") is None


def test_mixed_case_is_rejected() -> None:
    assert split("bitcoincash:Qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "bitcoincash") is None


@pytest.mark.parametrize(("legacy", "cashaddr"), TRANSLATIONS)
def test_translations_carry_the_legacy_hash_and_type(legacy: str, cashaddr: str) -> None:
    payload = b58check_decode(legacy)
    assert payload is not None
    expected_type = 0 if legacy.startswith("1") else 1
    assert decode(cashaddr, "bitcoincash") == ("bitcoincash", expected_type, payload[1:])
    assert decode(cashaddr.partition(":")[2], "bitcoincash") == ("bitcoincash", expected_type, payload[1:])
    assert decode(cashaddr.upper(), "bitcoincash") == ("bitcoincash", expected_type, payload[1:])


def test_a_payload_checked_under_another_prefix_fails() -> None:
    assert decode("qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "bchtest") is None
