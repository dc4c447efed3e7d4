"""Coinbase Pro / Advanced account statement (trade legs and fees share a trade id) and fills report.

A trade keeps its trade id as its key in both, so the statement and the fills report of the same
account import it once."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, RowError, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Columns,
    Row,
    fiat_transfer,
    header_has,
    parse_rows,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Portfolio", "Type", "Timestamp", "Amount", "Balance", "Amount/balance unit", "Trade id")
TRANSFERS = {"deposit": TransactionType.DEPOSIT, "withdrawal": TransactionType.WITHDRAWAL}
# The fills report, with or without "portfolio" first (BittyTax/BittyTax
# src/bittytax/conv/parsers/coinbasepro.py, parse_coinbase_pro_fills_v1: a buy's total is negative and
# includes the fee, a sell's total is what was received after the fee).
FILLS = ("trade id", "product", "side", "created at", "size", "size unit", "price", "fee", "total")
FILLS_UNIT = "price/fee/total unit"


class _Trade:
    def __init__(self, trade_id: str, row: int, timestamp: datetime) -> None:
        self.trade_id, self.row, self.timestamp = trade_id, row, timestamp
        self.flows: list[Flow] = []

    def transaction(self) -> ParsedTransaction | RowError:
        received = [flow.asset for flow in self.flows if flow.direction == "IN" and not flow.is_fee]
        sent = [flow.asset for flow in self.flows if flow.direction == "OUT" and not flow.is_fee]
        if len(received) != 1 or len(sent) != 1:
            return RowError(
                self.row, "Trade id", f"trade {self.trade_id} needs one bought and one sold amount"
            )
        return ParsedTransaction(
            f"trade-{self.trade_id}",
            self.timestamp,
            trade_type(received[0], sent[0]),
            tuple(self.flows),
            self.row,
        )


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    columns = Columns(sheet.header)
    trade: _Trade | None = None
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            kind = row.required("Type").casefold()
            timestamp = row.timestamp("Timestamp")
            amount = row.decimal("Amount")
            asset = row.asset("Amount/balance unit")
            trade_id = row.text("Trade id")
            if trade is not None and (kind not in ("match", "fee") or trade_id != trade.trade_id):
                yield trade.transaction()
                trade = None
            if not amount:
                yield row.ignored("the amount is zero")
                continue
            flow = Flow("IN" if amount > 0 else "OUT", asset, abs(amount), is_fee=kind == "fee")
            if kind in ("match", "fee"):
                if not trade_id:
                    raise CellError("Trade id", f"a {kind} row needs its trade id")
                trade = trade or _Trade(trade_id, number, timestamp)
                trade.flows.append(flow)
            elif kind in TRANSFERS:
                tx_type = fiat_transfer(TRANSFERS[kind], asset)
                key = row.text("Transfer id") or f"{kind}-{timestamp.isoformat()}-{asset}"
                yield ParsedTransaction(key, timestamp, tx_type, (flow,), number)
            else:
                key = row.text("Transfer id") or f"{kind}-{timestamp.isoformat()}-{asset}"
                yield by_movement(
                    number, key, timestamp, (flow,), source="Coinbase Pro", source_type=row.text("Type")
                )
        except CellError as exc:
            yield RowError(number, exc.column, exc.problem)
    if trade is not None:
        yield trade.transaction()


def parse_fills(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        key = f"trade-{row.required('trade id')}"
        timestamp = row.timestamp("created at")
        base, quote = row.asset("size unit"), row.asset(FILLS_UNIT)
        size, total, fee = row.quantity("size"), row.quantity("total"), row.decimal("fee") or Decimal(0)
        side = row.required("side").casefold()
        if side == "sell":
            flows = [Flow("OUT", base, size), Flow("IN", quote, total + abs(fee))]
        else:  # a side Coinbase may add is read as a buy and left for review
            flows = [Flow("IN", base, size), Flow("OUT", quote, total - abs(fee))]
        if fee:
            flows.append(Flow("OUT", quote, abs(fee), is_fee=True))
        if side not in ("buy", "sell"):
            return by_movement(
                row.number, key, timestamp, flows, source="Coinbase Pro", source_type=row.text("side")
            )
        received, sent = (quote, base) if side == "sell" else (base, quote)
        return ParsedTransaction(
            key,
            timestamp,
            trade_type(received, sent),
            tuple(flows),
            row.number,
            description=row.text("product"),
        )

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "coinbase-pro",
        "Coinbase Pro account statement",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="coinbaseexchange",
    ),
    FileFormat(
        "coinbase-pro-fills",
        "Coinbase Pro fills report",
        lambda s: header_has(s, *FILLS, FILLS_UNIT),
        parse_fills,
        import_type=ImportType.TRADE_IMPORTS,
        integration="coinbaseexchange",
    ),
)
