"""Uphold transaction history (Date, Destination, … Origin Currency, Status, Type)."""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import Row, SourceKeys, fiat_transfer, header_has, parse_rows, trade_type
from vocabulary.enums import ImportType, TransactionType

COLUMNS = (
    "Date",
    "Destination",
    "Destination Amount",
    "Destination Currency",
    "Id",
    "Origin",
    "Origin Amount",
    "Origin Currency",
    "Status",
    "Type",
)


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        kind = row.required("Type").casefold()
        status = row.text("Status")
        origin, origin_amount = row.asset("Origin Currency"), row.quantity("Origin Amount")
        target, target_amount = row.asset("Destination Currency"), row.quantity("Destination Amount")
        if status.casefold() != "completed":
            return row.ignored(f"the transaction is {status or 'without a status'}, not completed")
        fee = row.decimal("Fee Amount")
        fee_asset = row.asset("Fee Currency") if fee else ""
        flows: list[Flow] = []
        tx_type: TransactionType | None
        if kind == "in":
            if origin == target:
                flows.append(Flow("IN", target, target_amount))
                tx_type = fiat_transfer(TransactionType.DEPOSIT, target)
            else:  # paid from a card or bank in another currency: a purchase
                flows += [Flow("IN", target, target_amount), Flow("OUT", origin, origin_amount)]
                tx_type = trade_type(target, origin)
        elif kind == "out":
            sent = (
                origin_amount - fee if fee and fee_asset == origin and fee < origin_amount else origin_amount
            )
            flows.append(Flow("OUT", origin, sent))
            tx_type = fiat_transfer(TransactionType.WITHDRAWAL, origin)
        elif kind == "transfer":
            if origin == target:
                return row.ignored("a transfer between the user's own Uphold cards of the same currency")
            flows += [Flow("IN", target, target_amount), Flow("OUT", origin, origin_amount)]
            tx_type = trade_type(target, origin)
        else:
            flows.append(Flow("IN", target, target_amount))
            if origin != target:
                flows.append(Flow("OUT", origin, origin_amount))
            tx_type = None
        if fee:
            flows.append(Flow("OUT", fee_asset, abs(fee), is_fee=True))
        key = keys.key(row.required("Id"), *row.cells)
        if tx_type is None:
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="Uphold",
                source_type=row.text("Type"),
                description=f"{row.text('Origin')} → {row.text('Destination')}",
            )
        if key is None:
            return row.ignored("the same transaction is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            tx_type,
            tuple(flows),
            row.number,
            label=kind,
            description=f"{row.text('Origin')} → {row.text('Destination')}",
        )

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "uphold",
        "Uphold transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="uphold",
    ),
)
