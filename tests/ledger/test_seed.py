"""Reference data loads again and again without duplicating, and refreshes what changed."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ingest.catalogue import load_integrations
from ingest.files.registry import integration_import_types
from ledger.models import Integration, Price
from ledger.reference.seed import PriceRow, bundled_prices, seed_integrations, seed_prices

pytestmark = pytest.mark.servers


def test_the_catalogue_is_seeded_once_and_updated(db_session: Session) -> None:
    entries = [entry.to_json() for entry in load_integrations()]
    renamed = {**entries[0], "name": "Renamed for the test"}

    seed_integrations(db_session, [renamed, *entries[1:]], integration_import_types())

    assert db_session.scalar(select(func.count()).select_from(Integration)) == len(entries)
    row = db_session.get(Integration, (entries[0]["slug"], entries[0]["category"]))
    assert row is not None and row.name == "Renamed for the test"
    db_session.rollback()


def test_the_bundled_prices_are_all_loaded(db_session: Session) -> None:
    rows = list(bundled_prices())
    assert (db_session.scalar(select(func.count()).select_from(Price)) or 0) >= len(rows)
    btc = db_session.get(Price, ("BTC", "USD", date(2020, 1, 1)))
    expected = next(row for row in rows if row[:3] == ("BTC", "USD", date(2020, 1, 1)))
    assert btc is not None and btc.close == expected.close and isinstance(btc.close, Decimal)


def test_a_seeded_close_replaces_the_previous_one(db_session: Session) -> None:
    day = date(1999, 1, 1)
    seed_prices(db_session, [PriceRow("TESTCOIN", "USD", day, Decimal("1.5"), "test")])
    seed_prices(db_session, [PriceRow("TESTCOIN", "USD", day, Decimal("2.25"), "test")])

    price = db_session.get(Price, ("TESTCOIN", "USD", day))
    assert price is not None and price.close == Decimal("2.25")
    db_session.rollback()
