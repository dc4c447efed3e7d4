"""The integration catalogue of the add-your-wallets modal: every exchange, blockchain and wallet
Cairn links, read from integrations.json (written by `python -m tools.catalogue.generate`)."""

import json
from functools import cache
from importlib.resources import files

from ingest.catalogue.model import (
    CSV_SLUG,
    Category,
    CredentialField,
    FormId,
    Integration,
    IntegrationInfo,
    SyncMethod,
)

__all__ = [
    "CSV_SLUG",
    "Category",
    "CredentialField",
    "FormId",
    "Integration",
    "IntegrationInfo",
    "SyncMethod",
    "find_integration",
    "load_integrations",
    "search_integrations",
]


@cache
def _catalogue() -> tuple[Integration, ...]:
    entries = json.loads(files("ingest.catalogue").joinpath("integrations.json").read_text(encoding="utf-8"))
    return tuple(sorted((Integration.from_json(entry) for entry in entries), key=Integration.sort_key))


def load_integrations() -> list[Integration]:
    """Every integration, in rank order."""
    return list(_catalogue())


def _matches(integration: Integration, needle: str) -> bool:
    symbol = integration.info.symbol or ""
    return any(needle in text.casefold() for text in (integration.name, integration.slug, symbol))


def search_integrations(query: str) -> list[Integration]:
    """Integrations whose name, slug or symbol contains `query` (case-insensitive), in rank order,
    then the CSV pseudo-integration, which ends every result, an empty one included."""
    needle = query.strip().casefold()
    found = [i for i in _catalogue() if i.slug != CSV_SLUG and _matches(i, needle)]
    return found + [i for i in _catalogue() if i.slug == CSV_SLUG]


def find_integration(slug: str, category: Category) -> Integration | None:
    """The integration of `slug` in `category` (a slug is unique within its category)."""
    return next((i for i in _catalogue() if i.slug == slug and i.category == category), None)
