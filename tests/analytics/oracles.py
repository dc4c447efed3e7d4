"""Turning the oracle inputs (RP2's and the UK calculator's) into Cairn ledgers."""

import csv
from decimal import Decimal
from pathlib import Path

import polars as pl

from vocabulary.lot_engine import LEDGER_COLUMNS

ORACLES = Path(__file__).resolve().parents[3] / "shared" / "data" / "oracles"
RP2 = ORACLES / "rp2"
UK = ORACLES / "uk"

_RP2_INCOME = {
    "AIRDROP": "AIRDROP",
    "HARDFORK": "FORK",
    "INCOME": "INCOME",
    "INTEREST": "INTEREST",
    "MINING": "MINING_REWARD",
    "STAKING": "STAKING_REWARD",
    "WAGES": "INCOME",
}
_RP2_OUT = {
    "SELL": "SELL",
    "GIFT": "GIFT_SENT",
    "DONATE": "DONATION",
    "FEE": "FEE",
    "STAKING": "STAKING_REWARD",
}


def _flow(
    tx: str,
    when: str,
    account: str,
    kind: str,
    asset: str,
    direction: str,
    quantity: Decimal,
    value: Decimal | None = None,
    *,
    is_fee: bool = False,
    link: str = "",
) -> dict[str, str]:
    return {
        "tx_id": tx,
        "timestamp": when,
        "account": account,
        "type": kind,
        "asset": asset,
        "direction": direction,
        "quantity": str(quantity),
        "value": "" if value is None else str(value),
        "is_fee": "true" if is_fee else "false",
        "link_id": link,
    }


def rp2_ledger(test: str) -> pl.DataFrame:
    """RP2's input rows as flows. tx ids sort by (table, row) so ties break as RP2's do."""
    flows = []
    for row in csv.DictReader((RP2 / "inputs.csv").open()):
        if row["test"] != test:
            continue
        tx = f"{row['sheet']}-{row['table']}-{int(row['row']):03d}"
        asset, when, kind = row["asset"], row["timestamp"], row["transaction_type"].upper()
        account = f"{row['exchange']}/{row['holder']}"
        spot = Decimal(row["spot_price"]) if row["spot_price"] else None
        quantity = Decimal(row["quantity"])
        crypto_fee = Decimal(row["crypto_fee"] or 0)
        if row["table"] == "IN":
            value = Decimal(row["fiat_in_no_fee"]) if row["fiat_in_no_fee"] else quantity * spot  # type: ignore[operator]
            flows.append(_flow(tx, when, account, _RP2_INCOME.get(kind, "BUY"), asset, "IN", quantity, value))
            if row["fiat_fee"] and Decimal(row["fiat_fee"]):
                flows.append(
                    _flow(tx, when, account, "BUY", "USD", "OUT", Decimal(row["fiat_fee"]), is_fee=True)
                )
        elif row["table"] == "OUT":
            value = quantity * spot  # type: ignore[operator]
            flows.append(
                _flow(tx, when, account, _RP2_OUT[kind], asset, "OUT", quantity, value, is_fee=kind == "FEE")
            )
            if kind == "SELL":
                flows.append(_flow(tx, when, account, "SELL", "USD", "IN", value))
        else:
            received = Decimal(row["crypto_received"])
            to_account = f"{row['to_exchange']}/{row['to_holder']}"
            flows.append(_flow(tx, when, account, "TRANSFER", asset, "OUT", received, link=tx))
            flows.append(_flow(tx, when, to_account, "TRANSFER", asset, "IN", received, link=tx))
            crypto_fee = quantity - received
        if crypto_fee:
            flows.append(
                _flow(tx, when, account, "FEE", asset, "OUT", crypto_fee, crypto_fee * spot, is_fee=True)
            )  # type: ignore[operator]
    return pl.DataFrame(flows, schema=dict.fromkeys(LEDGER_COLUMNS, pl.String))


def rp2_crypto_fee_events(test: str) -> set[tuple[str, str]]:
    """(asset, timestamp) of RP2 events whose crypto fee RP2 folds into the event's lot slices."""
    return {
        (row["asset"], row["timestamp"])
        for row in csv.DictReader((RP2 / "inputs.csv").open())
        if row["test"] == test
        and (
            Decimal(row["crypto_fee"] or 0)
            or (row["crypto_received"] and row["crypto_received"] != row["quantity"])
        )
    }


def uk_ledger(case: str) -> pl.DataFrame:
    """A UK case as flows in USD (the README: with no GBP prices, USD counts 1:1)."""
    flows = []
    for number, row in enumerate(csv.DictReader((UK / "tx.csv").open())):
        if row["case_id"] != case or row["type"] == "TRANSFER":
            continue
        tx, when, asset = f"{number:04d}", row["timestamp"], row["asset"]
        quantity, fee = Decimal(row["quantity"]), Decimal(row["fee"])
        cash = abs(Decimal(row["fiat_amount"]))
        if row["type"] == "BUY":
            flows.append(_flow(tx, when, "broker", "BUY", asset, "IN", quantity))
            flows.append(_flow(tx, when, "broker", "BUY", "USD", "OUT", cash - fee))
        else:
            flows.append(_flow(tx, when, "broker", "SELL", asset, "OUT", quantity))
            flows.append(_flow(tx, when, "broker", "SELL", "USD", "IN", cash + fee))
        if fee:
            flows.append(_flow(tx, when, "broker", row["type"], "USD", "OUT", fee, is_fee=True))
    return pl.DataFrame(flows, schema=dict.fromkeys(LEDGER_COLUMNS, pl.String))
