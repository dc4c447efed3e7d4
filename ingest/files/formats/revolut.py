"""Revolut crypto account statement: `Symbol,Type,Quantity,Price,Value,Fees,Date`.

Money cells carry their currency: "50.00 SEK", "€10.00", "$0.24". `Value` is the fiat paid or
received without the fee. Moving coins into or out of Revolut staking keeps them in the account,
so those rows are not transactions; the staking rewards are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import parse_guarded
from ingest.files.unrecognised import by_movement, signed_flows
from ingest.files.values import CellError, KeyCounter, Row, digest, header_has, parse_decimal
from vocabulary.enums import ImportType, TransactionType

COLUMNS = ("Symbol", "Type", "Quantity", "Price", "Value", "Fees", "Date")
SIGNS = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "₹": "INR", "zł": "PLN"}
SINGLE: dict[str, tuple[TransactionType, Direction]] = {
    "send": (TransactionType.SEND, "OUT"),
    "receive": (TransactionType.RECEIVE, "IN"),
    "staking reward": (TransactionType.STAKING_REWARD, "IN"),
    "learn reward": (TransactionType.REWARD, "IN"),
    "reward": (TransactionType.REWARD, "IN"),
    "airdrop": (TransactionType.AIRDROP, "IN"),
    "cashback": (TransactionType.CASHBACK, "IN"),
    "payment": (TransactionType.SEND, "OUT"),
}
STAKING_MOVES = frozenset({"stake", "unstake"})
_CODE = re.compile(r"^(?P<number>.*?)\s*(?P<code>[A-Z]{3})$|^(?P<code2>[A-Z]{3})\s*(?P<number2>.*)$")


def money(row: Row, column: str) -> tuple[Decimal, str] | None:
    """The amount and ISO currency of a money cell, or None when the cell is empty."""
    text = row.text(column)
    if not text:
        return None
    number, currency = text, ""
    match = _CODE.match(text)
    if match is not None:
        number, currency = match["number"] or match["number2"] or "", match["code"] or match["code2"] or ""
    else:
        sign = next((sign for sign in SIGNS if sign in text), None)
        if sign is not None:
            number, currency = text.replace(sign, ""), SIGNS[sign]
    try:
        amount = parse_decimal(number.strip())
    except ValueError:
        amount = None
    if amount is None or not currency:
        raise CellError(column, f"{text!r} is not an amount with its currency (like '50.00 SEK' or '€10.00')")
    return abs(amount), currency


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        kind = row.required("Type").casefold()
        asset, quantity = row.asset("Symbol"), row.quantity("Quantity")
        if kind in STAKING_MOVES:
            return row.ignored(
                f"{row.text('Type')} moves {asset} in or out of staking inside the Revolut account"
            )
        if not quantity:
            return row.ignored("the quantity is zero")
        value, fee = money(row, "Value"), money(row, "Fees")
        worth, currency = value if value else (None, None)
        flows: list[Flow] = []
        tx_type: TransactionType | None
        if kind in ("buy", "sell"):
            if value is None:
                raise CellError("Value", f"a {kind} needs the fiat value it was made for")
            crypto: Direction = "IN" if kind == "buy" else "OUT"
            fiat: Direction = "OUT" if kind == "buy" else "IN"
            flows += [
                Flow(crypto, asset, quantity, value=worth, value_currency=currency),
                Flow(fiat, value[1], value[0]),
            ]
            tx_type = TransactionType(kind.upper())
        elif kind in SINGLE:
            tx_type, direction = SINGLE[kind]
            flows.append(Flow(direction, asset, quantity, value=worth, value_currency=currency))
        else:
            tx_type = None
            flows += signed_flows(row, "Quantity", asset)
        if fee and fee[0]:
            flows.append(Flow("OUT", fee[1], fee[0], is_fee=True))
        key = keys.key(digest(timestamp.isoformat(), *row.cells))
        if tx_type is None:
            return by_movement(
                row.number, key, timestamp, flows, source="Revolut", source_type=row.text("Type")
            )
        return ParsedTransaction(key, timestamp, tx_type, tuple(flows), row.number, label=kind)

    return parse_guarded(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "revolut-crypto",
        "Revolut crypto statement",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
