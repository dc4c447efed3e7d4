import json
import re
from pathlib import Path
from xml.etree import ElementTree

import ccxt
import pytest

from ingest.catalogue import CSV_SLUG, Integration, load_integrations
from tools.catalogue.generate import CATALOGUE_PATH, ICONS_DIR, build, icons, render

SPEC_EVM_CHAINS = {
    "ethereum",
    "arbitrum-one",
    "avalanche",
    "binance-smart-chain",
    "fantom",
    "optimism",
    "polygon",
    "base",
    "zksync-era",
}
SPEC_WALLETS = {
    "coinbase-wallet",
    "metamask",
    "trust",
    "uniswap",
    "rainbow",
    "okx-wallet",
    "ledger",
    "zerion",
    "kraken-wallet",
    "robinhood-wallet",
    "exodus",
    "jupiter",
    "solflare",
    "phantom",
    "coin98",
    "backpack",
    "xverse",
    "leather",
}
# Payload fields of each exchange form (spec 000 §3 "Payloads for adding accounts").
FORM_FIELDS: dict[str, list[tuple[str, ...]]] = {
    "ApiKey": [("apiKey",), ("apiKey", "apiSecret")],
    "Passphrase": [("apiKey", "apiSecret", "passphrase")],
    "CustomerId": [("customerId", "apiKey", "apiSecret")],
}


def _of(category: str) -> dict[str, Integration]:
    return {i.slug: i for i in load_integrations() if i.category == category}


def test_the_committed_json_is_what_the_generator_writes() -> None:
    assert CATALOGUE_PATH.read_text(encoding="utf-8") == render(build())


def test_the_committed_icons_are_what_the_generator_writes() -> None:
    expected = icons(build())
    assert {p.name for p in ICONS_DIR.glob("*")} == set(expected)
    for name, svg in expected.items():
        assert (ICONS_DIR / name).read_text(encoding="utf-8") == svg


def test_every_ccxt_exchange_is_an_exchange_integration() -> None:
    assert set(ccxt.exchanges) <= set(_of("Exchange"))


def test_entries_are_unique_and_in_rank_order_with_csv_last() -> None:
    integrations = load_integrations()
    keys = [(i.category, i.slug) for i in integrations]
    assert len(keys) == len(set(keys))
    assert [i.rank for i in integrations] == sorted(i.rank for i in integrations)
    assert integrations[-1].slug == CSV_SLUG
    assert [i.slug for i in integrations].count(CSV_SLUG) == 1
    raw = json.loads(CATALOGUE_PATH.read_text(encoding="utf-8"))
    assert [(e["category"], e["slug"]) for e in raw] == keys


def test_popular_integrations_come_first() -> None:
    first = [(i.category, i.slug) for i in load_integrations()[:6]]
    assert first == [
        ("Exchange", "coinbase"),
        ("Exchange", "binance"),
        ("Exchange", "kraken"),
        ("Blockchain", "ethereum"),
        ("Blockchain", "bitcoin"),
        ("Wallet", "metamask"),
    ]
    assert all(i.rank > -1000 for i in load_integrations())  # the wallet-connect rank sits behind a gate


def test_json_round_trips_through_the_dataclass() -> None:
    raw = json.loads(CATALOGUE_PATH.read_text(encoding="utf-8"))
    assert [i.to_json() for i in load_integrations()] == raw


def test_unknown_enumeration_values_are_refused() -> None:
    entry = load_integrations()[0].to_json()
    with pytest.raises(ValueError):
        Integration.from_json({**entry, "category": "Bank"})
    with pytest.raises(ValueError):
        Integration.from_json({**entry, "credentials": ["apiKey"]})


def test_redirect_based_exchanges() -> None:
    exchanges = _of("Exchange")
    assert {slug: exchanges[slug].form_id for slug in ("coinbase", "coinjar", "uphold")} == {
        "coinbase": "Coinbase",
        "coinjar": "Coinjar",
        "uphold": "Uphold",
    }
    assert {slug: exchanges[slug].ccxt_id for slug in ("coinbase", "coinjar", "uphold")} == {
        "coinbase": "coinbase",
        "coinjar": "coinjar",  # ingest/exchanges/coinjar.py, not a ccxt exchange
        "uphold": "uphold",  # ingest/exchanges/uphold.py, not a ccxt exchange
    }
    assert exchanges["coinbase"].credentials == ()


@pytest.mark.parametrize(
    ("slug", "form_id", "fields"),
    [
        ("binance", "ApiKey", {"apiKey": "apiKey", "apiSecret": "secret"}),
        ("onetrading", "ApiKey", {"apiKey": "apiKey"}),
        ("okx", "Passphrase", {"apiKey": "apiKey", "apiSecret": "secret", "passphrase": "password"}),
        ("coinmate", "CustomerId", {"customerId": "uid", "apiKey": "apiKey", "apiSecret": "secret"}),
        ("revolutx", "ApiKey", {"apiKey": "apiKey", "apiSecret": "privateKey"}),
        ("hyperliquid", "ApiKey", {"apiKey": "walletAddress", "apiSecret": "privateKey"}),
        ("dydx", "ApiKey", {"apiKey": "walletAddress"}),
    ],
)
def test_exchange_forms_follow_ccxt_credentials(slug: str, form_id: str, fields: dict[str, str]) -> None:
    exchange = _of("Exchange")[slug]
    assert exchange.form_id == form_id
    assert {f.field: f.credential for f in exchange.credential_fields} == fields
    assert exchange.ccxt_id == slug


def test_every_synced_ccxt_exchange_asks_for_exactly_its_credentials() -> None:
    for slug, exchange in _of("Exchange").items():
        if exchange.form_id in FORM_FIELDS:
            assert tuple(f.field for f in exchange.credential_fields) in FORM_FIELDS[exchange.form_id], slug
            required = {k for k, v in getattr(ccxt, slug)().requiredCredentials.items() if v}
            assert set(exchange.credentials) == (required or {"walletAddress"}), slug


def test_exchanges_no_spec_form_can_carry_are_file_only() -> None:
    ndax = _of("Exchange")["ndax"]  # ccxt needs key, secret, uid, login and password
    assert (ndax.form_id, ndax.forms, ndax.credentials, ndax.ccxt_id) == (None, (), (), None)
    assert ndax.sync_method == "Cairn CSV"
    assert ndax.info.sync_integration_coverage_info is None


def test_sync_methods_match_the_file_support() -> None:
    exchanges = _of("Exchange")
    assert exchanges["kraken"].sync_method == "Automatic sync and custom file"
    assert exchanges["gemini"].sync_method == "Automatic sync"
    assert {
        i.sync_method for i in load_integrations() if i.category != "Exchange" and i.slug != CSV_SLUG
    } == {"Automatic sync"}


def test_blockchains_cover_the_spec_chains_with_their_forms() -> None:
    chains = _of("Blockchain")
    assert {slug for slug, c in chains.items() if c.info.is_evm_chain} == SPEC_EVM_CHAINS
    others = {"bitcoin", "solana", "cardano", "litecoin", "dogecoin", "bitcoin-cash", "tron", "xrp"}
    assert others <= set(chains)
    for slug, chain in chains.items():
        # cryptoNetwork: the chain name lowercased, runs of non-word characters replaced by hyphens.
        assert slug == chain.info.crypto_network == re.sub(r"\W+", "-", chain.name.lower())
        assert chain.info.symbol
        if chain.supports_hd_wallet:
            assert chain.forms == ("PublicXpub", "TwoXpub", "MultiAddress")
        else:
            assert chain.forms == ("Address", "MultiAddress")
        expected_networks = SPEC_EVM_CHAINS if chain.info.is_evm_chain else {slug}
        assert set(chain.info.supported_crypto_networks) == expected_networks
    assert {slug for slug, c in chains.items() if c.supports_hd_wallet} == {
        "bitcoin",
        "litecoin",
        "dogecoin",
        "bitcoin-cash",
    }


def test_connect_wallet_slugs_are_wallets_on_catalogue_chains() -> None:
    wallets = {slug: w for slug, w in _of("Wallet").items() if slug != CSV_SLUG}
    chains = _of("Blockchain")
    assert set(wallets) == SPEC_WALLETS
    for wallet in wallets.values():
        networks = wallet.info.supported_crypto_networks
        assert set(networks) <= set(chains)
        assert [chains[n].rank for n in networks] == sorted(chains[n].rank for n in networks)
        assert wallet.info.crypto_network in networks
        assert wallet.form_id == "Public"


def test_csv_pseudo_integration() -> None:
    csv = load_integrations()[-1]
    assert (csv.slug, csv.name, csv.sync_method, csv.form_id) == (CSV_SLUG, "CSV file", "Cairn CSV", None)
    assert csv.image_url == "/icons/csv-file-import.svg"


def test_shared_fields() -> None:
    for i in load_integrations():
        assert i.info.supported_file_formats == (".csv", ".xls", ".xlsx")
        assert not i.is_disabled and not i.info.is_institutional
        assert i.image_url == i.info.circle_icon_url
        assert (ICONS_DIR / Path(i.image_url).name).is_file()
        assert i.form_id is None or i.forms[0] == i.form_id
        assert '<section class="file-importer">' in i.instructions
        assert ('<section class="api-importer">' in i.instructions) == (i.form_id is not None)
        assert (i.info.sync_integration_coverage_info is None) == (i.form_id is None)


def test_website_urls_come_from_ccxt() -> None:
    exchanges = _of("Exchange")
    assert exchanges["kraken"].website_url == ccxt.kraken().urls["www"]
    assert all(i.website_url for i in load_integrations() if i.slug != CSV_SLUG)


def test_icons_are_circles_with_initials() -> None:
    svg = (ICONS_DIR / "binance-smart-chain.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg ") and "<circle " in svg and ">BS</text>" in svg
    for path in ICONS_DIR.glob("*.svg"):
        root = ElementTree.fromstring(path.read_text(encoding="utf-8"))
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
