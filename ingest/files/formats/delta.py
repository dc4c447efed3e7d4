"""Delta (portfolio tracker) CSV: `Date,Way,Base amount,Base currency (name),Base type,Quote amount,…`.

Currencies may carry their name in brackets ("SOL (Solana)"). Delta also tracks stocks and funds;
only crypto and fiat rows belong in a crypto ledger, so the others are ignored.
"""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement, signed_flows
from ingest.files.values import (
    KeyCounter,
    Row,
    digest,
    fiat_transfer,
    header_has,
    normalise_asset,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

COLUMNS = (
    "Date",
    "Way",
    "Base amount",
    "Base currency (name)",
    "Base type",
    "Quote amount",
    "Quote currency",
    "Sent/Received from",
    "Sent to",
    "Fee amount",
    "Fee currency (name)",
)
TRACKED_TYPES = frozenset({"CRYPTO", "FIAT"})
# Special "Sent/Received from" values of a deposit that make it income.
INCOME_SOURCES = {
    "AIRDROP": TransactionType.AIRDROP,
    "MINING": TransactionType.MINING_REWARD,
    "DIVIDENDS": TransactionType.STAKING_REWARD,
    "STAKING": TransactionType.STAKING_REWARD,
    "INTEREST": TransactionType.INTEREST,
    "GIFT": TransactionType.GIFT_RECEIVED,
}


def currency(row: Row, column: str) -> str:
    """The symbol of a currency cell, without the name Delta may add in brackets."""
    return normalise_asset(row.required(column).split("(", 1)[0])


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        way = row.required("Way").upper()
        base_type = row.text("Base type").upper()
        if base_type not in TRACKED_TYPES:
            return row.ignored(f"a {base_type.lower() or 'untyped'} position, not crypto or fiat")
        base = currency(row, "Base currency (name)")
        amount = magnitude(row, "Base amount")
        flows: list[Flow] = []
        tx_type: TransactionType | None
        if way in ("BUY", "SELL"):
            quote, quote_amount = currency(row, "Quote currency"), row.quantity("Quote amount")
            got: Direction = "IN" if way == "BUY" else "OUT"
            flows += [Flow(got, base, amount), Flow("OUT" if way == "BUY" else "IN", quote, quote_amount)]
            tx_type = trade_type(base, quote) if way == "BUY" else trade_type(quote, base)
        elif way == "DEPOSIT":
            flows.append(Flow("IN", base, amount))
            source = row.text("Sent/Received from").upper()
            tx_type = INCOME_SOURCES.get(source, fiat_transfer(TransactionType.DEPOSIT, base))
        elif way in ("WITHDRAW", "WITHDRAWAL"):
            flows.append(Flow("OUT", base, amount))
            tx_type = fiat_transfer(TransactionType.WITHDRAWAL, base)
        elif way == "TRANSFER":
            flows.append(Flow("OUT", base, amount))
            tx_type = TransactionType.TRANSFER
        elif way == "DIVIDEND":
            flows.append(Flow("IN", currency(row, "Quote currency"), row.quantity("Quote amount")))
            tx_type = TransactionType.INCOME
        else:
            flows += signed_flows(row, "Base amount", base)
            tx_type = None
        flows = [flow for flow in flows if flow.quantity]
        fee = magnitude(row, "Fee amount")
        if fee:
            flows.append(Flow("OUT", currency(row, "Fee currency (name)"), fee, is_fee=True))
        if not flows:
            return row.ignored("the amounts are zero")
        key = keys.key(digest(timestamp.isoformat(), *row.cells))
        if tx_type is None:
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="Delta",
                source_type=row.text("Way"),
                description=row.text("Notes"),
            )
        return ParsedTransaction(
            key,
            timestamp,
            tx_type,
            tuple(flows),
            row.number,
            description=row.text("Notes"),
            label=row.text("Exchange") or None,
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "delta",
        "Delta transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="delta",
    ),
)
