"""CoinJar Exchange's trading API (docs.exchange.coinjar.com): the user's fills, `GET /fills`, with a
bearer token. The list is newest first; an answer with more after it names the next page in its
`x-cjx-cursor` header, asked for with `?cursor=`. A fill: `tid`, `oid`, `product_id`, `price`, `size`,
`value`, `side`, `liquidity`, `timestamp`, `estimated_fee`.

The history is N generated fills in BTCAUD, ETHAUD and ETHBTC, buys and sells, maker and taker.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from tests.fakes.server import Answer, FakeExchange, Request

EPOCH = datetime(2023, 5, 1, tzinfo=UTC)
PAGE = 100
PRODUCTS = {"BTCAUD": Decimal(40000), "ETHAUD": Decimal(2800), "ETHBTC": Decimal("0.07")}


@dataclass(frozen=True)
class Fill:
    tid: int
    oid: int
    product_id: str
    price: Decimal
    size: Decimal
    side: str
    liquidity: str
    timestamp: datetime

    @property
    def value(self) -> Decimal:
        return self.price * self.size

    @property
    def fee(self) -> Decimal:
        return (self.value * Decimal("0.001")).quantize(Decimal("0.00000001"))


class CoinjarFake(FakeExchange):
    def __init__(self, token: str, fills: int = 0) -> None:
        super().__init__()
        self.token = token
        self.fills: list[Fill] = []  # oldest first
        self.add_fills(fills)

    def add_fills(self, count: int) -> None:
        products = list(PRODUCTS)
        for n in range(len(self.fills), len(self.fills) + count):
            product = products[n % len(products)]
            self.fills.append(
                Fill(
                    tid=1000 + n,
                    oid=50_000 + n // 2,
                    product_id=product,
                    price=PRODUCTS[product],
                    size=Decimal("0.05") if product.startswith("BTC") else Decimal("0.4"),
                    side="buy" if n % 2 else "sell",
                    liquidity="maker" if n % 5 else "taker",
                    timestamp=EPOCH + timedelta(minutes=7 * n, milliseconds=n % 1000),
                )
            )

    def answer(self, request: Request) -> Answer:
        if request.headers.get("authorization") != f"Bearer {self.token}":
            return self.invalid_key()
        if request.method == "GET" and request.path == "/fills":
            start = int(request.query.get("cursor") or 0)
            listed = self.fills[::-1]
            page = listed[start : start + PAGE]
            more = start + PAGE < len(listed)
            headers = {"x-cjx-cursor": str(start + PAGE)} if more else {}
            return Answer(200, [_fill(f) for f in page], headers=headers)
        return Answer(404, {"error_type": "NOT_FOUND", "error_messages": ["Not found"]})

    def invalid_key(self) -> Answer:
        return Answer(401, {"error_type": "UNAUTHORIZED", "error_messages": ["Invalid token"]})


def _fill(fill: Fill) -> dict[str, object]:
    return {
        "tid": fill.tid,
        "oid": fill.oid,
        "product_id": fill.product_id,
        "price": f"{fill.price:.8f}",
        "size": f"{fill.size:.8f}",
        "value": f"{fill.value:.8f}",
        "side": fill.side,
        "liquidity": fill.liquidity,
        "timestamp": fill.timestamp.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "estimated_fee": f"{fill.fee:.8f}",
    }
