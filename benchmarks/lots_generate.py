"""Realistic ledgers for the lot engine benchmarks.

N transactions over K assets and W wallets, a few seconds apart: buys against USD with a fiat
fee, sells paying a crypto fee, crypto-to-crypto trades with a fiat fee, transfers between own
wallets paying a crypto network fee, staking and interest income. Prices are integer cents on a
deterministic random walk and quantities have 8 decimals, so every value (quantity × price) is
exact. Nothing is ever spent beyond what its wallet holds, so RP2 accepts the same history.
The same seed gives the same ledger.

`transactions()` returns one row per transaction (with the spot prices the RP2 comparison
needs); `ledger()` turns them into Cairn's one-row-per-flow ledger.
"""

import argparse
import random
from datetime import UTC, datetime
from pathlib import Path

import polars as pl

START = datetime(2019, 1, 1, tzinfo=UTC)
KINDS = ("BUY", "SELL", "TRADE", "TRANSFER", "STAKING_REWARD", "INTEREST")
WEIGHTS = (38, 22, 14, 12, 9, 5)
SATOSHI = 10**8


def transactions(n: int, assets: int = 12, wallets: int = 4, seed: int = 7) -> pl.DataFrame:
    """One row per transaction: kind, asset, to_asset, account, to_account, quantities in 1e-8
    units, spot prices in cents, fiat fee in cents and crypto fee in 1e-8 units."""
    rng = random.Random(seed)
    symbols = [f"C{index:02d}" for index in range(assets)]
    accounts = [f"wallet-{index}" for index in range(wallets)]
    price = {symbol: rng.randrange(100, 5_000_000) for symbol in symbols}
    popularity = [1 / (rank + 1) for rank in range(assets)]
    held: dict[tuple[str, str], int] = {}
    rows = []
    seconds = 0
    for number in range(n):
        seconds += rng.randrange(1, 120)
        kind = rng.choices(KINDS, WEIGHTS)[0]
        asset, other = rng.choices(symbols, popularity, k=2)
        if other == asset:
            other = symbols[(symbols.index(asset) + 1) % assets]
        for symbol in (asset, other):
            step = price[symbol] // 50 + 1
            price[symbol] = max(1, price[symbol] + rng.randrange(-step, step + 1))
        account = rng.choice(accounts)
        to_account = accounts[(accounts.index(account) + rng.randrange(1, wallets)) % wallets]
        drawn = max(1, rng.randrange(2_000, 2_000_000) * SATOSHI // price[asset])
        quantity = max(1, drawn // 200) if kind in ("STAKING_REWARD", "INTEREST") else drawn
        crypto_fee = max(1, quantity // 1000) if kind in ("SELL", "TRANSFER") else 0
        if kind in ("SELL", "TRADE", "TRANSFER"):
            available = held.get((asset, account), 0) - crypto_fee
            quantity = min(quantity // 2, available)
            if quantity < 1:
                kind, quantity, crypto_fee = "BUY", drawn, 0
        other_quantity = quantity * price[asset] // price[other] if kind == "TRADE" else 0
        if kind in ("BUY", "STAKING_REWARD", "INTEREST"):
            held[(asset, account)] = held.get((asset, account), 0) + quantity
        else:
            held[(asset, account)] -= quantity + crypto_fee
        if kind == "TRANSFER":
            held[(asset, to_account)] = held.get((asset, to_account), 0) + quantity
        elif kind == "TRADE":
            held[(other, account)] = held.get((other, account), 0) + other_quantity
        rows.append(
            (
                f"T{number:09d}",
                seconds,
                kind,
                asset,
                other,
                account,
                to_account,
                quantity,
                other_quantity,
                price[asset],
                price[other],
                rng.randrange(0, 500) if kind in ("BUY", "TRADE") else 0,  # fiat fee, cents
                crypto_fee,  # 1e-8 units
            )
        )
    return pl.DataFrame(
        rows,
        schema={
            "tx_id": pl.String,
            "second": pl.Int64,
            "kind": pl.String,
            "asset": pl.String,
            "to_asset": pl.String,
            "account": pl.String,
            "to_account": pl.String,
            "quantity": pl.Int64,
            "to_quantity": pl.Int64,
            "price_cents": pl.Int64,
            "to_price_cents": pl.Int64,
            "fiat_fee_cents": pl.Int64,
            "crypto_fee": pl.Int64,
        },
        orient="row",
    ).with_columns(timestamp=pl.lit(START) + pl.duration(seconds=pl.col("second")))


def _units(amount: pl.Expr, scale: int) -> pl.Expr:
    """Integer `amount` in units of 10**-scale as exact decimal text."""
    return (amount.cast(pl.Decimal(38, 0)) * pl.lit(10**-scale, pl.Decimal(38, scale))).cast(pl.String)


def ledger(txs: pl.DataFrame) -> pl.DataFrame:
    """Cairn's ledger: one row per flow (values in USD)."""
    # quantity (1e-8) × price (1e-2): exact with 10 decimals
    value = _units(pl.col("quantity") * pl.col("price_cents"), 10)
    fee_value = _units(pl.col("crypto_fee") * pl.col("price_cents"), 10)
    fiat_fee = _units(pl.col("fiat_fee_cents"), 2)

    def flow(
        kinds: tuple[str, ...],
        ordinal: int,
        *,
        account: str = "account",
        asset: pl.Expr,
        direction: str,
        quantity: pl.Expr,
        value: pl.Expr | None,
        is_fee: bool = False,
        link: bool = False,
    ) -> pl.DataFrame:
        return txs.filter(pl.col("kind").is_in(kinds)).select(
            "tx_id",
            "timestamp",
            pl.col(account).alias("account"),
            pl.col("kind").alias("type"),
            asset.alias("asset"),
            pl.lit(direction).alias("direction"),
            quantity.alias("quantity"),
            (value if value is not None else pl.lit(None, pl.String)).alias("value"),
            pl.lit(is_fee).alias("is_fee"),
            (pl.col("tx_id") if link else pl.lit(None, pl.String)).alias("link_id"),
            pl.lit(ordinal).alias("ordinal"),
        )

    crypto = _units(pl.col("quantity"), 8)
    usd = pl.lit("USD")
    parts = [
        flow(("BUY",), 0, asset=pl.col("asset"), direction="IN", quantity=crypto, value=None),
        flow(("BUY",), 1, asset=usd, direction="OUT", quantity=value, value=None),
        flow(("BUY", "TRADE"), 2, asset=usd, direction="OUT", quantity=fiat_fee, value=None, is_fee=True),
        flow(("SELL",), 0, asset=pl.col("asset"), direction="OUT", quantity=crypto, value=None),
        flow(("SELL",), 1, asset=usd, direction="IN", quantity=value, value=None),
        flow(("TRADE",), 0, asset=pl.col("asset"), direction="OUT", quantity=crypto, value=value),
        flow(
            ("TRADE",),
            1,
            asset=pl.col("to_asset"),
            direction="IN",
            quantity=_units(pl.col("to_quantity"), 8),
            value=None,
        ),
        flow(
            ("SELL", "TRANSFER"),
            3,
            asset=pl.col("asset"),
            direction="OUT",
            quantity=_units(pl.col("crypto_fee"), 8),
            value=fee_value,
            is_fee=True,
        ),
        flow(
            ("TRANSFER",), 0, asset=pl.col("asset"), direction="OUT", quantity=crypto, value=None, link=True
        ),
        flow(
            ("TRANSFER",),
            1,
            account="to_account",
            asset=pl.col("asset"),
            direction="IN",
            quantity=crypto,
            value=None,
            link=True,
        ),
        flow(
            ("STAKING_REWARD", "INTEREST"),
            0,
            asset=pl.col("asset"),
            direction="IN",
            quantity=crypto,
            value=value,
        ),
    ]
    return (
        pl.concat(parts)
        .filter(pl.col("quantity").cast(pl.Decimal(38, 10)) > 0)
        .sort("tx_id", "ordinal")
        .drop("ordinal")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transactions", type=int)
    parser.add_argument("out", type=Path, help="ledger file (.parquet or .csv)")
    parser.add_argument("--assets", type=int, default=12)
    parser.add_argument("--wallets", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    frame = ledger(transactions(args.transactions, args.assets, args.wallets, args.seed))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.out.suffix == ".parquet":
        frame.with_columns(pl.col("quantity", "value").cast(pl.Decimal(38, 18))).write_parquet(args.out)
    else:
        frame.write_csv(args.out)
    print(f"{args.transactions} transactions, {frame.height} flows → {args.out}")


if __name__ == "__main__":
    main()
