"""Kraken ledgers and trades exports.

Ledger rows sharing a `refid` are one transaction (a trade is its two legs). Keys are the refid
(ledgers) and the trade txid (trades), which Kraken uses for the same trade in both exports, so
overlapping or repeated imports of either dedupe.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, RowError, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import CellError, Columns, Row, fiat_transfer, header_has, parse_rows, trade_type
from vocabulary.enums import ImportType, TransactionType

LEDGER_COLUMNS = ("txid", "refid", "time", "type", "asset", "amount", "fee")
TRADE_COLUMNS = ("txid", "ordertxid", "pair", "time", "type", "price", "cost", "fee", "vol")
CLASSIC = {
    "XXBT": "BTC",
    "XBT": "BTC",
    "XXDG": "DOGE",
    "XDG": "DOGE",
    "XETH": "ETH",
    "XETC": "ETC",
    "XLTC": "LTC",
    "XMLN": "MLN",
    "XREP": "REP",
    "XXLM": "XLM",
    "XXMR": "XMR",
    "XXRP": "XRP",
    "XZEC": "ZEC",
    "XICN": "ICN",
    "XNMC": "NMC",
    "XXVN": "XVN",
    "ZUSD": "USD",
    "ZEUR": "EUR",
    "ZGBP": "GBP",
    "ZCAD": "CAD",
    "ZJPY": "JPY",
    "ZCHF": "CHF",
    "ZAUD": "AUD",
    "ZKRW": "KRW",
}
# Staked / earn variants hold the same asset ("DOT.S", "ETH2.S", "USD.HOLD", "ADA.M").
SUFFIXES = (".S", ".M", ".P", ".F", ".B", ".HOLD")
QUOTES = (
    "ZUSD",
    "ZEUR",
    "ZGBP",
    "ZCAD",
    "ZJPY",
    "ZCHF",
    "ZAUD",
    "XXBT",
    "XETH",
    "USDT",
    "USDC",
    "DAI",
    "PYUSD",
    "XBT",
    "ETH",
    "USD",
    "EUR",
    "GBP",
    "CAD",
    "JPY",
    "CHF",
    "AUD",
    "DOT",
)
SINGLE = {
    "deposit": TransactionType.DEPOSIT,
    "withdrawal": TransactionType.WITHDRAWAL,
    "staking": TransactionType.STAKING_REWARD,
    "dividend": TransactionType.INCOME,
    "airdrop": TransactionType.AIRDROP,
    "rollover": TransactionType.MARGIN_FEE,
    "adjustment": TransactionType.UNKNOWN,
    "invite bonus": TransactionType.REFERRAL_REWARD,
    "credit": TransactionType.RECEIVE,
    "sale": TransactionType.SELL,
    "nfttrade": TransactionType.NFT_SALE,
    "reward": TransactionType.REWARD,
    "nftcreatorfee": TransactionType.FEE,
    "nftrebate": TransactionType.FEE_REBATE,
    "custodytransfer": TransactionType.TRANSFER,
}
GROUPED = frozenset({"trade", "spend", "receive", "margin", "settled", "conversion"})
TRANSFER_SUBTYPES = {
    "spottostaking": TransactionType.STAKE,
    "stakingfromspot": TransactionType.STAKE,
    "stakingtospot": TransactionType.UNSTAKE,
    "spotfromstaking": TransactionType.UNSTAKE,
    "spottofutures": TransactionType.TRANSFER,
    "spotfromfutures": TransactionType.TRANSFER,
}
EARN_SUBTYPES = {
    "reward": TransactionType.STAKING_REWARD,
    "allocation": TransactionType.STAKE,
    "deallocation": TransactionType.UNSTAKE,
    "migration": TransactionType.TRANSFER,
    "autoallocation": TransactionType.STAKE,
}
GROUP_WINDOW = timedelta(minutes=5)


def kraken_asset(code: str) -> str:
    code = code.strip().upper()
    for suffix in SUFFIXES:
        if code.endswith(suffix) and len(code) > len(suffix):
            code = code[: -len(suffix)]
            break
    return CLASSIC.get(code, code)


def split_pair(pair: str) -> tuple[str, str]:
    pair = pair.strip().upper()
    if "/" in pair:
        base, _, quote = pair.partition("/")
        return kraken_asset(base), kraken_asset(quote)
    for quote in QUOTES:
        if pair.endswith(quote) and len(pair) > len(quote):
            return kraken_asset(pair[: -len(quote)]), kraken_asset(quote)
    raise ValueError(f"{pair!r} is not a pair we can split")


class _Group:
    def __init__(self, refid: str, row: int, timestamp: datetime) -> None:
        self.refid, self.row, self.timestamp = refid, row, timestamp
        self.kinds: list[str] = []
        self.flows: list[Flow] = []

    def transaction(self) -> ParsedTransaction | RowError:
        traded = [flow for flow in self.flows if not flow.is_fee]
        received = [flow.asset for flow in traded if flow.direction == "IN"]
        sent = [flow.asset for flow in traded if flow.direction == "OUT"]
        if "margin" in self.kinds or "settled" in self.kinds:
            tx_type = TransactionType.MARGIN_TRADE
        elif len(set(received)) > 1 or len(set(sent)) > 1:
            return RowError(self.row, "refid", f"the rows of {self.refid} trade more than one asset per side")
        elif not traded:
            tx_type = TransactionType.FEE
        else:
            # An export filtered by asset holds only this asset's leg of a trade.
            tx_type = trade_type(received[0] if received else "", sent[0] if sent else "")
        return ParsedTransaction(
            self.refid, self.timestamp, tx_type, tuple(self.flows), self.row, label=self.kinds[0]
        )


def parse_ledgers(sheet: Sheet) -> Iterator[ParseItem]:
    columns = Columns(sheet.header)
    open_groups: dict[str, _Group] = {}
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            item = _ledger_row(row, open_groups)
        except CellError as exc:
            yield RowError(number, exc.column, exc.problem)
            continue
        if item is not None:
            yield item
        if open_groups:
            latest = max(group.timestamp for group in open_groups.values())
            for refid in [r for r, g in open_groups.items() if abs(latest - g.timestamp) > GROUP_WINDOW]:
                yield open_groups.pop(refid).transaction()
    for group in open_groups.values():
        yield group.transaction()


def _ledger_row(row: Row, open_groups: dict[str, _Group]) -> ParseItem | None:
    kind = row.required("type").casefold()
    refid = row.required("refid")
    timestamp = row.timestamp("time")
    asset = kraken_asset(row.required("asset"))
    amount = row.decimal("amount")
    if amount is None:
        raise CellError("amount", "a number is required but the cell is empty")
    fee = row.decimal("fee") or Decimal(0)
    if not row.text("txid"):
        return row.ignored(f"a pending {kind} without a ledger id; Kraken lists it again once booked")
    flows = [Flow("IN" if amount > 0 else "OUT", asset, abs(amount))] if amount else []
    if fee:
        flows.append(Flow("OUT" if fee > 0 else "IN", asset, abs(fee), is_fee=True))
    if not flows:
        return row.ignored("the amount and the fee are zero")
    if kind in GROUPED:
        group = open_groups.get(refid) or open_groups.setdefault(refid, _Group(refid, row.number, timestamp))
        group.kinds.append(kind)
        group.flows.extend(flows)
        return None
    subtype = row.text("subtype").casefold()
    key = refid if kind in ("deposit", "withdrawal") else f"{refid}:{row.text('txid')}"
    if kind == "transfer" and subtype in TRANSFER_SUBTYPES:
        tx_type = TRANSFER_SUBTYPES[subtype]
    elif kind == "transfer" and not subtype:  # airdrops, forks and the OTC desk, as Kraken documents
        tx_type = TransactionType.RECEIVE if amount > 0 else TransactionType.SEND
    elif kind == "earn" and subtype in EARN_SUBTYPES:
        tx_type = EARN_SUBTYPES[subtype]
    elif kind in SINGLE:
        tx_type = fiat_transfer(SINGLE[kind], asset)
    else:
        shown = row.text("type")
        if kind in ("transfer", "earn"):  # the type is known, its subtype is not
            shown = f"{shown} / {row.text('subtype') or '(no subtype)'}"
        return by_movement(row.number, key, timestamp, flows, source="Kraken", source_type=shown)
    return ParsedTransaction(key, timestamp, tx_type, tuple(flows), row.number, label=kind)


def parse_trades(sheet: Sheet) -> Iterator[ParseItem]:
    def build(row: Row) -> ParsedTransaction | Ignored:
        timestamp = row.timestamp("time")
        try:
            base, quote = split_pair(row.required("pair"))
        except ValueError as exc:
            raise CellError("pair", str(exc)) from None
        side = row.required("type").casefold()
        volume, cost = row.quantity("vol"), row.quantity("cost")
        # A side Kraken may add later is read as a buy (base in, quote out) and left for review.
        bought, paid = ((quote, cost), (base, volume)) if side == "sell" else ((base, volume), (quote, cost))
        flows = [Flow("IN", bought[0], bought[1]), Flow("OUT", paid[0], paid[1])]
        fee = row.decimal("fee")
        if fee:
            flows.append(Flow("OUT", quote, abs(fee), is_fee=True))
        if side not in ("buy", "sell"):
            txid = row.required("txid")
            return by_movement(
                row.number, txid, timestamp, flows, source="Kraken", source_type=row.text("type")
            )
        margin = row.decimal("margin")
        tx_type = TransactionType.MARGIN_TRADE if margin else trade_type(bought[0], paid[0])
        return ParsedTransaction(
            row.required("txid"), timestamp, tx_type, tuple(flows), row.number, label=side
        )

    return parse_rows(sheet, build)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "kraken-ledgers",
        "Kraken ledgers",
        lambda s: header_has(s, *LEDGER_COLUMNS),
        parse_ledgers,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="kraken",
    ),
    FileFormat(
        "kraken-trades",
        "Kraken trades",
        lambda s: header_has(s, *TRADE_COLUMNS),
        parse_trades,
        import_type=ImportType.TRADE_IMPORTS,
        integration="kraken",
    ),
)
