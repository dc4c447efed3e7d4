"""Relai (Bitcoin savings app) transaction export: BTC buys and sells against fiat."""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement, signed_flows
from ingest.files.values import KeyCounter, Row, SourceKeys, digest, header_has
from vocabulary.enums import ImportType, TransactionType

COLUMNS = (
    "Date",
    "Transaction Type",
    "BTC Amount",
    "BTC Price",
    "Fiat Amount (excl. fees)",
    "Fiat Currency",
    "Fee",
    "Fee Currency",
    "Operation ID",
)


def _key(row: Row, source_keys: SourceKeys, content_keys: KeyCounter) -> str | None:
    operation = row.text("Operation ID")
    return source_keys.key(operation, *row.cells) if operation else content_keys.key(digest(*row.cells))


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    source_keys, content_keys = SourceKeys(), KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        side = row.required("Transaction Type").casefold()
        if side not in ("buy", "sell"):
            return by_movement(
                row.number,
                _key(row, source_keys, content_keys),
                timestamp,
                signed_flows(row, "BTC Amount", "BTC"),
                source="Relai",
                source_type=row.text("Transaction Type"),
                description=row.text("Destination"),
            )
        btc, fiat = row.quantity("BTC Amount"), row.quantity("Fiat Amount (excl. fees)")
        currency = row.asset("Fiat Currency")
        if not btc:
            return row.ignored("the BTC amount is zero")
        crypto_direction: Direction = "IN" if side == "buy" else "OUT"
        fiat_direction: Direction = "OUT" if side == "buy" else "IN"
        flows = [Flow(crypto_direction, "BTC", btc, value=fiat, value_currency=currency)]
        if fiat:
            flows.append(Flow(fiat_direction, currency, fiat))
        fee = magnitude(row, "Fee")
        if fee:
            flows.append(Flow("OUT", row.asset("Fee Currency"), fee, is_fee=True))
        key = _key(row, source_keys, content_keys)
        if key is None:
            return row.ignored("the same operation is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            TransactionType(side.upper()),
            tuple(flows),
            row.number,
            description=row.text("Destination"),
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "relai",
        "Relai transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
)
