"""KuCoin spot trade history (order history export)."""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, ParsedTransaction, ParseItem, Sheet
from ingest.files.values import CellError, KeyCounter, Row, digest, header_has, parse_rows, trade_type
from vocabulary.enums import ImportType

COLUMNS = ("tradeCreatedAt", "symbol", "side", "size", "funds", "fee", "feeCurrency")


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction:
        timestamp = row.timestamp("tradeCreatedAt")
        base, separator, quote = row.required("symbol").upper().partition("-")
        if not separator or not base or not quote:
            raise CellError("symbol", f"{row.text('symbol')!r} is not a BASE-QUOTE pair")
        side = row.required("side").casefold()
        if side not in ("buy", "sell"):
            raise CellError("side", f"{row.text('side')!r} is neither buy nor sell")
        size, funds = row.quantity("size"), row.quantity("funds")
        bought, paid = ((base, size), (quote, funds)) if side == "buy" else ((quote, funds), (base, size))
        flows = [Flow("IN", bought[0], bought[1]), Flow("OUT", paid[0], paid[1])]
        fee = row.decimal("fee")
        if fee:
            flows.append(Flow("OUT", row.asset("feeCurrency"), abs(fee), is_fee=True))
        source_id = row.text("tradeId") or row.text("orderId")
        key = source_id or keys.key(digest(timestamp.isoformat(), *row.cells))
        return ParsedTransaction(key, timestamp, trade_type(bought[0], paid[0]), tuple(flows), row.number)

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "kucoin-trades",
        "KuCoin trade history",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration="kucoin",
    ),
)
