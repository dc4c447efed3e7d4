"""Relai (Bitcoin savings app) transaction export: BTC buys and sells against fiat."""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.values import CellError, KeyCounter, Row, SourceKeys, digest, header_has
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


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    source_keys, content_keys = SourceKeys(), KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        side = row.required("Transaction Type").casefold()
        if side not in ("buy", "sell"):
            raise CellError(
                "Transaction Type", f"unknown Relai transaction type {row.text('Transaction Type')!r}"
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
        operation = row.text("Operation ID")
        key = source_keys.key(operation, *row.cells) if operation else content_keys.key(digest(*row.cells))
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
