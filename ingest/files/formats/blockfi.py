"""BlockFi transaction history: `Cryptocurrency,Amount,Transaction Type,Confirmed At`, signed amounts.

A trade is listed as two rows (the asset sold, negative, and the asset bought) with the same time;
adjacent trade rows of one time become one trade, a lone trade row a one-sided trade.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import parse_groups
from ingest.files.unrecognised import by_movement
from ingest.files.values import KeyCounter, Row, digest, fiat_transfer, header_has, trade_type
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Cryptocurrency", "Amount", "Transaction Type", "Confirmed At")
KINDS = {
    "deposit": TransactionType.DEPOSIT,
    "wire deposit": TransactionType.DEPOSIT,
    "ach deposit": TransactionType.DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "wire withdrawal": TransactionType.WITHDRAWAL,
    "ach withdrawal": TransactionType.WITHDRAWAL,
    "withdrawal fee": TransactionType.FEE,
    "interest payment": TransactionType.INTEREST,
    "bonus payment": TransactionType.REWARD,
    "referral bonus": TransactionType.REFERRAL_REWARD,
    "cc trading rebate": TransactionType.CASHBACK,
    "cc rewards redemption": TransactionType.CASHBACK,
    "crypto transfer": TransactionType.TRANSFER,
    "trade": TransactionType.TRADE,
}


@dataclass(frozen=True, slots=True)
class Line:
    row: int
    timestamp: datetime
    kind: str
    asset: str
    amount: Decimal  # signed: negative leaves the account
    cells: tuple[str, ...]
    label: str  # the type as BlockFi writes it


def read(row: Row) -> Line | Ignored:
    if not row.text("Confirmed At"):
        return row.ignored("the transaction is not confirmed yet")
    timestamp = row.timestamp("Confirmed At")
    kind = row.required("Transaction Type").casefold()
    amount = row.decimal("Amount")
    if not amount:
        return row.ignored("the amount is zero or empty")
    asset = row.asset("Cryptocurrency")
    return Line(row.number, timestamp, kind, asset, amount, tuple(row.cells), row.text("Transaction Type"))


def group_key(line: Line) -> str:
    return f"trade {line.timestamp.isoformat()}" if line.kind == "trade" else f"row {line.row}"


def line_type(line: Line) -> TransactionType:
    kind = KINDS[line.kind]
    if (
        kind == TransactionType.TRANSFER
    ):  # between the BlockFi wallet and the interest account: in or out of this one
        kind = TransactionType.DEPOSIT if line.amount > 0 else TransactionType.WITHDRAWAL
    return fiat_transfer(kind, line.asset)


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(lines: Sequence[Line]) -> ParsedTransaction | Ignored:
        first = lines[0]
        fee = KINDS.get(first.kind) == TransactionType.FEE
        flows = tuple(
            Flow("IN" if line.amount > 0 else "OUT", line.asset, abs(line.amount), is_fee=fee)
            for line in lines
        )
        key = keys.key(digest(*(cell for line in lines for cell in line.cells)))
        if first.kind not in KINDS:
            return by_movement(
                first.row, key, first.timestamp, flows, source="BlockFi", source_type=first.label
            )
        received = [flow.asset for flow in flows if flow.direction == "IN"]
        sent = [flow.asset for flow in flows if flow.direction == "OUT"]
        if first.kind == "trade":
            tx_type = (
                trade_type(received[0], sent[0]) if len(received) == len(sent) == 1 else TransactionType.TRADE
            )
        else:
            tx_type = line_type(first)
        return ParsedTransaction(key, first.timestamp, tx_type, flows, first.row, label=first.kind)

    return parse_groups(sheet, read, group_key, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "blockfi",
        "BlockFi transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
