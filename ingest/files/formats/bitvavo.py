"""Bitvavo account history export (Timezone, Date, Time, Type, … Transaction ID)."""

from __future__ import annotations

from collections.abc import Iterator

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Row,
    SourceKeys,
    fiat_transfer,
    header_has,
    parse_rows,
    parse_timestamp,
    trade_type,
    zone_named,
)
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Timezone", "Date", "Time", "Type", "Currency", "Amount", "Status", "Transaction ID")
DONE = frozenset({"completed", "distributed"})
INCOME = {
    "staking": TransactionType.STAKING_REWARD,
    "fixed_staking": TransactionType.STAKING_REWARD,
    "affiliate": TransactionType.REFERRAL_REWARD,
    "rebate": TransactionType.FEE_REBATE,
    "airdrop": TransactionType.AIRDROP,
    "campaign_new_user_incentive": TransactionType.REWARD,
    "manually_assigned_bitvavo": TransactionType.REWARD,
    "external_transferred_funds": TransactionType.DEPOSIT,
}


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(row: Row) -> ParsedTransaction | Ignored | None:
        kind = row.required("Type").casefold()
        status = row.text("Status")
        try:
            zone = zone_named(row.text("Timezone"))
        except ValueError as exc:
            raise CellError("Timezone", str(exc)) from None
        moment = f"{row.required('Date')} {row.required('Time')}"
        try:
            timestamp = parse_timestamp(moment, zone=zone)
        except ValueError as exc:
            raise CellError("Date", f"{moment!r} is not a date and time we can read ({exc})") from None
        asset, amount = row.asset("Currency"), row.decimal("Amount")
        if status.casefold() not in DONE:
            return row.ignored(f"the {kind} is {status or 'without a status'}, not completed")
        if not amount:
            return row.ignored("the amount is zero")
        flows = [Flow("IN" if amount > 0 else "OUT", asset, abs(amount))]
        tx_type: TransactionType | None
        if kind in ("buy", "sell"):
            paid = row.decimal("Received / Paid Amount")
            if not paid:
                raise CellError("Received / Paid Amount", f"a {kind} needs the amount paid or received")
            counter = row.asset("Received / Paid Currency")
            flows.append(Flow("OUT" if kind == "buy" else "IN", counter, abs(paid)))
            tx_type = trade_type(asset, counter) if kind == "buy" else trade_type(counter, asset)
        elif kind in ("deposit", "withdrawal"):
            tx_type = fiat_transfer(TransactionType(kind.upper()), asset)
        elif kind in INCOME:
            tx_type = INCOME[kind]
        else:
            tx_type = None
        fee = row.decimal("Fee amount")
        if fee:
            flows.append(Flow("OUT", row.asset("Fee currency"), abs(fee), is_fee=True))
        key = keys.key(row.required("Transaction ID"), kind, *row.cells)
        if tx_type is None:
            return by_movement(
                row.number, key, timestamp, flows, source="Bitvavo", source_type=row.text("Type")
            )
        if key is None:
            return row.ignored("the same transaction is listed again")
        return ParsedTransaction(key, timestamp, tx_type, tuple(flows), row.number, tx_hash=None, label=kind)

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bitvavo",
        "Bitvavo account history",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="bitvavo",
    ),
)
