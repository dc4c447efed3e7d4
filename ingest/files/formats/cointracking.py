"""CoinTracking trade list export ("Type","Buy","Cur.","Sell","Cur.","Fee","Cur.",…,"Date")."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    KeyCounter,
    Row,
    digest,
    fiat_transfer,
    normalise_asset,
    parse_decimal,
    parse_rows,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType

HEADER_START = ("type", "buy", "cur.", "sell", "cur.", "fee", "cur.", "exchange")
BUY, BUY_CUR, SELL, SELL_CUR, FEE, FEE_CUR = 1, 2, 3, 4, 5, 6
TYPES = {
    "deposit": TransactionType.DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "income": TransactionType.INCOME,
    "other income": TransactionType.INCOME,
    "income (non taxable)": TransactionType.INCOME,
    "gift/tip": TransactionType.GIFT_RECEIVED,
    "gift": TransactionType.GIFT_SENT,
    "donation": TransactionType.DONATION,
    "staking": TransactionType.STAKING_REWARD,
    "mining": TransactionType.MINING_REWARD,
    "mining (commercial)": TransactionType.MINING_REWARD,
    "masternode": TransactionType.STAKING_REWARD,
    "airdrop": TransactionType.AIRDROP,
    "airdrop (non taxable)": TransactionType.AIRDROP,
    "interest income": TransactionType.INTEREST,
    "lending income": TransactionType.INTEREST,
    "reward / bonus": TransactionType.REWARD,
    "spend": TransactionType.SEND,
    "lost": TransactionType.LOST,
    "stolen": TransactionType.STOLEN,
    "other fee": TransactionType.FEE,
    "margin fee": TransactionType.MARGIN_FEE,
    "margin profit": TransactionType.MARGIN_PROFIT,
    "margin loss": TransactionType.MARGIN_LOSS,
    "derivatives / futures profit": TransactionType.FUTURES_PROFIT,
    "derivatives / futures loss": TransactionType.FUTURES_LOSS,
    "borrowing fee": TransactionType.FEE,
    "settlement fee": TransactionType.FEE,
    "liquidity mining": TransactionType.LIQUIDITY_REWARD,
    "staking (non taxable)": TransactionType.STAKING_REWARD,
    "interest income (non taxable)": TransactionType.INTEREST,
    "remove funds": TransactionType.WITHDRAWAL,
    "add funds": TransactionType.DEPOSIT,
}


def detect(sheet: Sheet) -> bool:
    start = tuple(name.casefold() for name in sheet.header[: len(HEADER_START)])
    return start == HEADER_START and "date" in (name.casefold() for name in sheet.header)


def _amount(row: Row, at: int, currency_at: int) -> tuple[Decimal, str] | None:
    column = row.columns.names[at]
    text = row.cells[at] if at < len(row.cells) else ""
    try:
        quantity = parse_decimal("" if text == "-" else text)
    except ValueError:
        raise CellError(column, f"{text!r} is not a number") from None
    if not quantity:
        return None
    currency = row.cells[currency_at] if currency_at < len(row.cells) else ""
    if not currency:
        raise CellError(
            f"{row.columns.names[currency_at]} (after {column})", f"a currency is required for {text}"
        )
    return abs(quantity), normalise_asset(currency)


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        kind = row.required("Type").casefold()
        timestamp = row.timestamp("Date", day_first=True)
        bought, sold, fee = (
            _amount(row, BUY, BUY_CUR),
            _amount(row, SELL, SELL_CUR),
            _amount(row, FEE, FEE_CUR),
        )
        flows: list[Flow] = []
        tx_type: TransactionType | None = None
        if kind == "trade":
            if bought is None or sold is None:
                return row.ignored("a trade with a zero or empty Buy or Sell amount exchanges nothing")
            tx_type = trade_type(bought[1], sold[1])
        elif kind in TYPES:
            if (bought is None) == (sold is None):
                raise CellError(
                    "Buy", f"a {row.text('Type')} row needs exactly one of a Buy or a Sell amount"
                )
            moved = bought or sold
            tx_type = TYPES[kind] if moved is None else fiat_transfer(TYPES[kind], moved[1])
        if bought is not None:
            flows.append(Flow("IN", bought[1], bought[0]))
        if sold is not None:
            flows.append(Flow("OUT", sold[1], sold[0]))
        if fee is not None:
            flows.append(Flow("OUT", fee[1], fee[0], is_fee=True))
        source_id = row.text("Tx-ID")
        key = keys.key(digest(source_id, timestamp.isoformat(), *_content(row.cells)))
        if tx_type is None:
            return by_movement(
                row.number,
                key,
                timestamp,
                flows,
                source="CoinTracking",
                source_type=row.text("Type"),
                description=row.text("Comment"),
                tx_hash=source_id or None,
            )
        return ParsedTransaction(
            key,
            timestamp,
            tx_type,
            tuple(flows),
            row.number,
            description=row.text("Comment"),
            tx_hash=source_id or None,
            label=row.text("Group") or None,
        )

    return parse_rows(sheet, build)


def _content(cells: Sequence[str]) -> list[str]:
    return [cell.casefold() for cell in cells]


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "cointracking",
        "CoinTracking trade list",
        detect,
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
