"""Blockpit transaction export (';'-delimited): outgoing, incoming and fee asset/amount per row.

Dates are day first ("06.01.2023 20:08") and taken as UTC. Excel-mangled ids ("1,55983E+14")
repeat, so rows without a plain numeric Blockpit ID are keyed by their content.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement
from ingest.files.values import KeyCounter, Row, SourceKeys, digest, fiat_transfer, header_has, trade_type
from vocabulary.enums import ImportType, TransactionType

COLUMNS = (
    "Blockpit ID",
    "Timestamp",
    "Transaction Type",
    "Outgoing Asset",
    "Outgoing Amount",
    "Incoming Asset",
    "Incoming Amount",
    "Fee Asset",
    "Fee Amount",
)
KINDS = {
    "airdrop": TransactionType.AIRDROP,
    "bounties": TransactionType.REWARD,
    "bounty": TransactionType.REWARD,
    "staking": TransactionType.STAKING_REWARD,
    "lending": TransactionType.INTEREST,
    "income": TransactionType.INCOME,
    "mining": TransactionType.MINING_REWARD,
    "masternode": TransactionType.MINING_REWARD,
    "cashback": TransactionType.CASHBACK,
    "fee": TransactionType.FEE,
    "margin_trading_loss": TransactionType.MARGIN_LOSS,
    "margin_trading_profit": TransactionType.MARGIN_PROFIT,
    "derivative_loss": TransactionType.FUTURES_LOSS,
    "derivative_profit": TransactionType.FUTURES_PROFIT,
    "lost": TransactionType.LOST,
    "stolen": TransactionType.STOLEN,
    "payment": TransactionType.SEND,
}
MOVES = {
    "deposit": TransactionType.DEPOSIT,
    "nontaxablein": TransactionType.DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "nontaxableout": TransactionType.WITHDRAWAL,
}


def _side(row: Row, asset: str, amount: str) -> tuple[str, Decimal] | None:
    quantity = magnitude(row, amount)
    return (row.asset(asset), quantity) if quantity else None


def _type(
    kind: str, received: tuple[str, Decimal] | None, sent: tuple[str, Decimal] | None
) -> TransactionType | None:
    """The ledger's type of a Blockpit kind; None for a kind this parser does not know."""
    if kind == "trade" and received and sent:
        return trade_type(received[0], sent[0])
    if kind in MOVES:
        asset = (received or sent or ("", 0))[0]
        return fiat_transfer(MOVES[kind], asset)
    if kind == "gift":
        return TransactionType.GIFT_RECEIVED if received else TransactionType.GIFT_SENT
    if kind == "trade":  # one side only: what the file gives of it
        return TransactionType.UNKNOWN
    return KINDS.get(kind)


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    source_keys, content_keys = SourceKeys(), KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Timestamp", day_first=True)
        kind = row.required("Transaction Type").casefold()
        received = _side(row, "Incoming Asset", "Incoming Amount")
        sent = _side(row, "Outgoing Asset", "Outgoing Amount")
        fee = _side(row, "Fee Asset", "Fee Amount")
        tx_type = _type(kind, received, sent)
        flows = []
        if received:
            flows.append(Flow("IN", *received))
        if sent:
            flows.append(Flow("OUT", *sent, is_fee=tx_type == TransactionType.FEE))
        if fee:
            flows.append(Flow("OUT", *fee, is_fee=True))
        if not flows:
            return row.ignored("the amounts are zero or empty")
        blockpit_id = row.text("Blockpit ID")
        if blockpit_id.isdigit():
            key = source_keys.key(blockpit_id, *row.cells)
        else:
            key = content_keys.key(digest(timestamp.isoformat(), *row.cells))
        if tx_type is None:
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="Blockpit",
                source_type=row.text("Transaction Type"),
                description=row.text("Note") or row.text("Integration"),
                tx_hash=row.text("Transaction ID") or None,
            )
        if key is None:
            return row.ignored("the same transaction is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            tx_type,
            tuple(flows),
            row.number,
            description=row.text("Note") or row.text("Integration"),
            tx_hash=row.text("Transaction ID") or None,
            label=kind,
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "blockpit",
        "Blockpit transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
