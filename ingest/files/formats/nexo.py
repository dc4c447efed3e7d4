"""Nexo transaction exports: the current one (Input / Output currency and amount) and the older one
(one Currency / Amount)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import CellError, Row, SourceKeys, fiat_transfer, header_has, parse_rows, trade_type
from vocabulary.enums import ImportType, TransactionType

CURRENT = (
    "Transaction",
    "Type",
    "Input Currency",
    "Input Amount",
    "Output Currency",
    "Output Amount",
    "Date / Time (UTC)",
)
OLDER = ("Transaction", "Type", "Currency", "Amount", "Details", "Date / Time (UTC)")
# Nexo's own fiat tokens (EURX…) are the fiat itself, 1:1, inside Nexo.
FIATX = {"EURX": "EUR", "GBPX": "GBP", "USDX": "USD"}
SINGLE = {
    "deposit": TransactionType.DEPOSIT,
    "topupcrypto": TransactionType.DEPOSIT,
    "deposittoexchange": TransactionType.FIAT_DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "withdrawexchanged": TransactionType.FIAT_WITHDRAWAL,
    "interest": TransactionType.INTEREST,
    "fixedterminterest": TransactionType.INTEREST,
    "dualinvestmentinterest": TransactionType.INTEREST,
    "cashback": TransactionType.CASHBACK,
    "exchangecashback": TransactionType.CASHBACK,
    "referralbonus": TransactionType.REFERRAL_REWARD,
    "bonus": TransactionType.REWARD,
    "dividend": TransactionType.INCOME,
    "liquidation": TransactionType.LIQUIDATION,
    "manualsellorder": TransactionType.LOAN_REPAYMENT,
    "loanwithdrawal": TransactionType.LOAN_BORROW,
    "nexocardcashback": TransactionType.CASHBACK,
    "interestadditional": TransactionType.INTEREST,
    "airdrop": TransactionType.AIRDROP,
    "creditcardwithdrawal": TransactionType.FIAT_WITHDRAWAL,
    "withdrawalcredit": TransactionType.LOAN_BORROW,
    "assimilation": TransactionType.FEE_REBATE,
}
EXCHANGES = frozenset({"exchange", "dualinvestmentexchange", "exchangedepositedon", "exchangecollateral"})
LOAN_BALANCE = "records a loan balance; the assets moved are in the Liquidation / Manual Sell Order rows"
INTERNAL = {
    "lockingtermdeposit": "moves funds into a Nexo term wallet",
    "unlockingtermdeposit": "moves funds out of a Nexo term wallet",
    "dualinvestmentlock": "moves funds into Nexo Dual Investment",
    "dualinvestmentunlock": "moves funds out of Nexo Dual Investment",
    "transferin": "moves funds between Nexo wallets",
    "transferout": "moves funds between Nexo wallets",
    "transfertoprowallet": "moves funds between Nexo wallets",
    "transferfromprowallet": "moves funds between Nexo wallets",
    "exchangetowithdraw": "turns Nexo fiat (EURX…) into the same fiat before a withdrawal",
    "creditcardfiatxexchangetowithdraw": "turns Nexo fiat (EURX…) into the same fiat before a withdrawal",
    "repayment": LOAN_BALANCE,
    "manualrepayment": LOAN_BALANCE,
    "nexocardpurchase": "a card purchase paid from the credit line: no asset leaves the account",
    "creditcardstatus": "a card purchase paid from the credit line: no asset leaves the account",
}


def nexo_asset(code: str) -> str:
    code = code.strip().upper()
    return FIATX.get(code, code)


def _asset(row: Row, column: str) -> str:
    return nexo_asset(row.required(column))


def _build(row: Row, current: bool, keys: SourceKeys) -> ParsedTransaction | Ignored:
    kind = row.required("Type").replace(" ", "").casefold()
    timestamp = row.timestamp("Date / Time (UTC)")
    source_asset = _asset(row, "Input Currency" if current else "Currency")
    amount = row.decimal("Input Amount" if current else "Amount")
    if amount is None:
        raise CellError("Input Amount" if current else "Amount", "a number is required but the cell is empty")
    if not row.text("Details").casefold().startswith("approved"):
        return row.ignored(f"Nexo did not approve this {row.text('Type')} ({row.text('Details')})")
    if kind in INTERNAL:
        return row.ignored(f"{row.text('Type')} {INTERNAL[kind]}")
    if not amount:
        return row.ignored("the amount is zero")
    if kind == "exchangedepositedon":
        return row.ignored("the same fiat deposit as its 'Deposit To Exchange' row")
    if kind in EXCHANGES and current:
        flows, tx_type = _exchange(row, source_asset, abs(amount))
    elif kind in SINGLE:
        tx_type = SINGLE[kind]
        direction: Direction = (
            "OUT"
            if amount < 0
            or tx_type
            in (TransactionType.WITHDRAWAL, TransactionType.FIAT_WITHDRAWAL, TransactionType.LIQUIDATION)
            else "IN"
        )
        if tx_type == TransactionType.INTEREST and direction == "OUT":
            tx_type = TransactionType.FEE  # interest charged on a credit line
        tx_type = fiat_transfer(tx_type, source_asset)
        flows = (
            Flow(
                direction,
                source_asset,
                abs(amount),
                is_fee=tx_type == TransactionType.FEE,
                value=_usd(row),
                value_currency="USD",
            ),
        )
    else:
        key = keys.key(row.required("Transaction"), *row.cells)
        moved = [
            Flow(
                "IN" if amount > 0 else "OUT",
                source_asset,
                abs(amount),
                value=_usd(row),
                value_currency="USD",
            )
        ]
        received = row.decimal("Output Amount") if current else None
        if received and amount < 0 and _asset(row, "Output Currency") != source_asset:
            moved.append(Flow("IN", _asset(row, "Output Currency"), abs(received)))
        return by_movement(
            row.number,
            key,
            timestamp,
            moved,
            source="Nexo",
            source_type=row.text("Type"),
            description=row.text("Details"),
        )
    key = keys.key(row.required("Transaction"), *row.cells)
    if key is None:
        return row.ignored("the same transaction is listed again")
    return ParsedTransaction(
        key, timestamp, tx_type, flows, row.number, description=row.text("Details"), label=row.text("Type")
    )


def _exchange(row: Row, source_asset: str, amount: Decimal) -> tuple[tuple[Flow, ...], TransactionType]:
    target = _asset(row, "Output Currency")
    received = row.quantity("Output Amount")
    if target == source_asset:
        raise CellError("Output Currency", f"an exchange from {source_asset} to {target} exchanges nothing")
    if not received:
        raise CellError("Output Amount", "an exchange needs the amount received")
    flows = (
        Flow("OUT", source_asset, amount, value=_usd(row), value_currency="USD"),
        Flow("IN", target, received, value=_usd(row), value_currency="USD"),
    )
    return flows, trade_type(target, source_asset)


def _usd(row: Row) -> Decimal | None:
    value = row.decimal("USD Equivalent")
    return None if value is None else abs(value)


def parse_current(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()
    return parse_rows(sheet, lambda row: _build(row, True, keys))


def parse_older(sheet: Sheet) -> Iterator[ParseItem]:
    keys = SourceKeys()
    return parse_rows(sheet, lambda row: _build(row, False, keys))


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "nexo",
        "Nexo transactions",
        lambda s: header_has(s, *CURRENT),
        parse_current,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
    FileFormat(
        "nexo-older",
        "Nexo transactions (older export)",
        lambda s: header_has(s, *OLDER) and not header_has(s, "Input Currency"),
        parse_older,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
