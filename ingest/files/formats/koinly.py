"""Koinly's universal CSV (sent / received / fee columns) and its simple one (one signed amount)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.values import KeyCounter, Row, decimal_text, digest, header_has, parse_rows, trade_type
from vocabulary.enums import ImportType, TransactionType

UNIVERSAL = ("Date", "Sent Amount", "Sent Currency", "Received Amount", "Received Currency", "Fee Amount")
SIMPLE = ("Koinly Date", "Amount", "Currency", "Label")
# Koinly labels; any other label (tools put merchant names there) is kept as the label only.
RECEIVED_LABELS = {
    "airdrop": TransactionType.AIRDROP,
    "fork": TransactionType.FORK,
    "mining": TransactionType.MINING_REWARD,
    "reward": TransactionType.REWARD,
    "income": TransactionType.INCOME,
    "other income": TransactionType.INCOME,
    "salary": TransactionType.INCOME,
    "loan interest": TransactionType.INTEREST,
    "lending interest": TransactionType.INTEREST,
    "cashback": TransactionType.CASHBACK,
    "staking": TransactionType.STAKING_REWARD,
    "gift": TransactionType.GIFT_RECEIVED,
    "loan": TransactionType.LOAN_BORROW,
}
SENT_LABELS = {
    "gift": TransactionType.GIFT_SENT,
    "lost": TransactionType.LOST,
    "stolen": TransactionType.STOLEN,
    "donation": TransactionType.DONATION,
    "cost": TransactionType.FEE,
    "margin fee": TransactionType.MARGIN_FEE,
    "loan fee": TransactionType.FEE,
    "interest payment": TransactionType.FEE,
    "loan repayment": TransactionType.LOAN_REPAYMENT,
}


def _side(row: Row, amount: str, currency: str) -> tuple[Decimal, str] | None:
    quantity = row.decimal(amount)
    if not quantity:
        return None
    return abs(quantity), row.asset(currency)


def _single_type(label: str, received: bool) -> TransactionType:
    return (RECEIVED_LABELS if received else SENT_LABELS).get(
        label.casefold(), TransactionType.RECEIVE if received else TransactionType.SEND
    )


def parse_universal(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Date")
        for what in ("Received", "Sent"):
            # Converters write token receipts they could not name with an empty currency: such a row
            # cannot be booked, but the rest of the file can.
            if row.decimal(f"{what} Amount") and not row.text(f"{what} Currency"):
                amount = row.text(f"{what} Amount")
                return row.ignored(f"{what.lower()} {amount} of a currency the file does not name")
        sent = _side(row, "Sent Amount", "Sent Currency")
        received = _side(row, "Received Amount", "Received Currency")
        fee = _side(row, "Fee Amount", "Fee Currency")
        if sent is None and received is None and fee is None:
            return row.ignored("no amount is sent, received or paid as a fee")
        label = row.text("Label")
        worth = row.decimal("Net Worth Amount")
        worth_currency = row.text("Net Worth Currency").upper() or None
        value = abs(worth) if worth is not None and worth_currency else None
        flows: list[Flow] = []
        if received is not None:
            flows.append(Flow("IN", received[1], received[0], value=value, value_currency=worth_currency))
        if sent is not None:
            flows.append(Flow("OUT", sent[1], sent[0], value=value, value_currency=worth_currency))
        if fee is not None:
            flows.append(Flow("OUT", fee[1], fee[0], is_fee=True))
        if received and sent:
            kind = trade_type(received[1], sent[1])
        elif received or sent:
            kind = _single_type(label, received is not None)
        else:
            kind = TransactionType.FEE
        content = [timestamp.isoformat(), label, row.text("TxHash")]
        content += [f"{f.direction}{f.is_fee} {decimal_text(f.quantity)} {f.asset}" for f in flows]
        return ParsedTransaction(
            key=keys.key(digest(*content)),
            timestamp=timestamp,
            type=kind,
            flows=tuple(flows),
            row=row.number,
            description=row.text("Description"),
            tx_hash=row.text("TxHash") or None,
            label=label or None,
        )

    return parse_rows(sheet, build)


def parse_simple(sheet: Sheet) -> Iterator[ParseItem]:
    keys = KeyCounter()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("Koinly Date")
        amount = row.decimal("Amount")
        if not amount:
            return row.ignored("the amount is zero or empty")
        asset = row.asset("Currency")
        label = row.text("Label")
        direction: Direction = "IN" if amount > 0 else "OUT"
        return ParsedTransaction(
            key=keys.key(
                digest(timestamp.isoformat(), decimal_text(amount), asset, label, row.text("TxHash"))
            ),
            timestamp=timestamp,
            type=_single_type(label, amount > 0),
            flows=(Flow(direction, asset, abs(amount)),),
            row=row.number,
            description=label,
            tx_hash=row.text("TxHash") or None,
            label=label or None,
        )

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "koinly-universal",
        "Koinly universal CSV",
        lambda s: header_has(s, *UNIVERSAL),
        parse_universal,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
    FileFormat(
        "koinly-simple",
        "Koinly simple CSV",
        lambda s: header_has(s, *SIMPLE),
        parse_simple,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
