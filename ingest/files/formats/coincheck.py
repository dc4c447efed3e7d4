"""Coincheck purchase history: `ID,Amount,Price,Trading Currency,Original Currency,Progress,Time`, and the
"industry standard format" (業界標準フォーマット) trade history since 2025, Japanese headers.

Purchases: `Amount` is the crypto bought, `Price` the total paid in the original (fiat) currency.
Standard format: 取引日時 (JST), 取引種別 (kind), 増加通貨名/増加数量 (what came in),
減少通貨名/減少数量 (what went out), 手数料通貨/手数料数量 (fee). A row moving both ways is a trade;
a one-sided row (deposit, withdrawal, send) is imported by what it moves for review, its kinds not
being documented yet. No id column: rows are keyed by content, repeats counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from zoneinfo import ZoneInfo

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement
from ingest.files.values import KeyCounter, Row, SourceKeys, digest, header_has, trade_type
from vocabulary.enums import ImportType
from vocabulary.fiat import is_fiat

COLUMNS = ("ID", "Amount", "Price", "Trading Currency", "Original Currency", "Progress", "Time")
JST = ZoneInfo("Asia/Tokyo")
STANDARD = (
    "取引日時",
    "取引種別",
    "増加通貨名",
    "増加数量",
    "減少通貨名",
    "減少数量",
    "手数料通貨",
    "手数料数量",
)


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


def parse_standard(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("取引日時", zone=JST)
        flows = []
        if row.text("増加通貨名") and magnitude(row, "増加数量"):
            flows.append(Flow("IN", row.asset("増加通貨名"), magnitude(row, "増加数量")))
        if row.text("減少通貨名") and magnitude(row, "減少数量"):
            flows.append(Flow("OUT", row.asset("減少通貨名"), magnitude(row, "減少数量")))
        if row.text("手数料通貨") and magnitude(row, "手数料数量"):
            flows.append(Flow("OUT", row.asset("手数料通貨"), magnitude(row, "手数料数量"), is_fee=True))
        key = keys.key(digest(timestamp.isoformat(), *row.cells))
        received = [flow.asset for flow in flows if flow.direction == "IN"]
        sent = [flow.asset for flow in flows if flow.direction == "OUT" and not flow.is_fee]
        if not (received and sent):
            return by_movement(
                row.number, key, timestamp, flows, source="Coincheck", source_type=row.text("取引種別")
            )
        return ParsedTransaction(
            key,
            timestamp,
            trade_type(received[0], sent[0]),
            tuple(flows),
            row.number,
            label=row.text("取引種別") or None,
            description=row.text("備考"),
        )

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
    FileFormat(
        "coincheck-standard",
        "Coincheck trade history (業界標準フォーマット)",
        lambda s: header_has(s, *STANDARD),
        parse_standard,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="coincheck",
    ),
)
