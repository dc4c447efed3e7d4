"""The demo's outside world: `python -m tests.fakes.demo KRAKEN ESPLORA ETHERSCAN EVM_RPC` (the ports)
serves the fakes of Kraken, Esplora, Etherscan and an Ethereum node holding what the demo user links
(stack/demo.py's key, zpub and address), until SIGTERM. `cairn run --demo` runs it (stack/demo_fakes.py).

The histories are small and dated in the price table's years, at its prices: a Kraken account's USD
deposit and weekly BTC and ETH trades through 2021, an HD wallet's receives and spends with change,
and an Ethereum address that swapped ETH for USDC and paid some on.
"""

from __future__ import annotations

import signal
import sys
import threading
from datetime import UTC, date, datetime, time, timedelta
from decimal import ROUND_DOWN, Decimal
from types import FrameType

from ingest.chains.hd import ExtendedKey
from ingest.chains.networks import BITCOIN
from stack.demo import DEMO_ETH_ADDRESS, DEMO_KRAKEN_KEY, DEMO_KRAKEN_SECRET, DEMO_ZPUB, load_prices
from tests.fakes.esplora import EsploraServer, WalletHistory, hd_wallet_history
from tests.fakes.etherscan import ETHER, EtherscanServer, EvmWallet
from tests.fakes.evm_rpc import EvmRpcServer
from tests.fakes.kraken import KrakenFake

KRAKEN_WEEKS = 30  # one trade a week
KRAKEN_DEPOSIT = Decimal(10_000)
KRAKEN_BUY = Decimal(300)  # dollars a buy spends; every fifth week sells a third of the coin instead
FIRST_WEEK = date(2021, 1, 4)
BTC_RECEIVES = 4
USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"  # the real contract, which Cairn prices
OUTSIDE = "0x" + "b2" * 20
ROUTER = "0x" + "c3" * 20
ETH_TRANSACTIONS = 5  # Cairn keeps a transaction's token transfers apart from its ether: 3 + 2


def kraken_history(kraken: KrakenFake, prices: dict[tuple[str, date], Decimal]) -> int:
    """The deposit and the trades; the number of transactions they make (a trade's two legs are one)."""
    kraken.add_entry("deposit", "ZUSD", KRAKEN_DEPOSIT, when=datetime.combine(FIRST_WEEK, time(9), UTC))
    held = {"XXBT": Decimal(0), "XETH": Decimal(0)}
    for week in range(KRAKEN_WEEKS):
        day = FIRST_WEEK + timedelta(weeks=week)
        base, symbol = ("XXBT", "BTC") if week % 2 == 0 else ("XETH", "ETH")
        price = prices[(symbol, day)].quantize(Decimal("0.1"))
        if week % 5 == 4:
            side, volume = "sell", (held[base] / 3).quantize(Decimal("1E-8"), rounding=ROUND_DOWN)
        else:
            side, volume = "buy", (KRAKEN_BUY / price).quantize(Decimal("1E-8"), rounding=ROUND_DOWN)
        held[base] += volume if side == "buy" else -volume
        kraken.add_trade(datetime.combine(day, time(14, week), UTC), base, side, volume, price)
    return 1 + KRAKEN_WEEKS


def bitcoin_history(esplora: EsploraServer) -> WalletHistory:
    return hd_wallet_history(esplora, ExtendedKey(DEMO_ZPUB, BITCOIN), used_receive=BTC_RECEIVES)


def ethereum_history(etherscan: EtherscanServer) -> None:
    """Received 1.5 ETH, swapped 0.5 ETH for 960 USDC, paid 200 USDC on."""
    wallet = EvmWallet(etherscan, 1)
    wallet.send(OUTSIDE, DEMO_ETH_ADDRESS, 3 * ETHER // 2)
    method = "swapExactETHForTokens(uint256,address[],address,uint256)"
    swap = wallet.send(DEMO_ETH_ADDRESS, ROUTER, ETHER // 2, method=method)
    wallet.token(swap, USDC, ROUTER, DEMO_ETH_ADDRESS, 960 * 10**6, "USDC", "USD Coin", 6)
    pay = wallet.send(DEMO_ETH_ADDRESS, USDC, 0, method="transfer(address,uint256)")
    wallet.token(pay, USDC, DEMO_ETH_ADDRESS, OUTSIDE, 200 * 10**6, "USDC", "USD Coin", 6)


def main(ports: list[str]) -> int:
    kraken_port, esplora_port, etherscan_port, rpc_port = (int(port) for port in ports)
    stop = threading.Event()

    def on_signal(number: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    # Each listens once made, but answers only once entered: after its history is written.
    kraken = KrakenFake(DEMO_KRAKEN_KEY, DEMO_KRAKEN_SECRET, port=kraken_port)
    esplora, etherscan = EsploraServer(esplora_port), EtherscanServer(etherscan_port)
    node = EvmRpcServer(etherscan.accounts, 1, port=rpc_port)
    kraken_history(kraken, load_prices())
    bitcoin_history(esplora)
    ethereum_history(etherscan)
    with kraken, esplora, etherscan, node:
        for name, fake in (("Kraken", kraken), ("Esplora", esplora), ("Etherscan", etherscan), ("RPC", node)):
            print(f"The demo's {name} fake serves {fake.url}", flush=True)
        stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
