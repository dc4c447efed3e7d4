"""Bithomp (XRP Ledger explorer) account history: one row per balance change of one currency.

Rows of one ledger transaction and address are adjacent and become one transaction (a DEX swap is a
"sent" row and a "dex" row; an AMM withdrawal returns LP tokens for two assets). `Amount` is the
signed balance change and includes the fees paid in the same currency (`Tx fee` in XRP, the
issuer's `Transfer fee`), which are split out. Issued-currency codes written as 40 hex digits are
decoded ("4F4152…" is OAR); LP tokens keep their code. The older export has one local-time
`Timestamp` (taken as UTC); the current one has `Timestamp ISO`. A file may hold several
addresses, so keys are `tx hash:address`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import magnitude, parse_groups
from ingest.files.unrecognised import by_movement
from ingest.files.values import Columns, Row, SourceKeys, header_has, normalise_asset, trade_type
from vocabulary.enums import ImportType, TransactionType

COMMON = (
    "#",
    "Address",
    "Type",
    "Amount",
    "Currency",
    "Currency issuer",
    "USD Amount equavalent",
    "Direction",
    "Transfer fee",
    "Transfer fee currency",
    "Tx fee",
    "Tx fee currency",
    "Tx",
)
LIQUIDITY = {
    "ammwithdraw": TransactionType.REMOVE_LIQUIDITY,
    "ammdeposit": TransactionType.ADD_LIQUIDITY,
    "ammcreate": TransactionType.ADD_LIQUIDITY,
}
# XRPL transaction types (xrpl.org, "Transaction Types") whose balance changes are what they look like:
# payments, DEX offers, checks, escrows, payment channels, NFT offers, AMM pools, and the fee of setting
# up an account. The newer ones that move value in their own way (bridges, vaults, multi-purpose
# tokens, clawbacks, batches) and any type added later are imported by what they move, for review.
KNOWN_TYPES = frozenset(
    {
        *("payment", "offercreate", "offercancel", "trustset", "accountset", "accountdelete"),
        *("setregularkey", "signerlistset", "ticketcreate", "depositpreauth"),
        *("checkcreate", "checkcash", "checkcancel", "escrowcreate", "escrowfinish", "escrowcancel"),
        *("paymentchannelcreate", "paymentchannelfund", "paymentchannelclaim"),
        *("nftokenmint", "nftokenburn", "nftokenmodify"),
        *("nftokencreateoffer", "nftokencanceloffer", "nftokenacceptoffer"),
        *("ammcreate", "ammdeposit", "ammwithdraw", "ammbid", "ammvote", "ammdelete"),
        *("didset", "diddelete", "oracleset", "oracledelete"),
        *("credentialcreate", "credentialaccept", "credentialdelete"),
    }
)
NFT = {"IN": TransactionType.NFT_SALE, "OUT": TransactionType.NFT_PURCHASE}


@dataclass(frozen=True, slots=True)
class Change:
    row: int
    group: str  # tx hash:address
    timestamp: datetime
    kind: str  # the XRPL transaction type, as written
    memo: str
    flows: tuple[Flow, ...]
    cells: tuple[str, ...]


def xrpl_asset(code: str) -> str:
    """A readable symbol for an XRPL currency code; 160-bit hex codes are decoded when they are text."""
    if len(code) == 40:
        try:
            text = bytes.fromhex(code).rstrip(b"\x00").decode("ascii")
        except ValueError:
            return normalise_asset(code)
        if text.isprintable() and text.strip():
            return normalise_asset(text)
    return normalise_asset(code)


def _fee(row: Row, amount: str, currency: str, usd: str) -> Flow | None:
    quantity = magnitude(row, amount)
    if not quantity:
        return None
    value = row.decimal(usd)
    return Flow(
        "OUT",
        xrpl_asset(row.required(currency)),
        quantity,
        is_fee=True,
        value=None if value is None else abs(value),
        value_currency=None if value is None else "USD",
    )


def reader(timestamp_column: str) -> Callable[[Row], Change | Ignored]:
    def read(row: Row) -> Change | Ignored:
        timestamp = row.timestamp(timestamp_column)
        asset = xrpl_asset(row.required("Currency"))
        amount = row.decimal("Amount")
        if amount is None:
            return row.ignored("the amount is empty")
        usd = row.decimal("USD Amount equavalent")
        fees = [
            fee
            for fee in (
                _fee(row, "Tx fee", "Tx fee currency", "USD Tx Fee equavalent"),
                _fee(row, "Transfer fee", "Transfer fee currency", "USD Transfer Fee equavalent"),
            )
            if fee is not None
        ]
        for fee in fees:  # the balance change includes the fees paid in its own currency
            if fee.asset == asset:
                amount += fee.quantity
                if usd is not None and fee.value is not None:
                    usd += fee.value
        flows = list(fees)
        if amount:
            flows.insert(
                0,
                Flow(
                    "IN" if amount > 0 else "OUT",
                    asset,
                    abs(amount),
                    value=None if usd is None else abs(usd),
                    value_currency=None if usd is None else "USD",
                ),
            )
        if not flows:
            return row.ignored("the balance change is zero")
        return Change(
            row.number,
            f"{row.required('Tx')}:{row.required('Address')}",
            timestamp,
            row.text("Type"),
            row.text("Memo"),
            tuple(flows),
            tuple(row.cells),
        )

    return read


def transaction_type(kind: str, flows: Sequence[Flow]) -> TransactionType:
    received = [flow.asset for flow in flows if flow.direction == "IN"]
    sent = [flow.asset for flow in flows if flow.direction == "OUT" and not flow.is_fee]
    if kind in LIQUIDITY and (received or sent):
        return LIQUIDITY[kind]
    if received and sent:
        return trade_type(received[0], sent[0]) if len(received) == len(sent) == 1 else TransactionType.TRADE
    if kind == "nftokenacceptoffer" and (received or sent):
        return NFT["IN" if received else "OUT"]
    return TransactionType.RECEIVE if received else TransactionType.SEND if sent else TransactionType.FEE


def parser(timestamp_column: str) -> Callable[[Sheet], Iterator[ParseItem]]:
    def parse(sheet: Sheet) -> Iterator[ParseItem]:
        keys = SourceKeys()

        def build(changes: Sequence[Change]) -> ParseItem:
            first = changes[0]
            flows = tuple(flow for change in changes for flow in change.flows)
            key = keys.key(first.group, *(cell for change in changes for cell in change.cells))
            if key is None:
                return Ignored(first.row, "the same ledger transaction is listed again")
            memo = next((change.memo for change in changes if change.memo), "")
            kind, tx_hash = first.kind.casefold(), first.group.split(":", 1)[0]
            if kind not in KNOWN_TYPES:
                return by_movement(
                    first.row,
                    key,
                    first.timestamp,
                    flows,
                    source="XRP Ledger",
                    source_type=first.kind,
                    description=memo,
                    tx_hash=tx_hash,
                )
            return ParsedTransaction(
                key,
                first.timestamp,
                transaction_type(kind, flows),
                flows,
                first.row,
                description=memo,
                tx_hash=tx_hash,
                label=kind,
            )

        return parse_groups(sheet, reader(timestamp_column), lambda change: change.group, build)

    return parse


def _is_legacy(sheet: Sheet) -> bool:
    return header_has(sheet, *COMMON, "Timestamp") and "Timestamp ISO" not in Columns(sheet.header)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "bithomp",
        "Bithomp XRP Ledger history",
        lambda s: header_has(s, *COMMON, "Timestamp ISO"),
        parser("Timestamp ISO"),
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
    FileFormat(
        "bithomp-legacy",
        "Bithomp XRP Ledger history (local time)",
        _is_legacy,
        parser("Timestamp"),
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
