"""ShapeShift trade history: one swap per row, `inputAmount inputCurrency` → `outputAmount outputCurrency`.

`outputAmount` is what arrived after the miner fee, which is charged in the output currency; the
fee is booked as such and the gross output as acquired. Returned (refunded) swaps exchanged nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.values import Row, SourceKeys, header_has, trade_type
from vocabulary.enums import ImportType

COLUMNS = (
    "id",
    "status",
    "timestamp",
    "rate",
    "minerFee",
    "inputAmount",
    "inputCurrency",
    "inputTxid",
    "outputAmount",
    "outputCurrency",
    "outputTxid",
)


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("timestamp")
        status = row.text("status")
        if status.casefold() != "complete":
            return row.ignored(f"the swap is {status or 'without a status'}, not complete")
        sold, sold_amount = row.asset("inputCurrency"), row.quantity("inputAmount")
        bought, bought_amount = row.asset("outputCurrency"), row.quantity("outputAmount")
        fee = magnitude(row, "minerFee")
        if not sold_amount or not bought_amount:
            return row.ignored("the swap has a zero input or output amount")
        flows = [Flow("IN", bought, bought_amount + fee), Flow("OUT", sold, sold_amount)]
        if fee:
            flows.append(Flow("OUT", bought, fee, is_fee=True))
        key = keys.key(row.required("id"), *row.cells)
        if key is None:
            return row.ignored("the same swap is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            trade_type(bought, sold),
            tuple(flows),
            row.number,
            tx_hash=row.text("inputTxid") or None,
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "shapeshift",
        "ShapeShift trades",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
)
