"""Revolut crypto account statement: `Symbol,Type,Quantity,Price,Value,Fees,Date`; and the crypto rows
of a Revolut account statement (`Type,[Product,]Started Date,Completed Date,Description,Amount,Fee,
Currency,[Original Amount,Original Currency,]State,Balance`).

Money cells carry their currency: "50.00 SEK", "€10.00", "$0.24". `Value` is the fiat paid or
received without the fee. Moving coins into or out of Revolut staking keeps them in the account,
so those rows are not transactions; the staking rewards are.

Account statement layout and meaning as brucify/revolutax reads it (src/reader/revolut_row_2022.rs
and src/reader/revolut_row_2023.rs): an exchange is two EXCHANGE rows of one Started Date, "Exchanged to
X" taking the signed Amount out of the currency sold and "Exchanged from Y" putting it into the currency
bought, `Fee` (signed like the amount) taken on top of the amount; a CARD_PAYMENT in a crypto currency
spends it (`Original Amount`/`Original Currency`: what it paid, in fiat); only COMPLETED rows happened.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import parse_guarded
from ingest.files.unrecognised import by_movement, signed_flows
from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    Row,
    digest,
    header_has,
    parse_decimal,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType
from vocabulary.fiat import FIAT_CODES

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


STATEMENT = ("Type", "Started Date", "Completed Date", "Description", "Amount", "Fee", "Currency", "State")
# A crypto row of the account statement of one of these types; any other type is imported for review.
STATEMENT_SINGLE: dict[str, TransactionType] = {
    "card_payment": TransactionType.SEND,
    "card payment": TransactionType.SEND,
    "card_refund": TransactionType.RECEIVE,
    "card refund": TransactionType.RECEIVE,
    "cashback": TransactionType.CASHBACK,
}


def _statement_detected(sheet: Sheet) -> bool:
    # The older crypto-only statement with "Fiat amount" columns states fiat values, not movements: not read.
    return header_has(sheet, *STATEMENT) and not header_has(sheet, "Fiat amount")


class _Leg:
    """One EXCHANGE row: the side of an exchange it states."""

    def __init__(self, row: Row, started: str, timestamp: datetime, flows: list[Flow]) -> None:
        self.row, self.started, self.timestamp, self.flows = row, started, timestamp, flows


def parse_statement(sheet: Sheet) -> Iterator[ParseItem]:
    """The crypto rows of an account statement: an exchange's two rows (next to each other, one Started
    Date) are one trade; fiat-only rows are ignored (they move no crypto); rows not COMPLETED are
    ignored. Times as written, read as UTC; keyed by content."""
    keys = KeyCounter()
    columns = Columns(sheet.header)
    pending: _Leg | None = None

    def key_of(*rows: Row) -> str:
        return keys.key(digest(*("\x1e".join(row.cells) for row in rows)))

    def one_sided(leg: _Leg) -> ParsedTransaction | Ignored:
        if all(flow.asset in FIAT_CODES for flow in leg.flows):
            return leg.row.ignored(f"the row moves {leg.flows[0].asset}, no crypto")
        return by_movement(
            leg.row.number,
            key_of(leg.row),
            leg.timestamp,
            leg.flows,
            source="Revolut",
            source_type=leg.row.text("Type"),
            description=leg.row.text("Description"),
        )

    def exchange(first: _Leg, second: _Leg) -> ParsedTransaction | Ignored:
        flows = [*first.flows, *second.flows]
        assets = {flow.asset for flow in flows}
        if assets <= FIAT_CODES:
            return first.row.ignored("an exchange between fiat currencies moves no crypto")
        received = next(f.asset for f in flows if f.direction == "IN" and not f.is_fee)
        sent = next(f.asset for f in flows if f.direction == "OUT" and not f.is_fee)
        description = " / ".join(leg.row.text("Description") for leg in (first, second))
        return ParsedTransaction(
            key_of(first.row, second.row),
            first.timestamp,
            trade_type(received, sent),
            tuple(flows),
            first.row.number,
            description=description,
            label="exchange",
        )

    def build(row: Row) -> list[ParseItem]:
        """The row's items (and the held exchange row's, when this row does not complete it)."""
        nonlocal pending
        out: list[ParseItem] = []
        kind = row.required("Type").casefold()
        started = row.text("Started Date")
        timestamp = row.timestamp("Completed Date" if row.text("Completed Date") else "Started Date")
        amount = row.decimal("Amount")
        if amount is None:
            raise CellError("Amount", "a number is required but the cell is empty")
        currency = row.asset("Currency")
        fee = abs(row.decimal("Fee") or Decimal(0))
        state = row.text("State")
        leg_flows = [Flow("IN" if amount > 0 else "OUT", currency, abs(amount))] if amount else []
        if fee:
            leg_flows.append(Flow("OUT", currency, fee, is_fee=True))
        if kind == "exchange" and state.casefold() == "completed" and amount:
            leg = _Leg(row, started, timestamp, leg_flows)
            if pending is not None:
                first, pending = pending, None
                if first.started == started and first.flows[0].direction != leg.flows[0].direction:
                    return [exchange(first, leg)]
                out.append(one_sided(first))
            pending = leg
            return out
        if pending is not None:
            out.append(one_sided(pending))
            pending = None
        if state.casefold() != "completed":
            out.append(row.ignored(f"the state is {state or 'empty'}, not COMPLETED"))
        elif currency in FIAT_CODES:
            out.append(row.ignored(f"the row moves {currency}, no crypto"))
        elif not amount:
            out.append(row.ignored("the amount is zero"))
        elif kind not in STATEMENT_SINGLE:
            out.append(one_sided(_Leg(row, started, timestamp, leg_flows)))
        else:
            paid = row.decimal("Original Amount") if "Original Amount" in columns else None
            paid_in = row.text("Original Currency")
            if paid and paid_in in FIAT_CODES and paid_in != currency:
                leg_flows[0] = dataclasses.replace(leg_flows[0], value=abs(paid), value_currency=paid_in)
            out.append(
                ParsedTransaction(
                    key_of(row),
                    timestamp,
                    STATEMENT_SINGLE[kind],
                    tuple(leg_flows),
                    row.number,
                    description=row.text("Description"),
                    label=row.text("Type"),
                )
            )
        return out

    yield from parse_guarded(sheet, build)
    if pending is not None:
        yield one_sided(pending)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "revolut-crypto",
        "Revolut crypto statement",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
    FileFormat(
        "revolut-statement",
        "Revolut account statement (crypto rows)",
        _statement_detected,
        parse_statement,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
