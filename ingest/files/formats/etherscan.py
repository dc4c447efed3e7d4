"""Etherscan (and Etherscan-compatible explorer) address exports: normal transactions, internal
transactions, ERC-20 token transfers and NFT (ERC-721 and ERC-1155) transfers.

The native coin is read from the header ("Value_IN(ETH)", "Value_IN(BNB)"). An export covers one
address, and the files do not say which: it is the address on every row (narrowed by the
Value_IN / Value_OUT columns), else the 0x address in the file name. Only the sender pays the
network fee, and a failed transaction (Status "Error(0)" / an ErrCode) moves nothing but that fee;
the fees live in the normal-transactions file only. Keys are the tx hash, suffixed ":internal" /
":erc20" / ":nft" for the other files, and the rows of one hash become one transaction. Each NFT is
its own asset, named by contract and token id (`vocabulary.nft`), never by the collection's symbol.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from ingest.files.model import Direction, FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, Sheet
from ingest.files.rowgroups import check_width, magnitude, parse_groups, parse_guarded
from ingest.files.values import CellError, Columns, Row, SourceKeys, header_has, parse_decimal, trade_type
from vocabulary.enums import ImportType, TransactionType
from vocabulary.nft import nft

HASH_COLUMNS = ("Txhash", "Transaction Hash")
# NFT transfers: ERC-721 and ERC-1155 in one export ("Txhash" or "Transaction Hash", "Blockno",
# "UnixTimestamp", "DateTime (UTC)", "From", "To", "ContractAddress", "TokenName", "TokenSymbol",
# "Token ID", "Type", "Quantity"), and the older ERC-721 export ("Txhash", ["Blockno",] "UnixTimestamp",
# "DateTime", "From", "To", "ContractAddress", "TokenId", "TokenName", "TokenSymbol"): BittyTax/BittyTax
# src/bittytax/conv/parsers/etherscan.py, etherscan_nfts.
NFT_TOKEN_ID = ("Token ID", "TokenId")
NFT_QUANTITY = "Quantity"  # absent from the older export: one token per row
_NATIVE = re.compile(r"^Value_IN\((?P<coin>[^)]+)\)$", re.IGNORECASE)
_ADDRESS = re.compile(r"0x[0-9a-f]{40}")


@dataclass(frozen=True, slots=True)
class Layout:
    """Where an export keeps what the parsers need; the names vary with the explorer and the coin."""

    tx_hash: str
    coin: str = ""
    value_in: str = ""
    value_out: str = ""
    price: str = ""


def layout(sheet: Sheet) -> Layout | None:
    columns = Columns(sheet.header)
    tx_hash = next((name for name in HASH_COLUMNS if name in columns), None)
    if tx_hash is None:
        return None
    coin = next((match["coin"] for name in sheet.header if (match := _NATIVE.match(name))), "")
    price = next((name for name in sheet.header if name.casefold().startswith("historical $price")), "")
    return (
        Layout(tx_hash, coin.upper(), f"Value_IN({coin})", f"Value_OUT({coin})", price)
        if coin
        else Layout(tx_hash)
    )


def _detector(*names: str, native: bool, internal: bool) -> Callable[[Sheet], bool]:
    def detect(sheet: Sheet) -> bool:
        found = layout(sheet)
        return (
            found is not None
            and bool(found.coin) == native
            and header_has(sheet, *names)
            and ("ParentTxFrom" in Columns(sheet.header)) == internal
        )

    return detect


# --- the account's own address --------------------------------------------------------------------


def _amount(text: str) -> Decimal:
    try:
        return abs(parse_decimal(text) or Decimal(0))
    except ValueError:
        return Decimal(0)


def own_address(sheet: Sheet, sender: str, receiver: str, found: Layout) -> str | None:
    """The address every row involves (or the file name's), lower-case; None when unknowable."""
    columns = Columns(sheet.header)
    positions = [columns.position(name) for name in (sender, receiver, found.value_in, found.value_out)]
    candidates: set[str] | None = None
    for _, cells in sheet.rows():
        text = [cells[at].lower() if at is not None and at < len(cells) else "" for at in positions]
        involved = {address for address in text[:2] if address}
        if _amount(text[2]):
            involved &= {text[1]}
        elif _amount(text[3]):
            involved &= {text[0]}
        candidates = involved if candidates is None else candidates & involved
        if not candidates:
            break
    named = set(_ADDRESS.findall(sheet.filename.lower()))
    if candidates and len(candidates) == 1:
        return next(iter(candidates))
    chosen = (candidates & named) if candidates else named
    return next(iter(chosen)) if len(chosen) == 1 else None


# --- shared -----------------------------------------------------------------------------------------


def _usd(row: Row, column: str) -> Decimal | None:
    try:
        value = parse_decimal(row.text(column))
    except ValueError:  # "N/A"
        return None
    return None if value is None else abs(value)


def _checked_timestamp(row: Row) -> datetime:
    check_width(row)
    return row.timestamp("UnixTimestamp" if row.text("UnixTimestamp") else "DateTime (UTC)")


def _valued(
    direction: Direction, coin: str, quantity: Decimal, price: Decimal | None, *, fee: bool = False
) -> Flow:
    value = None if price is None else quantity * price
    return Flow(
        direction, coin, quantity, is_fee=fee, value=value, value_currency=None if value is None else "USD"
    )


def single_type(flows: Iterable[Flow]) -> TransactionType:
    directions = {flow.direction for flow in flows if not flow.is_fee}
    return (
        TransactionType.RECEIVE
        if directions == {"IN"}
        else TransactionType.SEND
        if directions == {"OUT"}
        else TransactionType.TRADE
    )


# --- normal transactions ------------------------------------------------------------------------------


def parse_normal(sheet: Sheet) -> Iterator[ParseItem]:
    found = layout(sheet)
    if found is None or not found.coin:
        raise ValueError("not an Etherscan transactions sheet")
    own = own_address(sheet, "From", "To", found)
    fee_column = f"TxnFee({found.coin})"
    keys = SourceKeys()

    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = _checked_timestamp(row)
        sender, receiver = row.text("From").lower(), row.text("To").lower()
        status, error = row.text("Status"), row.text("ErrCode")
        failed = status.casefold().startswith("error(0)") or (
            bool(error) and not status.casefold().startswith("error(1)")
        )
        received, sent = magnitude(row, found.value_in), magnitude(row, found.value_out)
        fee = magnitude(row, fee_column)
        price = _usd(row, found.price)
        flows: list[Flow] = []
        if not failed and not (sender == receiver == own and received == sent):
            if received:
                flows.append(_valued("IN", found.coin, received, price))
            if sent:
                flows.append(_valued("OUT", found.coin, sent, price))
        if fee and (sender == own if own else not received):
            value = _usd(row, "TxnFee(USD)")
            flows.append(
                Flow(
                    "OUT",
                    found.coin,
                    fee,
                    is_fee=True,
                    value=value,
                    value_currency=None if value is None else "USD",
                )
            )
        if not flows:
            return row.ignored(
                "a failed transaction sent by another address"
                if failed
                else "the transaction moves nothing into or out of this address"
            )
        if failed:
            tx_type = TransactionType.FEE
        elif all(flow.is_fee for flow in flows):
            tx_type = TransactionType.CONTRACT_INTERACTION
        else:
            tx_type = single_type(flows)
        tx_hash = row.required(found.tx_hash)
        key = keys.key(tx_hash, *row.cells)
        if key is None:
            return row.ignored("the same transaction is listed again")
        description = f"failed: {error or status}" if failed else row.text("Method")
        return ParsedTransaction(
            key,
            timestamp,
            tx_type,
            tuple(flows),
            row.number,
            description=description,
            tx_hash=tx_hash,
            label=row.text("Method") or None,
        )

    return parse_guarded(sheet, build)


# --- internal transactions and token transfers ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Movement:
    row: int
    tx_hash: str
    timestamp: datetime
    flow: Flow
    cells: tuple[str, ...]
    note: str = ""  # what the flow's asset is, when its name does not say


def _grouped(sheet: Sheet, read: Callable[[Row], Movement | Ignored], suffix: str) -> Iterator[ParseItem]:
    keys = SourceKeys()

    def build(movements: Sequence[Movement]) -> ParseItem:
        first = movements[0]
        flows = tuple(movement.flow for movement in movements)
        key = keys.key(
            f"{first.tx_hash}:{suffix}", *(cell for movement in movements for cell in movement.cells)
        )
        if key is None:
            return Ignored(first.row, "the same transaction is listed again")
        received = [flow.asset for flow in flows if flow.direction == "IN"]
        sent = [flow.asset for flow in flows if flow.direction == "OUT"]
        tx_type = trade_type(received[0], sent[0]) if received and sent else single_type(flows)
        description = ", ".join(movement.note for movement in movements if movement.note)
        return ParsedTransaction(
            key,
            first.timestamp,
            tx_type,
            flows,
            first.row,
            description=description,
            tx_hash=first.tx_hash,
            label=suffix,
        )

    return parse_groups(sheet, read, lambda movement: movement.tx_hash, build)


def parse_internal(sheet: Sheet) -> Iterator[ParseItem]:
    found = layout(sheet)
    if found is None or not found.coin:
        raise ValueError("not an Etherscan internal transactions sheet")

    def read(row: Row) -> Movement | Ignored:
        timestamp = _checked_timestamp(row)
        if row.text("Status") not in ("", "0") or row.text("ErrCode"):
            return row.ignored("a failed internal transaction moves nothing")
        received, sent = magnitude(row, found.value_in), magnitude(row, found.value_out)
        if not received and not sent:
            return row.ignored("the internal transaction moves no value")
        direction: Direction = "IN" if received else "OUT"
        flow = _valued(direction, found.coin, received or sent, _usd(row, found.price))
        return Movement(row.number, row.required(found.tx_hash), timestamp, flow, tuple(row.cells))

    return _grouped(sheet, read, "internal")


def _token_direction(row: Row, own: str | None) -> Direction | Ignored:
    """Whether a token transfer of the account's file comes in or goes out."""
    sender, receiver = row.text("From").lower(), row.text("To").lower()
    if own is None:
        raise CellError(
            "From",
            "cannot tell which address is the account's: no address is on every row; "
            "export one address per file or put the address in the file name",
        )
    if sender == receiver == own:
        return row.ignored("a token transfer from the account to itself")
    if own not in (sender, receiver):
        raise CellError("From", f"the transfer does not involve the account's address {own}")
    return "IN" if receiver == own else "OUT"


def parse_erc20(sheet: Sheet) -> Iterator[ParseItem]:
    found = layout(sheet)
    if found is None:
        raise ValueError("not an Etherscan token transfers sheet")
    own = own_address(sheet, "From", "To", found)

    def read(row: Row) -> Movement | Ignored:
        timestamp = _checked_timestamp(row)
        direction = _token_direction(row, own)
        if isinstance(direction, Ignored):
            return direction
        quantity = row.quantity("TokenValue")
        if not quantity:
            return row.ignored("the token amount is zero")
        asset = (row.text("TokenSymbol") or row.text("TokenName") or row.required("ContractAddress")).upper()
        value = _usd(row, "USDValueDayOfTx")
        flow = Flow(direction, asset, quantity, value=value, value_currency=None if value is None else "USD")
        return Movement(row.number, row.required(found.tx_hash), timestamp, flow, tuple(row.cells))

    return _grouped(sheet, read, "erc20")


def _token_id(row: Row) -> int:
    column = next(name for name in NFT_TOKEN_ID if name in row.columns)
    text = row.required(column)
    if not (text.isascii() and text.isdigit()):
        raise CellError(column, f"{text!r} is not a token id (a whole number)")
    return int(text)


def parse_nft(sheet: Sheet) -> Iterator[ParseItem]:
    found = layout(sheet)
    if found is None:
        raise ValueError("not an Etherscan NFT transfers sheet")
    own = own_address(sheet, "From", "To", found)

    def read(row: Row) -> Movement | Ignored:
        timestamp = _checked_timestamp(row)
        direction = _token_direction(row, own)
        if isinstance(direction, Ignored):
            return direction
        quantity = row.quantity(NFT_QUANTITY) if NFT_QUANTITY in row.columns else Decimal(1)
        if not quantity:
            return row.ignored("the token amount is zero")
        token_id, contract = _token_id(row), row.required("ContractAddress")
        try:
            token = nft(contract, token_id)
        except ValueError as exc:
            raise CellError("ContractAddress", str(exc)) from None
        collection = row.text("TokenName") or row.text("TokenSymbol") or token.contract
        flow = Flow(direction, token.asset_id, quantity)
        note = f"{collection} #{token.token_id}"
        return Movement(row.number, row.required(found.tx_hash), timestamp, flow, tuple(row.cells), note)

    return _grouped(sheet, read, "nft")


def _detect_nft(sheet: Sheet) -> bool:
    found = layout(sheet)
    columns = Columns(sheet.header)
    return (
        found is not None
        and not found.coin
        and header_has(sheet, "From", "To", "ContractAddress")
        and any(name in columns for name in NFT_TOKEN_ID)
        and "TokenValue" not in columns
    )


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "etherscan",
        "Etherscan transactions",
        _detector("Blockno", "From", "To", "Status", "ErrCode", native=True, internal=False),
        parse_normal,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
    FileFormat(
        "etherscan-internal",
        "Etherscan internal transactions",
        _detector("Blockno", "From", "TxTo", "Status", native=True, internal=True),
        parse_internal,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
    FileFormat(
        "etherscan-erc20",
        "Etherscan ERC-20 token transfers",
        _detector("From", "To", "TokenValue", "TokenSymbol", "ContractAddress", native=False, internal=False),
        parse_erc20,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
    FileFormat(
        "etherscan-nft",
        "Etherscan NFT (ERC-721, ERC-1155) transfers",
        _detect_nft,
        parse_nft,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration=None,
    ),
)
