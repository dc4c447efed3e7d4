"""Bitcoin.tax trade export: `Date,Action,Symbol,Account,Volume,Price,Currency,Fee,FeeCurrency,Total,…`.

`Volume` of `Symbol` is bought (BUY) or sold (SELL) against `Currency`; `Total` is the net change of
`Currency` (negative when paying), so with a fee in `Currency` the traded amount is `|Total|` minus
the fee on a buy and plus the fee on a sell. A SWAP exchanges `Currency` for `Symbol` (bitcoin.tax
uses it for coin renames and forks); it is booked as a trade of the two.

Bitcoin.tax income and spending export: `Date,Action,Symbol,Account,Volume,Price,Currency,Fee,FeeCurrency,
Total,Ref,Memo,Margin,MarginId,TxHash,Sender,Recipient[,SymbolBalance]`, as BittyTax reads it
(BittyTax/BittyTax src/bittytax/conv/parsers/bitcointaxes.py, "BitcoinTaxes Spending/Income"):
INCOME, MINING and GIFTIN receive `Volume` of `Symbol`; SPEND, DONATION, GIFT, STOLEN and LOST send it;
`Total` is its value in `Currency`; `Fee` is paid in `FeeCurrency`.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_guarded
from ingest.files.unrecognised import by_movement
from ingest.files.values import CellError, KeyCounter, Row, SourceKeys, digest, header_has, trade_type
from vocabulary.enums import ImportType, TransactionType
from vocabulary.fiat import is_fiat

COLUMNS = (
    "Date",
    "Action",
    "Symbol",
    "Volume",
    "Price",
    "Currency",
    "Fee",
    "FeeCurrency",
    "Total",
    "Cost/Proceeds",
)


def _counter_amount(row: Row, action: str, fee: Decimal, fee_asset: str, currency: str) -> Decimal:
    total = row.decimal("Total")
    if total is None:
        return row.quantity("Volume") * row.quantity("Price")
    if fee_asset != currency or action == "swap":
        return abs(total)
    return abs(total) - fee if action == "buy" else abs(total) + fee


def _key(row: Row, source_keys: SourceKeys, content_keys: KeyCounter) -> str | None:
    exchange_id = row.text("ExchangeId")
    source_id = f"{row.text('Account')}:{exchange_id}"
    return source_keys.key(source_id, *row.cells) if exchange_id else content_keys.key(digest(*row.cells))


def _by_volume(row: Row, timestamp: datetime, key: str | None) -> ParsedTransaction | Ignored:
    """A row of an action this parser does not know: the signed `Volume` of `Symbol` moves, for review."""
    volume = row.decimal("Volume") or Decimal(0)
    flows = [Flow("IN" if volume > 0 else "OUT", row.asset("Symbol"), abs(volume))]
    fee = magnitude(row, "Fee")
    if fee:
        flows.append(Flow("OUT", row.asset("FeeCurrency"), fee, is_fee=True))
    return by_movement(
        row.number,
        key,
        timestamp,
        flows,
        source="bitcoin.tax",
        source_type=row.text("Action"),
        description=row.text("Memo"),
    )


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    source_keys, content_keys = SourceKeys(), KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        action = row.required("Action").casefold()
        if action not in ("buy", "sell", "swap"):
            return _by_volume(row, timestamp, _key(row, source_keys, content_keys))
        symbol, currency = row.asset("Symbol"), row.asset("Currency")
        volume = row.quantity("Volume")
        fee = magnitude(row, "Fee")
        fee_asset = row.asset("FeeCurrency") if fee else ""
        counter = _counter_amount(row, action, fee, fee_asset, currency)
        if action == "sell":
            flows = [Flow("IN", currency, counter), Flow("OUT", symbol, volume)]
        else:
            flows = [Flow("IN", symbol, volume), Flow("OUT", currency, counter)]
        flows = [flow for flow in flows if flow.quantity]
        if fee:
            flows.append(Flow("OUT", fee_asset, fee, is_fee=True))
        if not flows:
            raise CellError("Volume", "the trade moves nothing: volume and total are zero")
        key = _key(row, source_keys, content_keys)
        if key is None:
            return row.ignored("the same trade is listed again")
        received, sent = (currency, symbol) if action == "sell" else (symbol, currency)
        return ParsedTransaction(
            key,
            timestamp,
            trade_type(received, sent),
            tuple(flows),
            row.number,
            description=row.text("Memo"),
            label=row.text("Account") or None,
        )

    return parse_guarded(sheet, build)


INCOME_SPENDING = (
    "Date",
    "Action",
    "Symbol",
    "Volume",
    "Currency",
    "Fee",
    "FeeCurrency",
    "Total",
    "Ref",
    "TxHash",
)
INCOME = {
    "income": TransactionType.INCOME,
    "mining": TransactionType.MINING_REWARD,
    "giftin": TransactionType.GIFT_RECEIVED,
}
SPENDING = {
    "spend": TransactionType.SEND,
    "donation": TransactionType.DONATION,
    "gift": TransactionType.GIFT_SENT,
    "stolen": TransactionType.STOLEN,
    "lost": TransactionType.LOST,
}


def parse_income_spending(sheet: Sheet) -> Iterator[ParseItem]:
    """Income and spending rows, each one receipt or send of `Volume`, valued at `Total` when `Currency`
    is fiat. Keyed by content (the sheet has no id the trade export's ExchangeId stands for); another
    action is imported for review by its signed volume."""
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        action = row.required("Action").casefold()
        key = keys.key(digest(*row.cells))
        if action not in INCOME and action not in SPENDING:
            return _by_volume(row, timestamp, key)
        symbol, volume = row.asset("Symbol"), row.quantity("Volume")
        if not volume:
            return row.ignored("the volume is zero")
        currency = row.text("Currency").upper()
        total = row.decimal("Total")
        valued = total is not None and is_fiat(currency)
        flows = [
            Flow(
                "IN" if action in INCOME else "OUT",
                symbol,
                volume,
                value=abs(total) if valued and total is not None else None,
                value_currency=currency if valued else None,
            )
        ]
        fee = magnitude(row, "Fee")
        if fee:
            flows.append(Flow("OUT", row.asset("FeeCurrency"), fee, is_fee=True))
        return ParsedTransaction(
            key,
            timestamp,
            INCOME.get(action) or SPENDING[action],
            tuple(flows),
            row.number,
            description=row.text("Memo"),
            tx_hash=row.text("TxHash") or None,
            label=row.text("Account") or None,
        )

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bitcoin-tax-trades",
        "Bitcoin.tax trades",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRADE_IMPORTS,
        integration=None,
    ),
    FileFormat(
        "bitcoin-tax-income-spending",
        "Bitcoin.tax income and spending",
        lambda s: header_has(s, *INCOME_SPENDING) and not header_has(s, "Cost/Proceeds"),
        parse_income_spending,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
