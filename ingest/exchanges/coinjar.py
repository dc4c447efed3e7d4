"""CoinJar through the CoinJar Exchange trading API with an OAuth access token: the account's fills.

`GET /fills` lists the user's fills newest first; a page's answer names the next page in its
`x-cjx-cursor` header, asked for with `?cursor=`. A fill is one trade: `tid` (its id), `oid` (its
order), `product_id` ("BTCAUD"), `price`, `size` (base units), `value` (quote units), `side`,
`liquidity`, `timestamp`, and `estimated_fee` (quote units) where the API gives it. Cairn reads no
CoinJar export, so the key is the fill's id ("fill:{tid}").

Not covered, because CoinJar documents no API for it: the CoinJar app's own history (buys, sells,
sends and receives in the app, card spending). CoinJar Exchange's `/transfers` list documents no asset
per transfer, so deposits to and withdrawals from the Exchange are not synced either.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

import ccxt

from ingest.exchanges.client import ExchangeClient
from ingest.exchanges.model import Batch, Cursor
from ingest.files.model import Flow, ParsedTransaction
from ingest.files.values import trade_type

FILLS = "fills"
CURSOR_HEADER = "x-cjx-cursor"
# What CoinJar Exchange trades against, longest first: a product id is a base code then one of these.
QUOTES = ("USDC", "USDT", "AUD", "GBP", "BTC")


class CoinjarApi(ccxt.Exchange):
    """CoinJar Exchange's trading API as a ccxt exchange, which ccxt has none of: the bearer token, the
    documented rate limit, and HTTP failures raised as ccxt's errors so `ExchangeClient` retries and
    classifies them."""

    def describe(self) -> Any:
        return self.deep_extend(
            super().describe(),
            {
                "id": "coinjar",
                "name": "CoinJar",
                "rateLimit": 1000,  # 600 requests per 10 minutes
                "urls": {"api": {"private": "https://api.exchange.coinjar.com"}},
            },
        )

    def sign(
        self,
        path: str,
        api: Any = "private",
        method: str = "GET",
        params: Any = None,
        headers: Any = None,
        body: Any = None,
    ) -> dict[str, Any]:
        query = f"?{urlencode(params)}" if params else ""
        return {
            "url": f"{self.urls['api']['private']}/{path}{query}",
            "method": method,
            "body": None,
            "headers": {"Authorization": f"Bearer {self.token}"},
        }

    def private_get_fills(self, params: dict[str, Any]) -> Any:
        return self.request("fills", "private", "GET", params)


class CoinjarConnector:
    def __init__(self, client: ExchangeClient) -> None:
        self.client = client

    def verify(self) -> None:
        self.client.call("private_get_fills", {})

    def sync(self, cursors: Mapping[str, Cursor]) -> Iterator[Batch]:
        """One batch of the fills after the cursor (the highest `tid` stored); fills are final."""
        stored = int(cursors.get(FILLS, {}).get("tid", 0))
        with self.client.reading("CoinJar fills"):
            found = self._newer_than(stored)
            if found:
                oldest_first = sorted(found, key=lambda fill: int(fill["tid"]))
                transactions = [_trade(number, fill) for number, fill in enumerate(oldest_first, start=1)]
                yield Batch(FILLS, transactions, {"tid": int(oldest_first[-1]["tid"])})

    def _newer_than(self, stored: int) -> list[dict[str, Any]]:
        found: dict[int, dict[str, Any]] = {}  # by tid: a fill made while paging shifts one into two pages
        params: dict[str, Any] = {}
        while True:
            page = self.client.call("private_get_fills", params)
            if not isinstance(page, list):
                raise self.client.malformed(f"fills are not a list: {str(page)[:100]}")
            newer = [fill for fill in page if int(fill["tid"]) > stored]
            found |= {int(fill["tid"]): fill for fill in newer}
            following = (self.client.exchange.last_response_headers or {}).get(CURSOR_HEADER)
            if not following or len(newer) < len(page) or not page:
                return list(found.values())
            params = {"cursor": following}


def _market(product: str) -> tuple[str, str]:
    quote = next((q for q in QUOTES if product.endswith(q) and len(product) > len(q)), None)
    if quote is None:
        raise ValueError(f"product {product!r} is not a base code and a quote of {QUOTES}")
    return product[: -len(quote)], quote


def _trade(number: int, fill: dict[str, Any]) -> ParsedTransaction:
    base, quote = _market(fill["product_id"])
    size, value = Decimal(fill["size"]), Decimal(fill["value"])
    if fill["side"] not in ("buy", "sell"):
        raise ValueError(f"side {fill['side']!r}")
    bought, paid = ((base, size), (quote, value)) if fill["side"] == "buy" else ((quote, value), (base, size))
    fee = Decimal(fill.get("estimated_fee") or 0)
    flows = (
        Flow("IN", *bought),
        Flow("OUT", *paid),
        *([Flow("OUT", quote, abs(fee), is_fee=True)] if fee else []),
    )
    return ParsedTransaction(
        f"fill:{fill['tid']}",
        datetime.fromisoformat(fill["timestamp"].replace("Z", "+00:00")).astimezone(UTC),
        trade_type(bought[0], paid[0]),
        flows,
        number,
        description=f"CoinJar Exchange {fill['product_id']} order {fill['oid']}",
        label=fill["side"],
    )
