import pytest
from hypothesis import given
from hypothesis import strategies as st

from ingest.addresses import detected_crypto_networks
from ingest.catalogue import load_integrations

EVM = [
    "ethereum",
    "base",
    "arbitrum-one",
    "polygon",
    "binance-smart-chain",
    "optimism",
    "avalanche",
    "zksync-era",
    "fantom",
]

CARDANO_BASE = (
    "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x"
)
XPUB = (
    "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ES"
    "FjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
)
ZPUB = (
    "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1A"
    "DqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs"
)
LTUB = (
    "Ltub2SSUS19CirucVPGDKDBatBDBEM2s9UbH66pBURfaKrMocCPLhQ7Z7hecy5VYL"
    "HA5fRdXwB2e61j2VJCNzVsqKTCVEU1vECjqi5EyczFX9xp"
)
DGUB = (
    "dgub8kXBZ7ymNWy2SgzyYN45HyTAEUF6eVFqMyTk2ec6SPxWFhi3dRneNQ51zJadL"
    "ERvA1ns9uvMGKM9wYKTSnCP9QrSPJMCKjdfSv4qmT3PkP2"
)

# Real addresses with checksums, and the networks each is valid on.
CHECKSUMMED = {
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa": {"bitcoin", "bitcoin-cash"},
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy": {"bitcoin", "bitcoin-cash", "litecoin"},
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq": {"bitcoin"},
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4": {"bitcoin"},
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0": {"bitcoin"},
    "LP8A3cjNAXsMBQvy9s4ptavo7owhS2XPr1": {"litecoin"},
    "MFWg1wVLhorAwDEtCTGtjHvCBvQZpEv6dm": {"litecoin"},
    "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt": {"litecoin"},
    "DJtCUTgitjdxXTUQK78BVm93AmrfFLAiWy": {"dogecoin"},
    "A7DC5S9VjuHXpCAXWohuLNza9BxeuCWNWG": {"dogecoin"},
    "9y992i9uQjr3PJFS1EPmVrd6FahsJjhuk3": {"dogecoin"},
    "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a": {"bitcoin-cash"},
    "qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy": {"bitcoin-cash"},
    "pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37": {"bitcoin-cash"},
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed": set(EVM),
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359": set(EVM),
    CARDANO_BASE: {"cardano"},
    "stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw": {"cardano"},
    "Ae2tdPwUPEZLs4HtbuNey7tK4hTKrwNwYtGqp7bDfCy2WdR3P6735W5Yfpe": {"cardano"},
    "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t": {"tron"},
    "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh": {"xrp"},
    "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe": {"xrp"},
    XPUB: {"bitcoin", "bitcoin-cash"},
    ZPUB: {"bitcoin"},
    LTUB: {"litecoin"},
    DGUB: {"dogecoin"},
}
UNCHECKSUMMED = {
    "0x52908400098527886E0F7030069857D2E4169EE7": set(EVM),
    "0xde709f2102306220921060314715629080e2fb77": set(EVM),
    "Ho87cuS3aSRgUMCeMrV7uNCCWx6Fj2ytnufYQ1W7KCLr": {"solana"},
    "11111111111111111111111111111111": {"solana"},
    "vitalik.eth": {"ethereum"},
    "pay.uniswap.eth": {"ethereum"},
}


def _rank_order(networks: set[str]) -> list[str]:
    ranks = {i.slug: i.rank for i in load_integrations() if i.category == "Blockchain"}
    return sorted(networks, key=ranks.__getitem__)


@pytest.mark.parametrize(("text", "networks"), [*CHECKSUMMED.items(), *UNCHECKSUMMED.items()])
def test_real_addresses_are_detected_on_their_networks_in_rank_order(text: str, networks: set[str]) -> None:
    assert detected_crypto_networks(text) == _rank_order(networks)


def test_evm_address_lists_every_evm_chain_of_the_catalogue() -> None:
    evm_chains = {
        i.info.crypto_network
        for i in load_integrations()
        if i.category == "Blockchain" and i.info.is_evm_chain
    }
    assert (
        set(detected_crypto_networks("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")) == evm_chains == set(EVM)
    )


def test_surrounding_whitespace_is_ignored() -> None:
    assert detected_crypto_networks("  bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\n") == ["bitcoin"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "coinbase",
        "bitcoin",
        "ab.eth",  # second-level ENS names have at least 3 characters
        "-abc.eth",
        "abc..eth",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",  # EIP-55 case broken
        "DJtCUTgitjdxXTUQK78BVm94AmrfFLAiWy",  # one digit off
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",  # testnet
        "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz",
        "bchtest:qpf29h80q4kzprl84jmwhf9du3jsu2tvw509nqz5cy",
    ],
)
def test_non_addresses_are_not_detected(text: str) -> None:
    assert detected_crypto_networks(text) == []


def test_every_detected_network_is_a_catalogue_blockchain() -> None:
    chains = {i.slug for i in load_integrations() if i.category == "Blockchain"}
    detected = {n for text in [*CHECKSUMMED, *UNCHECKSUMMED] for n in detected_crypto_networks(text)}
    assert detected <= chains
    assert chains <= detected  # and every catalogue chain is recognisable


@st.composite
def _one_character_changed(draw: st.DrawFn) -> str:
    address = draw(st.sampled_from(sorted(CHECKSUMMED)))
    at = draw(st.integers(0, len(address) - 1))
    replacement = draw(st.characters(min_codepoint=33, max_codepoint=126).filter(lambda c: c != address[at]))
    return address[:at] + replacement + address[at + 1 :]


@given(_one_character_changed())
def test_a_checksummed_address_with_one_character_changed_is_not_recognised(text: str) -> None:
    assert detected_crypto_networks(text) == []
