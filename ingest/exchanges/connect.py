"""The connector for a ccxt exchange id: a specific one where the exchange needs it, else the generic one.

Uphold and CoinJar are not in ccxt: their ids name the ccxt-style API classes of their own modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ccxt

from ingest.exchanges.binance import BinanceConnector
from ingest.exchanges.client import Credentials, ExchangeClient
from ingest.exchanges.coinbase import CoinbaseConnector
from ingest.exchanges.coinjar import CoinjarApi, CoinjarConnector
from ingest.exchanges.generic import GenericConnector
from ingest.exchanges.kraken import KrakenConnector
from ingest.exchanges.kucoin import KucoinConnector
from ingest.exchanges.model import Connector
from ingest.exchanges.uphold import UpholdApi, UpholdConnector

SPECIFIC: dict[str, Callable[[ExchangeClient], Connector]] = {
    "kraken": KrakenConnector,
    "binance": BinanceConnector,
    "coinbase": CoinbaseConnector,
    "kucoin": KucoinConnector,
    "uphold": UpholdConnector,
    "coinjar": CoinjarConnector,
}
OWN_APIS: dict[str, type[ccxt.Exchange]] = {"uphold": UpholdApi, "coinjar": CoinjarApi}


def connect(
    exchange_id: str, credentials: Credentials, base_url: str | None = None, **client: Any
) -> Connector:
    """`base_url` replaces the origin of ccxt's API addresses; `client` options go to `ExchangeClient`."""
    return SPECIFIC.get(exchange_id, GenericConnector)(
        ExchangeClient(exchange_id, credentials, base_url, api=OWN_APIS.get(exchange_id), **client)
    )
