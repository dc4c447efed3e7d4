"""Reference data: the integration catalogue, the shared assets and daily prices. Every loader upserts,
so seeding again refreshes what changed and duplicates nothing."""

from __future__ import annotations

import csv
import gzip
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from datetime import date
from decimal import Decimal
from importlib import resources
from typing import Any, NamedTuple

from sqlalchemy import text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from ledger.models import Asset, Integration
from ledger.writes.copy import copy_rows
from vocabulary.enums import CurrencyType, FormId, ImportType, IntegrationCategory, SyncMethod
from vocabulary.price_sources import BUNDLED_PRICE_SOURCE

UPSERT_BATCH = 1000  # rows per INSERT … VALUES, well under PostgreSQL's 65535 bind parameters


class PriceRow(NamedTuple):
    symbol: str
    quote: str
    date: date
    close: Decimal
    source: str


def seed_integrations(
    session: Session,
    entries: Iterable[Mapping[str, Any]],
    import_types: Mapping[str, Iterable[ImportType]],
) -> int:
    """Upsert catalogue entries in the shape of ingest's integrations.json (`Integration.to_json()`), each
    exchange with the import types of its own exports (by slug, as ingest's file formats declare them)."""
    rows = [_integration_row(entry, import_types) for entry in entries]
    for start in range(0, len(rows), UPSERT_BATCH):
        statement = insert(Integration).values(rows[start : start + UPSERT_BATCH])
        updated = {
            column: statement.excluded[column] for column in rows[0] if column not in ("slug", "category")
        }
        session.execute(statement.on_conflict_do_update(index_elements=["slug", "category"], set_=updated))
    return len(rows)


def _integration_row(
    entry: Mapping[str, Any], import_types: Mapping[str, Iterable[ImportType]]
) -> dict[str, Any]:
    info = entry["info"]
    category = IntegrationCategory(entry["category"])
    own = import_types.get(entry["slug"], ()) if category == IntegrationCategory.EXCHANGE else ()
    return {
        "slug": entry["slug"],
        "category": category,
        "name": entry["name"],
        "rank": entry["rank"],
        "sync_method": SyncMethod(entry["syncMethod"]),
        "form_id": None if entry["formId"] is None else FormId(entry["formId"]),
        "image_url": entry["imageUrl"],
        "is_disabled": entry["isDisabled"],
        "supports_hd_wallet": entry["supportsHdWallet"],
        "instructions": entry["instructions"],
        "website_url": entry["websiteUrl"],
        "symbol": info["symbol"],
        "crypto_network": info["cryptoNetwork"],
        "is_evm_chain": info["isEvmChain"],
        "supported_crypto_networks": list(info["supportedCryptoNetworks"]),
        "circle_icon_url": info["circleIconUrl"],
        "is_institutional": info["isInstitutional"],
        "csv_coverage_info": info["csvIntegrationCoverageInfo"],
        "sync_coverage_info": info["syncIntegrationCoverageInfo"],
        "supported_file_formats": list(info["supportedFileFormats"]),
        "import_types": sorted(int(kind) for kind in own),
    }


def seed_assets(session: Session, entries: Iterable[Mapping[str, Any]]) -> int:
    """Upsert shared assets given as {id, symbol, name, type, cmcId, rank}."""
    rows = [
        {
            "id": entry["id"],
            "symbol": entry["symbol"],
            "name": entry["name"],
            "type": CurrencyType(entry["type"]),
            "cmc_id": entry.get("cmcId"),
            "rank": entry.get("rank"),
        }
        for entry in entries
    ]
    if not rows:
        return 0
    statement = insert(Asset).values(rows)
    updated = {column: statement.excluded[column] for column in ("symbol", "name", "type", "cmc_id", "rank")}
    session.execute(statement.on_conflict_do_update(index_elements=["id"], set_=updated))
    return len(rows)


def seed_prices(session: Session, rows: Iterable[PriceRow]) -> int:
    """Upsert daily closes: a close of the same (symbol, quote, date) is replaced by its own source's
    again, and a bundled close by any source's; a provider's close is never replaced by the bundled one,
    so seeding again keeps what the price fetch stored (vocabulary.price_sources). A close that would
    not change is not written: every write of a price is logged as a change to every user's cost-basis
    inputs (migration 0039), and seeding again at each start must not make every next run a full one."""
    session.execute(
        text("CREATE TEMPORARY TABLE staging_prices (LIKE prices INCLUDING DEFAULTS) ON COMMIT DROP")
    )
    count = copy_rows(session, "staging_prices", PriceRow._fields, rows)
    session.execute(
        text(
            "INSERT INTO prices (symbol, quote, date, close, source)"
            " SELECT DISTINCT ON (symbol, quote, date) symbol, quote, date, close, source FROM staging_prices"
            " ORDER BY symbol, quote, date"
            " ON CONFLICT (symbol, quote, date)"
            " DO UPDATE SET close = excluded.close, source = excluded.source"
            " WHERE (prices.source = excluded.source OR prices.source = :bundled)"
            " AND (prices.close, prices.source) IS DISTINCT FROM (excluded.close, excluded.source)"
        ),
        {"bundled": BUNDLED_PRICE_SOURCE},
    )
    session.execute(text("DROP TABLE staging_prices"))
    return count


def bundled_assets() -> list[dict[str, Any]]:
    """The shared assets Cairn ships with: the major crypto assets and fiat currencies."""
    entries: list[dict[str, Any]] = json.loads(
        resources.files("ledger.reference").joinpath("data/assets.json").read_text()
    )
    return entries


def bundled_prices() -> Iterator[PriceRow]:
    """Real daily closes shipped with Cairn (data/prices.csv.gz beside this module: base, quote, date,
    close)."""
    raw = resources.files("ledger.reference").joinpath("data/prices.csv.gz").read_bytes()
    with io.TextIOWrapper(gzip.GzipFile(fileobj=io.BytesIO(raw)), encoding="utf-8") as lines:
        for row in csv.DictReader(lines):
            yield PriceRow(
                row["base"],
                row["quote"],
                date.fromisoformat(row["date"]),
                Decimal(row["close"]),
                BUNDLED_PRICE_SOURCE,
            )


def seed_reference_data(session: Session) -> None:
    """The bundled assets and prices; the caller commits."""
    seed_assets(session, bundled_assets())
    seed_prices(session, bundled_prices())
