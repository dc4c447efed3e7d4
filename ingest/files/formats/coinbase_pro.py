"""Coinbase Pro / Advanced account statement: trade legs and fees share a trade id."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from ingest.files.model import FileFormat, Flow, ParsedTransaction, ParseItem, RowError, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import CellError, Columns, Row, fiat_transfer, header_has, trade_type
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Portfolio", "Type", "Timestamp", "Amount", "Balance", "Amount/balance unit", "Trade id")
TRANSFERS = {"deposit": TransactionType.DEPOSIT, "withdrawal": TransactionType.WITHDRAWAL}


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


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "coinbase-pro",
        "Coinbase Pro account statement",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="coinbaseexchange",
    ),
)
