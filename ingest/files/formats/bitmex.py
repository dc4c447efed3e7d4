"""BitMEX wallet history: deposits, withdrawals and realised PnL of the margin wallet.

Amounts are in the wallet's smallest unit (XBt = satoshi, USDt = 10⁻⁶ USDT, GWei). `amount` is the
wallet balance change and already includes `fee` (the balances prove it), so the fee is split out
of it: the gross movement is `amount + fee`.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import parse_guarded
from ingest.files.unrecognised import by_movement
from ingest.files.values import CellError, KeyCounter, Row, SourceKeys, digest, header_has
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("transactTime", "transactType", "amount", "fee", "address", "transactStatus", "walletBalance")
UNITS = {"xbt": ("BTC", Decimal("1e-8")), "usdt": ("USDT", Decimal("1e-6")), "gwei": ("ETH", Decimal("1e-9"))}
# type → (when the balance grows, when it shrinks)
KINDS = {
    "deposit": (TransactionType.DEPOSIT, TransactionType.DEPOSIT),
    "withdrawal": (TransactionType.WITHDRAWAL, TransactionType.WITHDRAWAL),
    "realisedpnl": (TransactionType.MARGIN_PROFIT, TransactionType.MARGIN_LOSS),
    "affiliatepayout": (TransactionType.REFERRAL_REWARD, TransactionType.REFERRAL_REWARD),
    "transfer": (TransactionType.TRANSFER, TransactionType.TRANSFER),
}
NOT_BOOKED = {"unrealisedpnl": "unrealised PnL is not a realised gain or loss"}


def unit(row: Row) -> tuple[str, Decimal]:
    found = UNITS.get((row.text("currency") or "XBt").casefold())
    if found is None:
        raise CellError("currency", f"unknown BitMEX wallet currency {row.text('currency')!r}")
    return found


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    source_keys, content_keys = SourceKeys(), KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("transactTime")
        kind = row.required("transactType").casefold()
        status = row.text("transactStatus")
        if kind in NOT_BOOKED:
            return row.ignored(NOT_BOOKED[kind])
        if status.casefold() != "completed":
            return row.ignored(
                f"the {row.text('transactType')} is {status or 'without a status'}, not completed"
            )
        asset, scale = unit(row)
        amount = row.decimal("amount")
        if amount is None:
            raise CellError("amount", "a number is required but the cell is empty")
        fee = Decimal(0) if row.text("fee").casefold() == "null" else abs(row.decimal("fee") or Decimal(0))
        gross = amount + fee
        flows = [Flow("IN" if gross > 0 else "OUT", asset, abs(gross) * scale)] if gross else []
        if fee:
            flows.append(Flow("OUT", asset, fee * scale, is_fee=True))
        if not flows:
            return row.ignored("the amount is zero")
        transact_id = row.text("transactID")
        key = (
            source_keys.key(transact_id, *row.cells) if transact_id else content_keys.key(digest(*row.cells))
        )
        if kind not in KINDS:
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="BitMEX",
                source_type=row.text("transactType"),
                description=row.text("address"),
                tx_hash=row.text("tx") or None,
            )
        tx_type = KINDS[kind][0 if gross > 0 else 1]
        if key is None:
            return row.ignored("the same wallet transaction is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            tx_type,
            tuple(flows),
            row.number,
            description=row.text("address"),
            tx_hash=row.text("tx") or None,
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bitmex",
        "BitMEX wallet history",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
