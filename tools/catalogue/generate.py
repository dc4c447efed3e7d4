"""Writes integrations.json and the icons in frontend/public/icons/ from ccxt and sources.py.

Run `python -m tools.catalogue.generate` after upgrading ccxt or editing sources.py. ccxt is a dev
dependency: the product only reads the JSON.
"""

import json
import re
from dataclasses import replace
from pathlib import Path

import ccxt

import ingest.catalogue
from ingest.catalogue.model import (
    CSV_SLUG,
    DEFAULT_FILE_FORMATS,
    PAYLOAD_FIELDS,
    CredentialField,
    FormId,
    Integration,
    IntegrationInfo,
    PayloadField,
    SyncMethod,
)
from ingest.chains.coverage import NOT_SYNCED_CHAINS
from tools.catalogue import instructions
from tools.catalogue.icons import icon_file_name, icon_svg, icon_url
from tools.catalogue.sources import (
    CHAINS,
    CREDENTIAL_OVERRIDES,
    OWN_FILE_FORMAT,
    POPULAR,
    REDIRECT_EXCHANGES,
    WALLETS,
    Chain,
    Wallet,
)

CATALOGUE_PATH = Path(ingest.catalogue.__file__).with_name("integrations.json")
ICONS_DIR = Path(__file__).resolve().parents[2] / "frontend" / "public" / "icons"

_CSV_RANK = 1_000_000
_OTHERS_FIRST_RANK = 1000
_RANK_STEP = 10

# The payload field each ccxt credential goes into.
_PAYLOAD_FIELD: dict[str, PayloadField] = {
    "apiKey": "apiKey",
    "walletAddress": "apiKey",
    "secret": "apiSecret",
    "privateKey": "apiSecret",
    "password": "passphrase",
    "uid": "customerId",
    "accountId": "customerId",
}
_EXCHANGE_FORMS: dict[frozenset[PayloadField], FormId] = {
    frozenset({"apiKey"}): "ApiKey",
    frozenset({"apiKey", "apiSecret"}): "ApiKey",
    frozenset({"apiKey", "apiSecret", "passphrase"}): "Passphrase",
    frozenset({"customerId", "apiKey", "apiSecret"}): "CustomerId",
}


def network_slug(name: str) -> str:
    """A chain's cryptoNetwork: its name lowercased, runs of non-word characters replaced by hyphens."""
    return re.sub(r"\W+", "-", name.lower())


def exchange_form(credentials: tuple[str, ...]) -> tuple[FormId, tuple[CredentialField, ...]] | None:
    """The spec form whose payload carries exactly these ccxt credentials, or None when none does."""
    if len(credentials) == 1:
        # The key-only form's one field carries whichever single credential the exchange needs.
        return "ApiKey", (CredentialField("apiKey", credentials[0]),)
    fields: dict[PayloadField, str] = {}
    for credential in credentials:
        field = _PAYLOAD_FIELD.get(credential)
        if field is None or field in fields:
            return None
        fields[field] = credential
    form = _EXCHANGE_FORMS.get(frozenset(fields))
    if form is None:
        return None
    return form, tuple(CredentialField(field, fields[field]) for field in PAYLOAD_FIELDS if field in fields)


def _info(
    icon: str,
    csv_coverage: str,
    sync_coverage: str | None,
    symbol: str | None = None,
    network: str | None = None,
    is_evm: bool = False,
    networks: tuple[str, ...] = (),
) -> IntegrationInfo:
    return IntegrationInfo(
        symbol=symbol,
        crypto_network=network,
        is_evm_chain=is_evm,
        supported_crypto_networks=networks,
        circle_icon_url=icon,
        is_institutional=False,
        csv_integration_coverage_info=csv_coverage,
        sync_integration_coverage_info=sync_coverage,
        supported_file_formats=DEFAULT_FILE_FORMATS,
    )


def _by_coverage(chains: dict[str, Chain]) -> tuple[list[str], list[str]]:
    """The names of the chains Cairn syncs, and of those it does not sync yet."""
    synced = [chain.name for slug, chain in chains.items() if slug not in NOT_SYNCED_CHAINS]
    return synced, [chain.name for slug, chain in chains.items() if slug in NOT_SYNCED_CHAINS]


def _files_only_sync_method(slug: str) -> SyncMethod:
    return "Custom file" if slug in OWN_FILE_FORMAT else "Cairn CSV"


def _api_sync_method(slug: str) -> SyncMethod:
    return "Automatic sync and custom file" if slug in OWN_FILE_FORMAT else "Automatic sync"


def ccxt_exchange(exchange_id: str) -> Integration:
    exchange = getattr(ccxt, exchange_id)()
    required = tuple(name for name, needed in exchange.requiredCredentials.items() if needed)
    form = exchange_form(CREDENTIAL_OVERRIDES.get(exchange_id, required))
    name = exchange.name
    own_format = exchange_id in OWN_FILE_FORMAT
    icon = icon_url(exchange_id)
    form_id, fields = form if form else (None, ())
    return Integration(
        slug=exchange_id,
        name=name,
        rank=0,
        category="Exchange",
        sync_method=_api_sync_method(exchange_id) if form else _files_only_sync_method(exchange_id),
        form_id=form_id,
        forms=(form_id,) if form_id else (),
        credential_fields=fields,
        ccxt_id=exchange_id if form else None,
        image_url=icon,
        is_disabled=False,
        supports_hd_wallet=False,
        instructions=(
            instructions.exchange_instructions(name, tuple(f.credential for f in fields), own_format)
            if form
            else instructions.file_instructions(name, own_format)
        ),
        website_url=exchange.urls.get("www"),
        info=_info(
            icon,
            instructions.csv_coverage(name, own_format),
            instructions.exchange_sync_coverage(name) if form else None,
        ),
    )


def redirect_exchanges() -> list[Integration]:
    return [
        Integration(
            slug=exchange.slug,
            name=exchange.name,
            rank=0,
            category="Exchange",
            sync_method=_api_sync_method(exchange.slug),
            form_id=exchange.form_id,
            forms=(exchange.form_id,),
            credential_fields=(),
            ccxt_id=exchange.ccxt_id,
            image_url=icon_url(exchange.slug),
            is_disabled=False,
            supports_hd_wallet=False,
            instructions=instructions.redirect_instructions(exchange.name, exchange.slug in OWN_FILE_FORMAT),
            website_url=exchange.website_url,
            info=_info(
                icon_url(exchange.slug),
                instructions.csv_coverage(exchange.name, exchange.slug in OWN_FILE_FORMAT),
                exchange.sync_coverage or instructions.exchange_sync_coverage(exchange.name),
            ),
        )
        for exchange in REDIRECT_EXCHANGES
    ]


def chain(source: Chain, evm_networks: tuple[str, ...]) -> Integration:
    slug = network_slug(source.name)
    forms: tuple[FormId, ...] = (
        ("PublicXpub", "TwoXpub", "MultiAddress")
        if source.supports_hd_wallet
        else ("Address", "MultiAddress")
    )
    return Integration(
        slug=slug,
        name=source.name,
        rank=0,
        category="Blockchain",
        sync_method="Automatic sync",
        form_id=forms[0],
        forms=forms,
        credential_fields=(),
        ccxt_id=None,
        image_url=icon_url(slug),
        is_disabled=False,
        supports_hd_wallet=source.supports_hd_wallet,
        instructions=instructions.address_instructions(source.name, source.address_hint),
        website_url=source.website_url,
        info=_info(
            icon_url(slug),
            instructions.csv_coverage(source.name, own_format=False),
            instructions.chain_sync_coverage(*_by_coverage({slug: source})),
            symbol=source.symbol,
            network=slug,
            is_evm=source.is_evm,
            # An EVM address is the same account on every EVM chain: adding one offers the others.
            networks=evm_networks if source.is_evm else (slug,),
        ),
    )


def wallet(source: Wallet, chains: dict[str, Chain]) -> Integration:
    main = chains[source.networks[0]]
    hint = "an address or an xPub key" if source.supports_hd_wallet else "the public address"
    return Integration(
        slug=source.slug,
        name=source.name,
        rank=0,
        category="Wallet",
        sync_method="Automatic sync",
        form_id="Public",
        forms=(
            ("Public", "PublicXpub", "TwoXpub", "MultiAddress")
            if source.supports_hd_wallet
            else ("Public", "MultiAddress")
        ),
        credential_fields=(),
        ccxt_id=None,
        image_url=icon_url(source.slug),
        is_disabled=False,
        supports_hd_wallet=source.supports_hd_wallet,
        instructions=instructions.address_instructions(source.name, hint),
        website_url=source.website_url,
        info=_info(
            icon_url(source.slug),
            instructions.csv_coverage(source.name, own_format=False),
            instructions.chain_sync_coverage(*_by_coverage({n: chains[n] for n in source.networks})),
            symbol=main.symbol,
            network=source.networks[0],
            is_evm=main.is_evm,
            networks=source.networks,
        ),
    )


def csv_pseudo_integration() -> Integration:
    return Integration(
        slug=CSV_SLUG,
        name="CSV file",
        rank=_CSV_RANK,
        # A CSV import creates a custom wallet.
        category="Wallet",
        sync_method="Cairn CSV",
        form_id=None,
        forms=(),
        credential_fields=(),
        ccxt_id=None,
        image_url=icon_url(CSV_SLUG),
        is_disabled=False,
        supports_hd_wallet=False,
        instructions=instructions.csv_instructions(),
        website_url=None,
        info=_info(icon_url(CSV_SLUG), instructions.csv_coverage("CSV file", own_format=False), None),
    )


def _ranked(integrations: list[Integration]) -> list[Integration]:
    popular = {key: (position + 1) * _RANK_STEP for position, key in enumerate(POPULAR)}
    others = sorted(
        (i for i in integrations if (i.category, i.slug) not in popular),
        key=lambda i: (i.name.casefold(), i.category, i.slug),
    )
    ranks = popular | {
        (i.category, i.slug): _OTHERS_FIRST_RANK + position * _RANK_STEP for position, i in enumerate(others)
    }
    return [replace(i, rank=ranks[i.category, i.slug]) for i in integrations]


def build() -> list[Integration]:
    """The whole catalogue, in rank order."""
    chains = {network_slug(c.name): c for c in CHAINS}
    evm_networks = tuple(slug for slug, c in chains.items() if c.is_evm)
    redirect_slugs = {e.slug for e in REDIRECT_EXCHANGES}
    integrations = [
        *(ccxt_exchange(e) for e in ccxt.exchanges if e not in redirect_slugs),
        *redirect_exchanges(),
        *(chain(c, evm_networks) for c in CHAINS),
        *(wallet(w, chains) for w in WALLETS),
    ]
    ranked = sorted(_ranked(integrations), key=Integration.sort_key)
    chain_ranks = {i.slug: i.rank for i in ranked if i.category == "Blockchain"}
    return [*(_networks_in_rank_order(i, chain_ranks) for i in ranked), csv_pseudo_integration()]


def _networks_in_rank_order(integration: Integration, chain_ranks: dict[str, int]) -> Integration:
    networks = tuple(sorted(integration.info.supported_crypto_networks, key=chain_ranks.__getitem__))
    return replace(integration, info=replace(integration.info, supported_crypto_networks=networks))


def render(integrations: list[Integration]) -> str:
    entries = [i.to_json() for i in integrations]
    return json.dumps(entries, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def icons(integrations: list[Integration]) -> dict[str, str]:
    """File name → SVG; an icon shared by a slug in two categories shows the higher-ranked name."""
    svgs: dict[str, str] = {}
    for integration in integrations:
        svgs.setdefault(icon_file_name(integration.slug), icon_svg(integration.slug, integration.name))
    return svgs


def main() -> None:
    integrations = build()
    CATALOGUE_PATH.write_text(render(integrations), encoding="utf-8")
    ICONS_DIR.mkdir(parents=True, exist_ok=True)
    svgs = icons(integrations)
    for stale in ICONS_DIR.glob("*.svg"):
        if stale.name not in svgs:
            stale.unlink()
    for file_name, svg in svgs.items():
        (ICONS_DIR / file_name).write_text(svg, encoding="utf-8")
    print(f"{len(integrations)} integrations → {CATALOGUE_PATH}, {len(svgs)} icons → {ICONS_DIR}")


if __name__ == "__main__":
    main()
