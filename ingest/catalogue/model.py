"""An integration of the add-your-wallets catalogue (spec 000 §3 "Integration"), as stored in
integrations.json. String values are those of vocabulary.enums, which ingest may not import."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

Category = Literal["Blockchain", "Exchange", "Wallet"]
SyncMethod = Literal["Automatic sync", "Custom file", "Cairn CSV", "Automatic sync and custom file"]
FormId = Literal[
    "Public",
    "PublicXpub",
    "TwoXpub",
    "MultiAddress",
    "Address",
    "ApiKey",
    "Passphrase",
    "CustomerId",
    "Coinbase",
    "Coinjar",
    "Uphold",
]
# Fields of the exchange payloads (addExchangeWithApiKey…) in form order; each carries one ccxt credential.
PayloadField = Literal["customerId", "apiKey", "apiSecret", "passphrase"]
PAYLOAD_FIELDS: tuple[PayloadField, ...] = get_args(PayloadField)

CSV_SLUG = "csv file import"
DEFAULT_FILE_FORMATS = (".csv", ".xls", ".xlsx")


def _literal(value: Any, allowed: Any) -> Any:
    if value not in get_args(allowed):
        raise ValueError(f"{value!r} is not one of {get_args(allowed)}")
    return value


@dataclass(frozen=True, slots=True)
class CredentialField:
    """One field of an exchange form: the payload field and the ccxt credential it fills."""

    field: PayloadField
    credential: str  # a ccxt credential name: apiKey, secret, password, uid, privateKey, …


@dataclass(frozen=True, slots=True)
class IntegrationInfo:
    symbol: str | None
    crypto_network: str | None
    is_evm_chain: bool
    supported_crypto_networks: tuple[str, ...]
    circle_icon_url: str
    is_institutional: bool
    csv_integration_coverage_info: str  # HTML
    sync_integration_coverage_info: str | None  # HTML; None without automatic sync
    supported_file_formats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Integration:
    slug: str  # unique within its category
    name: str
    rank: int  # lower is listed first
    category: Category
    sync_method: SyncMethod
    form_id: FormId | None  # the form the automatic-sync tab opens with; None for file-only entries
    forms: tuple[FormId, ...]  # every form the automatic-sync tab offers, form_id first
    credential_fields: tuple[CredentialField, ...]  # in form order
    ccxt_id: str | None  # the ccxt exchange that syncs it
    image_url: str
    is_disabled: bool
    supports_hd_wallet: bool
    instructions: str  # HTML: section.api-importer and section.file-importer
    website_url: str | None
    info: IntegrationInfo

    @property
    def credentials(self) -> tuple[str, ...]:
        """The ccxt credentials the form asks for, in form order."""
        return tuple(f.credential for f in self.credential_fields)

    @classmethod
    def from_json(cls, entry: dict[str, Any]) -> Integration:
        info = entry["info"]
        fields = entry["credentialFields"]
        integration = cls(
            slug=entry["slug"],
            name=entry["name"],
            rank=entry["rank"],
            category=_literal(entry["category"], Category),
            sync_method=_literal(entry["syncMethod"], SyncMethod),
            form_id=None if entry["formId"] is None else _literal(entry["formId"], FormId),
            forms=tuple(_literal(form, FormId) for form in entry["forms"]),
            credential_fields=tuple(
                CredentialField(field, fields[field]) for field in PAYLOAD_FIELDS if field in fields
            ),
            ccxt_id=entry["ccxtId"],
            image_url=entry["imageUrl"],
            is_disabled=entry["isDisabled"],
            supports_hd_wallet=entry["supportsHdWallet"],
            instructions=entry["instructions"],
            website_url=entry["websiteUrl"],
            info=IntegrationInfo(
                symbol=info["symbol"],
                crypto_network=info["cryptoNetwork"],
                is_evm_chain=info["isEvmChain"],
                supported_crypto_networks=tuple(info["supportedCryptoNetworks"]),
                circle_icon_url=info["circleIconUrl"],
                is_institutional=info["isInstitutional"],
                csv_integration_coverage_info=info["csvIntegrationCoverageInfo"],
                sync_integration_coverage_info=info["syncIntegrationCoverageInfo"],
                supported_file_formats=tuple(info["supportedFileFormats"]),
            ),
        )
        if set(fields) - set(PAYLOAD_FIELDS) or list(integration.credentials) != entry["credentials"]:
            raise ValueError(f"{integration.slug}: credentials and credentialFields disagree")
        return integration

    def to_json(self) -> dict[str, Any]:
        info = self.info
        return {
            "slug": self.slug,
            "name": self.name,
            "rank": self.rank,
            "category": self.category,
            "syncMethod": self.sync_method,
            "formId": self.form_id,
            "forms": list(self.forms),
            "credentials": list(self.credentials),
            "credentialFields": {f.field: f.credential for f in self.credential_fields},
            "ccxtId": self.ccxt_id,
            "imageUrl": self.image_url,
            "isDisabled": self.is_disabled,
            "supportsHdWallet": self.supports_hd_wallet,
            "instructions": self.instructions,
            "websiteUrl": self.website_url,
            "info": {
                "symbol": info.symbol,
                "cryptoNetwork": info.crypto_network,
                "isEvmChain": info.is_evm_chain,
                "supportedCryptoNetworks": list(info.supported_crypto_networks),
                "circleIconUrl": info.circle_icon_url,
                "isInstitutional": info.is_institutional,
                "csvIntegrationCoverageInfo": info.csv_integration_coverage_info,
                "syncIntegrationCoverageInfo": info.sync_integration_coverage_info,
                "supportedFileFormats": list(info.supported_file_formats),
            },
        }

    def sort_key(self) -> tuple[int, str, str]:
        return self.rank, self.category, self.slug
