"""Reading the integration catalogue, which every user shares (seeded by
ledger.reference.seed.seed_integrations)."""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Integration
from vocabulary.enums import AccountKind, ImportType

CSV_INTEGRATION_SLUG = "csv file import"  # spec 000 §2: the CSV pseudo-integration, always listed last


async def search_integrations(session: AsyncSession, search: str | None) -> list[Integration]:
    """Integrations whose name, slug or symbol contains `search` (any case), by rank; then the CSV
    pseudo-integration, which ends every list, an empty search result included."""
    query = select(Integration).order_by(Integration.rank, Integration.category, Integration.slug)
    needle = (search or "").strip()
    if needle:
        query = query.where(
            or_(
                Integration.slug == CSV_INTEGRATION_SLUG,
                Integration.name.icontains(needle, autoescape=True),
                Integration.slug.icontains(needle, autoescape=True),
                Integration.symbol.icontains(needle, autoescape=True),
            )
        )
    found = list(await session.scalars(query))
    return [i for i in found if i.slug != CSV_INTEGRATION_SLUG] + [
        i for i in found if i.slug == CSV_INTEGRATION_SLUG
    ]


async def integration_by_slug(session: AsyncSession, slug: str) -> Integration | None:
    """The integration of an `accountTypeSlug`; a slug in two categories means its best-ranked entry."""
    return await session.scalar(
        select(Integration)
        .where(Integration.slug == slug)
        .order_by(Integration.rank, Integration.category)
        .limit(1)
    )


def allowed_import_types(kind: AccountKind, integration: Integration | None) -> list[ImportType]:
    """Import types a file imported into an account may have: a custom wallet any; an exchange the generic
    CSV and the kinds of export its exchange writes; blockchain wallets and other transactions none (they
    sync)."""
    if kind == AccountKind.CUSTOM_WALLET:
        return list(ImportType)
    if kind != AccountKind.EXCHANGE:
        return []
    own = () if integration is None else integration.import_types
    return sorted({ImportType.GENERIC_CSV, *map(ImportType, own)})
