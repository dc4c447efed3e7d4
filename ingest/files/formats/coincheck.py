"""Coincheck purchase history: `ID,Amount,Price,Trading Currency,Original Currency,Progress,Time`.

`Amount` is the crypto bought, `Price` the total paid in the original (fiat) currency.
"""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import parse_guarded
from ingest.files.values import Row, SourceKeys, header_has, trade_type
from vocabulary.enums import ImportType
from vocabulary.fiat import is_fiat

COLUMNS = ("ID", "Amount", "Price", "Trading Currency", "Original Currency", "Progress", "Time")


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Time")
        progress = row.text("Progress")
        if progress.casefold() != "completed":
            return row.ignored(f"the purchase is {progress or 'without a progress'}, not completed")
        bought, paid = row.asset("Trading Currency"), row.asset("Original Currency")
        amount, price = row.quantity("Amount"), row.quantity("Price")
        if not amount or not price:
            return row.ignored("the amount or the price is zero")
        value = (price, paid) if is_fiat(paid) else (None, None)
        flows = (
            Flow("IN", bought, amount, value=value[0], value_currency=value[1]),
            Flow("OUT", paid, price),
        )
        key = keys.key(row.required("ID"), *row.cells)
        if key is None:
            return row.ignored("the same purchase is listed again")
        return ParsedTransaction(key, timestamp, trade_type(bought, paid), flows, row.number)

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "coincheck-buys",
        "Coincheck purchases",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration="coincheck",
    ),
)
