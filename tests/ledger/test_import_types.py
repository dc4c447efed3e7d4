"""Which import types an account takes, from the import types its integration was seeded with (the ones
ingest's file formats declare for the exchange whose exports they read)."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from ledger.models import Integration
from ledger.scope.catalog import allowed_import_types
from vocabulary.enums import AccountKind, ImportType, IntegrationCategory

pytestmark = pytest.mark.servers


def _integration(session: Session, slug: str, category: IntegrationCategory) -> Integration:
    found = session.get(Integration, (slug, category))
    assert found is not None
    return found


def test_allowed_import_types_by_account(db_session: Session) -> None:
    def allowed(kind: AccountKind, slug: str, category: IntegrationCategory) -> list[ImportType]:
        return allowed_import_types(kind, _integration(db_session, slug, category))

    exchange = IntegrationCategory.EXCHANGE
    assert allowed(AccountKind.CUSTOM_WALLET, "csv file import", IntegrationCategory.WALLET) == [1, 2, 3, 7]
    assert allowed(AccountKind.EXCHANGE, "kraken", exchange) == [1, 2, 7]
    assert allowed(AccountKind.EXCHANGE, "bitbank", exchange) == [1, 3]
    assert allowed(AccountKind.EXCHANGE, "gemini", exchange) == [1]  # no export of its own: generic only
    assert allowed(AccountKind.WALLET, "ethereum", IntegrationCategory.BLOCKCHAIN) == []


def test_the_seed_stores_each_exchange_s_own_import_types(db_session: Session) -> None:
    assert _integration(db_session, "kraken", IntegrationCategory.EXCHANGE).import_types == [2, 7]
    assert _integration(db_session, "gemini", IntegrationCategory.EXCHANGE).import_types == []
