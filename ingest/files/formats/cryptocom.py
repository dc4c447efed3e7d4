"""Crypto.com App transaction export (Timestamp (UTC), Transaction Description, … Transaction Kind), its
fiat wallet and card exports (the same header), and the Crypto.com Exchange's spot trade history.

The card export (card_transactions_record) lists card spending and top-ups with an empty Transaction
Kind: in fiat they move no crypto and are ignored (BittyTax/BittyTax src/bittytax/conv/parsers/cryptocom.py
reads a row without a kind as a fiat movement); in a crypto currency they are imported for review."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal

from ingest.files.model import FileFormat, Flow, Ignored, ParsedTransaction, ParseItem, RowError, Sheet
from ingest.files.unrecognised import by_movement
from ingest.files.values import (
    CellError,
    Columns,
    KeyCounter,
    Row,
    checked_symbol,
    digest,
    fiat_transfer,
    header_has,
    parse_rows,
    trade_type,
)
from vocabulary.enums import ImportType, TransactionType
from vocabulary.fiat import is_fiat

COLUMNS = (
    "Timestamp (UTC)",
    "Transaction Description",
    "Currency",
    "Amount",
    "To Currency",
    "To Amount",
    "Native Currency",
    "Native Amount",
    "Transaction Kind",
)
# Kinds that exchange Currency/Amount for To Currency/To Amount (or the native amount).
EXCHANGES = frozenset(
    {
        "crypto_exchange",
        "crypto_viban_exchange",
        "viban_purchase",
        "crypto_purchase",
        "crypto_to_van_sell_order",
        "van_purchase",
        "card_top_up",
        "recurring_buy_order",
        "trading.limit_order.fiat_wallet.sell_commit",
    }
)
SINGLE = {
    "crypto_deposit": TransactionType.DEPOSIT,
    "crypto_withdrawal": TransactionType.WITHDRAWAL,
    "viban_deposit": TransactionType.FIAT_DEPOSIT,
    "viban_card_top_up": TransactionType.FIAT_WITHDRAWAL,  # the fiat wallet tops up the card, outside the app
    "exchange_to_crypto_transfer": TransactionType.DEPOSIT,
    "crypto_to_exchange_transfer": TransactionType.WITHDRAWAL,
    "crypto_earn_interest_paid": TransactionType.INTEREST,
    "crypto_earn_extra_interest_paid": TransactionType.INTEREST,
    "mco_stake_reward": TransactionType.STAKING_REWARD,
    "finance.lockup.dpos_compound_interest.crypto_wallet": TransactionType.STAKING_REWARD,
    "finance.dpos.staking.reward.crypto_wallet": TransactionType.STAKING_REWARD,
    "referral_card_cashback": TransactionType.CASHBACK,
    "card_cashback_reverted": TransactionType.CASHBACK,
    "reimbursement": TransactionType.CASHBACK,
    "transactions_cashback": TransactionType.CASHBACK,
    "referral_bonus": TransactionType.REFERRAL_REWARD,
    "referral_gift": TransactionType.REFERRAL_REWARD,
    "referral_commission": TransactionType.REFERRAL_REWARD,
    "airdrop_locked": TransactionType.AIRDROP,
    "gift_card_reward": TransactionType.REWARD,
    "rewards_platform_deposit_credited": TransactionType.REWARD,
    "supercharger_reward_to_app_credited": TransactionType.REWARD,
    "admin_wallet_credited": TransactionType.RECEIVE,
    "invest_deposit": TransactionType.LENDING_DEPOSIT,
    "invest_withdrawal": TransactionType.LENDING_WITHDRAWAL,
    "crypto_payment": TransactionType.SEND,
    "crypto_transfer": TransactionType.TRANSFER,
    "lockup_swap_rebate": TransactionType.REWARD,
    "staking_reward": TransactionType.STAKING_REWARD,
    "mobile_airtime_reward": TransactionType.REWARD,
    "pay_checkout_reward": TransactionType.CASHBACK,
    "campaign_reward": TransactionType.REWARD,
    "crypto_earn_extra_interest": TransactionType.INTEREST,
    "nft_payout_credited": TransactionType.RECEIVE,
    "viban_withdrawal": TransactionType.FIAT_WITHDRAWAL,
    "finance.dpos.non_compound_interest.crypto_wallet": TransactionType.STAKING_REWARD,
    "finance.dpos.compound_interest.crypto_wallet": TransactionType.STAKING_REWARD,
    "transfer_cashback": TransactionType.CASHBACK,
    "reimbursement_reverted": TransactionType.CASHBACK,
}
# Moves inside the app (locking, earn programs): the balance stays in the account.
INTERNAL = frozenset(
    {
        "lockup_lock",
        "lockup_unlock",
        "lockup_upgrade",
        "finance.lockup.dpos_lock.crypto_wallet",
        "finance.lockup.dpos_unlock.crypto_wallet",
        "crypto_earn_program_created",
        "crypto_earn_program_withdrawn",
        "supercharger_deposit",
        "supercharger_withdrawal",
        "airdrop_to_exchange_transfer",
        "dynamic_coin_swap_bonus_exchange_deposit",
        "council_node_deposit_created",
        "trading.limit_order.fiat_wallet.purchase_lock",
        "trading.limit_order.fiat_wallet.purchase_unlock",
        "trading.limit_order.fiat_wallet.sell_lock",
        "trading.limit_order.cash_account.purchase_lock",
        "trading.limit_order.cash_account.purchase_unlock",
        "finance.dpos.staking.crypto_wallet",
        "finance.dpos.unstaking.crypto_wallet",
    }
)
# Conversions Crypto.com lists as a debited and a credited row with the same timestamp.
HALVES = ("_debited", "_credited")


def _single(row: Row, kind: str, asset: str, amount: Decimal) -> ParsedTransaction:
    tx_type = fiat_transfer(SINGLE[kind], asset)
    flow = Flow(
        "IN" if amount > 0 else "OUT",
        asset,
        abs(amount),
        value=_native(row),
        value_currency=row.text("Native Currency").upper() or None,
    )
    return _tx(row, tx_type, (flow,))


def _native(row: Row) -> Decimal | None:
    native = row.decimal("Native Amount")
    return None if native is None else abs(native)


def _tx(row: Row, tx_type: TransactionType, flows: tuple[Flow, ...]) -> ParsedTransaction:
    timestamp = row.timestamp("Timestamp (UTC)")
    return ParsedTransaction(
        "",
        timestamp,
        tx_type,
        flows,
        row.number,
        description=row.text("Transaction Description"),
        tx_hash=row.text("Transaction Hash") or None,
        label=row.text("Transaction Kind"),
    )


def _exchange(row: Row, asset: str, amount: Decimal) -> ParsedTransaction:
    target = row.text("To Currency").upper()
    received = row.decimal("To Amount")
    if not target or not received:
        target, received = row.asset("Native Currency"), _native(row)
    if not received:
        raise CellError("To Amount", "an exchange needs the amount received")
    if amount > 0:  # a purchase lists what was bought as Currency/Amount, paid in the native currency
        flows = (Flow("IN", asset, amount), Flow("OUT", target, abs(received)))
        return _tx(row, trade_type(asset, target), flows)
    flows = (Flow("OUT", asset, -amount), Flow("IN", target, abs(received)))
    return _tx(row, trade_type(target, asset), flows)


def _row(row: Row) -> ParseItem:
    kind = row.text("Transaction Kind").casefold()
    asset = row.asset("Currency")
    amount = row.decimal("Amount")
    if amount is None:
        raise CellError("Amount", "a number is required but the cell is empty")
    row.timestamp("Timestamp (UTC)")
    if not kind and is_fiat(asset):
        # The card export's rows (card_transactions_record): the App header, no kind, card spending and
        # top-ups in fiat. BittyTax reads a row without a kind as a fiat movement; the top-ups are in
        # the App's crypto and fiat wallet exports (card_top_up, viban_card_top_up).
        return row.ignored(f"a card or fiat wallet row without a kind, in {asset}: it moves no crypto")
    if kind in INTERNAL:
        return row.ignored(
            f"{row.text('Transaction Description') or kind} moves funds inside the Crypto.com app"
        )
    if not amount:
        return row.ignored("the amount is zero")
    if kind in EXCHANGES:
        return _exchange(row, asset, amount)
    if kind.endswith(HALVES):
        return _tx(row, TransactionType.TRADE, (Flow("IN" if amount > 0 else "OUT", asset, abs(amount)),))
    if kind in SINGLE:
        return _single(row, kind, asset, amount)
    flows = [Flow("IN" if amount > 0 else "OUT", asset, abs(amount))]
    received = row.decimal("To Amount")
    if row.text("To Currency") and received:
        flows.append(Flow("IN", row.asset("To Currency"), abs(received)))
    return by_movement(
        row.number,
        "",  # keyed with the file's other rows in `parse`
        row.timestamp("Timestamp (UTC)"),
        flows,
        source="Crypto.com",
        source_type=row.text("Transaction Kind"),
        description=row.text("Transaction Description"),
        tx_hash=row.text("Transaction Hash") or None,
    )


def parse(sheet: Sheet) -> Iterator[ParseItem]:
    columns = Columns(sheet.header)
    keys = KeyCounter()
    half: ParsedTransaction | None = None
    for number, cells in sheet.rows():
        row = Row(number, cells, columns)
        try:
            item = _row(row)
        except CellError as exc:
            item = RowError(number, exc.column, exc.problem)
        if isinstance(item, ParsedTransaction):
            item = _keyed(item, keys, cells)
            if half is not None and _pairs(half, item):
                yield _keyed_pair(half, item)
                half = None
                continue
        if half is not None:
            yield half
            half = None
        if (
            isinstance(item, ParsedTransaction)
            and item.review is None
            and (item.label or "").casefold().endswith(HALVES)
        ):
            half = item
        else:
            yield item
    if half is not None:
        yield half


def _keyed(item: ParsedTransaction, keys: KeyCounter, cells: object) -> ParsedTransaction:
    return replace(item, key=keys.key(digest(repr(cells))))


def _pairs(first: ParsedTransaction, second: ParsedTransaction) -> bool:
    base = (first.label or "").casefold().rsplit("_", 1)[0]
    return (
        (second.label or "").casefold().rsplit("_", 1)[0] == base
        and first.timestamp == second.timestamp
        and first.flows[0].direction != second.flows[0].direction
    )


def _keyed_pair(first: ParsedTransaction, second: ParsedTransaction) -> ParsedTransaction:
    flows = first.flows + second.flows
    received = next(flow.asset for flow in flows if flow.direction == "IN")
    sent = next(flow.asset for flow in flows if flow.direction == "OUT")
    return ParsedTransaction(
        first.key,
        first.timestamp,
        trade_type(received, sent),
        flows,
        first.row,
        first.description,
        first.tx_hash,
        first.label,
    )


# --- the Crypto.com Exchange ------------------------------------------------------------------------
# Spot trade history (BittyTax/BittyTax bittytax/conv/parsers/cryptocom_exchange.py and
# fiscafacile/CryptoFiscaFacile cryptocom/csv_exchange_spot_trade.go: "liquditiy_indicator" spelt as the
# export spells it, times "2006-01-02 15:04:05.000" in UTC, a symbol BASE_QUOTE, the quote amount
# traded_quantity × traded_price, the fee apart in fee_currency).
EXCHANGE_TRADES = (
    "account_type",
    "order_id",
    "trade_id",
    "create_time_utc",
    "symbol",
    "side",
    "liquditiy_indicator",
    "traded_price",
    "traded_quantity",
    "fee",
    "fee_currency",
)


def _exchange_trade(row: Row) -> ParsedTransaction | Ignored:
    key = f"exchange-trade-{row.required('trade_id')}"
    timestamp = row.timestamp("create_time_utc")
    pair = row.required("symbol")
    base, _, quote = pair.partition("_")
    if not quote:
        raise CellError("symbol", f"{pair!r} is not a pair written BASE_QUOTE")
    base, quote = checked_symbol(base, "symbol"), checked_symbol(quote, "symbol")
    size = row.quantity("traded_quantity")
    total = size * row.quantity("traded_price")
    side = row.required("side").casefold()
    if side == "sell":
        flows = [Flow("OUT", base, size), Flow("IN", quote, total)]
    else:  # a side Crypto.com may add is read as a buy and left for review
        flows = [Flow("IN", base, size), Flow("OUT", quote, total)]
    fee = row.quantity("fee") if row.text("fee") else Decimal(0)
    if fee:
        flows.append(Flow("OUT", row.asset("fee_currency"), fee, is_fee=True))
    account = row.required("account_type")
    if side not in ("buy", "sell") or account.casefold() != "spot":
        return by_movement(
            row.number,
            key,
            timestamp,
            flows,
            source="Crypto.com Exchange",
            source_type=f"{account} {row.text('side')}",
            description=pair,
        )
    received, sent = (quote, base) if side == "sell" else (base, quote)
    return ParsedTransaction(
        key, timestamp, trade_type(received, sent), tuple(flows), row.number, description=pair
    )


def parse_exchange_trades(sheet: Sheet) -> Iterator[ParseItem]:
    return parse_rows(sheet, _exchange_trade)


FORMATS: tuple[FileFormat, ...] = (
    FileFormat(
        "cryptocom",
        "Crypto.com App transactions",
        lambda s: header_has(s, *COLUMNS),
        parse,
        import_type=ImportType.TRANSACTION_HISTORY,
        integration="cryptocom",
    ),
    FileFormat(
        "cryptocom-exchange-trades",
        "Crypto.com Exchange trade history",
        lambda s: header_has(s, *EXCHANGE_TRADES),
        parse_exchange_trades,
        import_type=ImportType.TRADE_IMPORTS,
        integration="cryptocom",
    ),
)
