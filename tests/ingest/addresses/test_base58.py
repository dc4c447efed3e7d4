from ingest.addresses.base58 import RIPPLE_ALPHABET, b58check_decode, b58decode


def test_leading_ones_are_leading_zero_bytes() -> None:
    assert b58decode("1") == b"\x00"
    assert b58decode("11111111111111111111111111111111") == bytes(32)
    assert b58decode("2g") == b"\x61"


def test_characters_outside_the_alphabet_do_not_decode() -> None:
    for text in ("", "0abc", "Oabc", "Iabc", "labc", "a b"):
        assert b58decode(text) is None


def test_base58check_gives_the_payload_of_the_genesis_block_address() -> None:
    payload = b58check_decode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")
    assert payload == bytes.fromhex("0062e907b15cbf27d5425399ebf6f0fb50ebb88f18")


def test_base58check_rejects_a_wrong_checksum() -> None:
    assert b58check_decode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb") is None


def test_ripple_alphabet_decodes_the_xrp_genesis_account() -> None:
    payload = b58check_decode("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", RIPPLE_ALPHABET)
    assert payload is not None and payload[0] == 0 and len(payload) == 21
    assert b58check_decode("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh") is None
