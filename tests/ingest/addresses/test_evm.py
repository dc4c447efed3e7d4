"""EIP-55 examples."""

import pytest

from ingest.addresses.evm import is_evm_address

EIP55 = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
]


@pytest.mark.parametrize("address", EIP55)
def test_eip55_examples_are_valid(address: str) -> None:
    assert is_evm_address(address)


@pytest.mark.parametrize("address", EIP55[4:])
def test_mixed_case_with_one_letter_case_swapped_is_rejected(address: str) -> None:
    at = next(i for i, c in enumerate(address) if i > 1 and c.isalpha())
    assert not is_evm_address(address[:at] + address[at].swapcase() + address[at + 1 :])
    # Without case there is no checksum to break.
    assert is_evm_address(address.lower())
    assert is_evm_address("0x" + address[2:].upper())


@pytest.mark.parametrize(
    "text",
    [
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd",
        "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg",
    ],
)
def test_malformed_hex_is_rejected(text: str) -> None:
    assert not is_evm_address(text)
