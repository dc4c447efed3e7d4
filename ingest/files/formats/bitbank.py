"""bitbank (bitbank.cc) exports with Japanese headers: JPY deposits and crypto withdrawals.

Times are Japan Standard Time. 日時 = date and time, 数量 = amount, 手数料 = fee, ステータス = status
(DONE when settled), コイン = coin, ラベル = address label, ネットワーク = network, アドレス = address.
"""

from __future__ import annotations

from collections.abc import Iterator
from zoneinfo import ZoneInfo

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.values import Columns, KeyCounter, Row, SourceKeys, digest, header_has
from vocabulary.enums import ImportType, TransactionType

JST = ZoneInfo("Asia/Tokyo")
DATE, AMOUNT, FEE, STATUS, COIN, LABEL, NETWORK = (
    "日時",
    "数量",
    "手数料",
    "ステータス",
    "コイン",
    "ラベル",
    "ネットワーク",
)
DEPOSITS = (DATE, AMOUNT, STATUS)
WITHDRAWALS = (COIN, DATE, AMOUNT, FEE, NETWORK, "Txid", STATUS)


def _settled(row: Row, what: str) -> Ignored | None:
    status = row.text(STATUS)
    return (
        None
        if status.casefold() == "done"
        else row.ignored(f"the {what} is {status or 'without a status'}, not DONE")
    )


def parse_deposits(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp(DATE, zone=JST)
        amount = row.quantity(AMOUNT)
        skipped = _settled(row, "deposit") or (None if amount else row.ignored("the amount is zero"))
        if skipped is not None:
            return skipped
        key = keys.key(digest(timestamp.isoformat(), *row.cells))
        return ParsedTransaction(
            key, timestamp, TransactionType.FIAT_DEPOSIT, (Flow("IN", "JPY", amount),), row.number
        )

    return parse_guarded(sheet, build)


def parse_withdrawals(sheet: Sheet) -> Iterator[ParseItem]:
    keys, content_keys = SourceKeys(), KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp(DATE, zone=JST)
        asset = row.asset(COIN)
        amount, fee = row.quantity(AMOUNT), magnitude(row, FEE)
        skipped = _settled(row, "withdrawal")
        if skipped is not None:
            return skipped
        flows = [Flow("OUT", asset, amount)] if amount else []
        if fee:
            flows.append(Flow("OUT", asset, fee, is_fee=True))
        if not flows:
            return row.ignored("the amount and the fee are zero")
        txid = row.text("Txid")
        key = keys.key(txid, *row.cells) if txid else content_keys.key(digest(*row.cells))
        if key is None:
            return row.ignored("the same withdrawal is listed again")
        return ParsedTransaction(
            key,
            timestamp,
            TransactionType.WITHDRAWAL,
            tuple(flows),
            row.number,
            tx_hash=txid or None,
            description=row.text(LABEL),
            label=row.text(NETWORK) or None,
        )

    return parse_guarded(sheet, build)


def _is_deposits(sheet: Sheet) -> bool:
    return header_has(sheet, *DEPOSITS) and COIN not in Columns(sheet.header)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bitbank-fiat-deposits",
        "bitbank JPY deposits",
        _is_deposits,
        parse_deposits,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="bitbank",
    ),
    FileFormat(
        "bitbank-withdrawals",
        "bitbank withdrawals",
        lambda s: header_has(s, *WITHDRAWALS),
        parse_withdrawals,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="bitbank",
    ),
)
