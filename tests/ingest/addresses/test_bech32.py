"""BIP-173 and BIP-350 reference vectors (sipa/bech32 ref/python/tests.py)."""

import pytest

from ingest.addresses.bech32 import Encoding, bech32_decode, decode_segwit

VALID_BECH32 = [
    "A12UEL5L",
    "a12uel5l",
    "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
    "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
    "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
    "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
    "?1ezyfcl",
]
VALID_BECH32M = [
    "A1LQFN3A",
    "a1lqfn3a",
    "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
    "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
    "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
    "split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
    "?1v759aa",
]
INVALID_BECH32 = [
    " 1nwldj5",
    "\x7f1axkwrx",
    "\x801eym55h",
    "an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx",
    "pzry9x0s0muk",
    "1pzry9x0s0muk",
    "x1b4n0q5v",
    "li1dgmt3",
    "de1lg7wt\xff",
    "A1G7SGD8",
    "10a06t8",
    "1qzzfhee",
]
INVALID_BECH32M = [
    " 1xj0phk",
    "\x7f1g6xzxy",
    "\x801vctc34",
    "an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4",
    "qyrz8wqd2c9m",
    "1qyrz8wqd2c9m",
    "y1b0jsk6g",
    "lt1igcx5c0",
    "in1muywd",
    "mm1crxm3i",
    "au1s5cgom",
    "M1VUXWEZ",
    "16plkw9",
    "1p2gdwpf",
]
VALID_ADDRESSES = [
    ("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "0014751e76e8199196d454941c45d1b3a323f1433bd6"),
    (
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
        "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262",
    ),
    (
        "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
        "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6",
    ),
    ("BC1SW50QGDZ25J", "6002751e"),
    ("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "5210751e76e8199196d454941c45d1b3a323"),
    (
        "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
        "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    ),
    (
        "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
        "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    ),
    (
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
        "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    ),
]
INVALID_ADDRESSES = [
    "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut",  # invalid human-readable part
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",  # bech32 instead of bech32m
    "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf",  # bech32 instead of bech32m
    "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",  # bech32 instead of bech32m
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",  # bech32m instead of bech32
    "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47",  # bech32m instead of bech32
    "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",  # invalid character in checksum
    "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R",  # invalid witness version
    "bc1pw5dgrnzv",  # program of 1 byte
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",  # program of 41 bytes
    "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",  # version 0 program of 16 bytes
    "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq",  # mixed case
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",  # more than 4 padding bits
    "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j",  # non-zero padding
    "bc1gmk9yu",  # empty data section
]


def _flip_first_data_character(text: str) -> str:
    at = text.rfind("1") + 1
    return text[:at] + chr(ord(text[at]) ^ 1) + text[at + 1 :]


@pytest.mark.parametrize(
    ("text", "encoding"),
    [(t, Encoding.BECH32) for t in VALID_BECH32] + [(t, Encoding.BECH32M) for t in VALID_BECH32M],
)
def test_valid_strings_decode_with_their_variant(text: str, encoding: Encoding) -> None:
    decoded = bech32_decode(text)
    assert decoded is not None and decoded[2] is encoding
    assert bech32_decode(_flip_first_data_character(text)) is None


@pytest.mark.parametrize(
    ("text", "encoding"),
    [(t, Encoding.BECH32) for t in INVALID_BECH32] + [(t, Encoding.BECH32M) for t in INVALID_BECH32M],
)
def test_invalid_strings_do_not_decode_as_their_variant(text: str, encoding: Encoding) -> None:
    decoded = bech32_decode(text)
    assert decoded is None or decoded[2] is not encoding


@pytest.mark.parametrize(("address", "script_hex"), VALID_ADDRESSES)
def test_valid_segwit_addresses_give_their_script(address: str, script_hex: str) -> None:
    hrp = address[:2].lower()
    decoded = decode_segwit(hrp, address)
    assert decoded is not None
    version, program = decoded
    script = bytes([version + 0x50 if version else 0, len(program)]) + program
    assert script.hex() == script_hex


@pytest.mark.parametrize("address", INVALID_ADDRESSES)
def test_invalid_segwit_addresses_are_rejected(address: str) -> None:
    assert decode_segwit("bc", address) is None
    assert decode_segwit("tb", address) is None


def test_segwit_address_of_another_network_is_rejected() -> None:
    assert decode_segwit("ltc", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq") is None
