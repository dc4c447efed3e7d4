"""The add-your-wallets catalogue: integrations by search, and the networks a pasted address is on."""

from __future__ import annotations

from typing import Annotated

import strawberry
from starlette.concurrency import run_in_threadpool

from api.context import CairnInfo
from api.limits import MAX_ADDRESS_CHARS, MAX_SEARCH_CHARS
from api.string_bounds import max_length
from ingest.addresses import detected_crypto_networks
from ledger.models import Integration as IntegrationRow
from ledger.scope.catalog import search_integrations


@strawberry.type
class IntegrationInfo:
    symbol: str | None
    crypto_network: str | None
    is_evm_chain: bool
    supported_crypto_networks: list[str]
    is_institutional: bool
    supported_file_formats: list[str]
    circle_icon_url: str
    csv_integration_coverage_info: str
    sync_integration_coverage_info: str | None


@strawberry.type
class Integration:
    slug: str
    name: str
    rank: int
    category: str
    sync_method: str
    form_id: str | None  # None for file-only entries such as the CSV pseudo-integration
    image_url: str
    is_disabled: bool
    supports_hd_wallet: bool
    instructions: str
    website_url: str | None
    info: IntegrationInfo

    @classmethod
    def of(cls, row: IntegrationRow) -> Integration:
        return cls(
            slug=row.slug,
            name=row.name,
            rank=row.rank,
            category=row.category.value,
            sync_method=row.sync_method.value,
            form_id=None if row.form_id is None else row.form_id.value,
            image_url=row.image_url,
            is_disabled=row.is_disabled,
            supports_hd_wallet=row.supports_hd_wallet,
            instructions=row.instructions,
            website_url=row.website_url,
            info=IntegrationInfo(
                symbol=row.symbol,
                crypto_network=row.crypto_network,
                is_evm_chain=row.is_evm_chain,
                supported_crypto_networks=list(row.supported_crypto_networks),
                is_institutional=row.is_institutional,
                supported_file_formats=list(row.supported_file_formats),
                circle_icon_url=row.circle_icon_url,
                csv_integration_coverage_info=row.csv_coverage_info,
                sync_integration_coverage_info=row.sync_coverage_info,
            ),
        )


@strawberry.type
class DetectedCryptoNetwork:
    crypto_network_name: str


@strawberry.type
class IntegrationsQuery:
    @strawberry.field
    async def integrations(
        self, info: CairnInfo, search: Annotated[str | None, max_length(MAX_SEARCH_CHARS)] = None
    ) -> list[Integration]:
        return [Integration.of(row) for row in await search_integrations(info.context.session, search)]

    @strawberry.field
    async def detected_crypto_networks(
        self, address: Annotated[str, max_length(MAX_ADDRESS_CHARS)]
    ) -> list[DetectedCryptoNetwork]:
        # checksums and base58 decoding are pure CPU: in a thread, the event loop keeps serving
        names = await run_in_threadpool(detected_crypto_networks, address)
        return [DetectedCryptoNetwork(crypto_network_name=name) for name in names]
