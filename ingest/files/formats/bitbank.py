"""bitbank (bitbank.cc) exports with Japanese headers: JPY deposits, crypto withdrawals and trades.

Times are Japan Standard Time. 日時 = date and time, 数量 = amount, 手数料 = fee, ステータス = status
(DONE when settled), コイン = coin, ラベル = address label, ネットワーク = network, アドレス = address.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal
from zoneinfo import ZoneInfo

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    Row,
    SourceKeys,
    digest,
    header_has,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType
from vocabulary.numbers import parse_decimal

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
# 約定履歴 (trade history), three generations: `注文ID,取引ID,通貨ペア,売/買,数量,価格,手数料,M/T,取引日時`,
# then with タイプ (order type) after the pair, now `注文ID,取引ID,通貨ペア,現物/信用,タイプ,売/買,数量,価格,
# 実現損益,発生手数料,実現手数料,実現利息,M/T,取引日時` (fee "1000JPY"; negative = maker rebate).
TRADE_ID, PAIR, SIDE, PRICE, TRADED_AT, MARGIN = (
    "取引ID",
    "通貨ペア",
    "売/買",
    "価格",
    "取引日時",
    "現物/信用",
)
TRADES = ("注文ID", TRADE_ID, PAIR, SIDE, AMOUNT, PRICE, TRADED_AT)
TRADE_FEES = ("発生手数料", FEE)
SIDES: dict[str, Literal["IN", "OUT"]] = {"買": "IN", "buy": "IN", "売": "OUT", "sell": "OUT"}
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


def _trade_fee(row: Row, quote: str) -> Flow | None:
    """The fee in the quote currency: paid when positive, a maker rebate received when negative."""
    column = next((name for name in TRADE_FEES if name in row.columns), FEE)
    text = row.text(column)
    if text.upper().endswith(quote):
        text = text[: -len(quote)]
    try:
        value = parse_decimal(text) if text else None
    except ValueError:
        raise CellError(column, f"{row.text(column)!r} is not a fee") from None
    if not value:
        return None
    return Flow("OUT", quote, value, is_fee=True) if value > 0 else Flow("IN", quote, -value)


def parse_trades(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp(TRADED_AT, zone=JST)
        base, _, quote = row.required(PAIR).upper().replace("/", "_").partition("_")
        if not quote:
            raise CellError(PAIR, f"{row.text(PAIR)!r} is not a pair such as btc_jpy")
        if row.text(MARGIN) not in ("", "現物"):
            return row.ignored("a margin (信用) trade: positions are not imported")
        amount = row.quantity(AMOUNT)
        cost = amount * row.quantity(PRICE)
        fee = _trade_fee(row, quote)
        key = keys.key(row.required(TRADE_ID), *row.cells)
        direction = SIDES.get(row.text(SIDE).casefold())
        if direction is None:
            flows = [Flow("IN", base, amount), Flow("OUT", quote, cost)]
            return by_movement(
                row.number,
                key,
                timestamp,
                flows + ([fee] if fee else []),
                source="bitbank",
                source_type=row.text(SIDE),
            )
        if key is None:
            return row.ignored("the same trade is listed again")
        other: Literal["IN", "OUT"] = "OUT" if direction == "IN" else "IN"
        flows = [Flow(direction, base, amount), Flow(other, quote, cost)] + ([fee] if fee else [])
        received, sent = (base, quote) if direction == "IN" else (quote, base)
        return ParsedTransaction(key, timestamp, trade_type(received, sent), tuple(flows), row.number)

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
    FileFormat(
        "bitbank-trades",
        "bitbank trade history (約定履歴)",
        lambda s: header_has(s, *TRADES),
        parse_trades,
        import_type=ImportType.TRADE_TRANSFERS,
        integration="bitbank",
    ),
)
