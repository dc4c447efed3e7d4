"""Each file format declares the import type of its files and the integration whose export it is."""

from __future__ import annotations

from ingest.catalogue import load_integrations
from ingest.files.registry import all_formats, integration_import_types
from vocabulary.enums import ImportType, IntegrationCategory


def test_formats_are_typed_by_what_their_files_hold() -> None:
    formats = {fmt.id: fmt for fmt in all_formats()}
    assert formats["generic"].import_type == ImportType.GENERIC_CSV
    assert formats["kraken-trades"].import_type == ImportType.TRADE_IMPORTS
    assert formats["bittrex-transfers"].import_type == ImportType.TRADE_TRANSFERS
    assert formats["kraken-ledgers"].import_type == ImportType.TRANSACTION_HISTORY


def test_each_exchange_takes_the_import_types_of_its_own_exports() -> None:
    own = integration_import_types()
    assert own["kraken"] == [ImportType.TRADE_IMPORTS, ImportType.TRANSACTION_HISTORY]
    assert own["bitbank"] == [ImportType.TRADE_TRANSFERS]
    assert "gemini" not in own  # no export format of its own


def test_every_declared_integration_is_an_exchange_of_the_catalogue() -> None:
    exchanges = {
        entry.slug for entry in load_integrations() if entry.category == IntegrationCategory.EXCHANGE
    }
    assert set(integration_import_types()) <= exchanges
