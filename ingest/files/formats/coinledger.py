"""CoinLedger transaction export: one row per asset movement, rows of one transaction share an Internal Id.

`Record Type` gives the movement (Credit in, Debit out, Platform/Network Fee, signed Margin Gain);
`Type` the transaction's kind. Adjacent rows with one Internal Id make one transaction.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import parse_groups
from ingest.files.unrecognised import by_movement
from ingest.files.values import CellError, Row, SourceKeys, fiat_transfer, header_has, trade_type
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Timestamp (UTC)", "Type", "Internal Id", "Platform", "Record Type", "Asset", "Amount")
KINDS = {
    "airdrop": TransactionType.AIRDROP,
    "gift received": TransactionType.GIFT_RECEIVED,
    "gift sent": TransactionType.GIFT_SENT,
    "hard fork": TransactionType.FORK,
    "interest": TransactionType.INTEREST,
    "interest payment": TransactionType.INTEREST,
    "income": TransactionType.INCOME,
    "mining": TransactionType.MINING_REWARD,
    "staking": TransactionType.STAKING_REWARD,
    "investment loss": TransactionType.LOST,
    "casualty loss": TransactionType.LOST,
    "theft loss": TransactionType.STOLEN,
    "merchant payment": TransactionType.SEND,
    "donation": TransactionType.DONATION,
    "network fee": TransactionType.NETWORK_FEE,
    "transfer": TransactionType.TRANSFER,
    "staking reward": TransactionType.STAKING_REWARD,
    "reward": TransactionType.REWARD,
    "cashback": TransactionType.CASHBACK,
    "airdrop income": TransactionType.AIRDROP,
}
TRADES = frozenset({"buy", "sell", "trade"})
MOVES = {"deposit": TransactionType.DEPOSIT, "withdrawal": TransactionType.WITHDRAWAL}
KNOWN = frozenset({*KINDS, *TRADES, *MOVES, "margin gain"})
FEE_RECORDS = frozenset({"platform fee", "network fee"})
FLOW_RECORDS = frozenset({"credit", "debit", "margin gain", *FEE_RECORDS})


@dataclass(frozen=True, slots=True)
class Movement:
    row: int
    internal_id: str
    timestamp: datetime
    kind: str
    flow: Flow
    cells: tuple[str, ...]
    description: str
    tx_hash: str | None
    label: str  # the type as CoinLedger writes it


def read(row: Row) -> Movement | Ignored:
    timestamp = row.timestamp("Timestamp (UTC)")
    record = row.required("Record Type").casefold()
    if record not in FLOW_RECORDS:
        raise CellError("Record Type", f"unknown CoinLedger record type {row.text('Record Type')!r}")
    amount = row.decimal("Amount")
    if not amount:
        return row.ignored("the amount is zero or empty")
    kind = row.required("Type").casefold()
    is_fee = record in FEE_RECORDS or kind == "network fee"
    flow = Flow("IN" if amount > 0 else "OUT", row.asset("Asset"), abs(amount), is_fee=is_fee)
    description = row.text("Description") or row.text("Platform")
    return Movement(
        row.number,
        row.required("Internal Id"),
        timestamp,
        kind,
        flow,
        tuple(row.cells),
        description,
        row.text("Blockchain Id") or None,
        row.text("Type"),
    )


def transaction_type(kind: str, flows: Sequence[Flow]) -> TransactionType:
    received = [flow.asset for flow in flows if flow.direction == "IN"]
    sent = [flow.asset for flow in flows if flow.direction == "OUT" and not flow.is_fee]
    if kind in TRADES:
        return trade_type(received[0], sent[0]) if received and sent else TransactionType(kind.upper())
    if kind in MOVES:
        asset = (received or sent or [""])[0]
        return fiat_transfer(MOVES[kind], asset)
    if kind == "margin gain":
        return TransactionType.MARGIN_PROFIT if received else TransactionType.MARGIN_LOSS
    if kind in ("interest", "interest payment") and not received:
        return TransactionType.FEE  # interest paid on a loan
    return KINDS[kind]


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(movements: Sequence[Movement]) -> ParseItem:
        first = movements[0]
        flows = tuple(movement.flow for movement in movements)
        key = keys.key(first.internal_id, *(cell for movement in movements for cell in movement.cells))
        if first.kind not in KNOWN:
            return by_movement(
                first.row,
                key,
                first.timestamp,
                flows,
                source="CoinLedger",
                source_type=first.label,
                description=first.description,
                tx_hash=first.tx_hash,
            )
        if key is None:
            return Ignored(first.row, "the same transaction is listed again")
        tx_type = transaction_type(first.kind, flows)
        if tx_type == TransactionType.FEE:
            flows = tuple(Flow(flow.direction, flow.asset, flow.quantity, is_fee=True) for flow in flows)
        return ParsedTransaction(
            key,
            first.timestamp,
            tx_type,
            flows,
            first.row,
            description=first.description,
            tx_hash=first.tx_hash,
            label=first.kind,
        )

    return parse_groups(sheet, read, lambda movement: movement.internal_id, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "coinledger",
        "CoinLedger transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
