"""PriceFetchWorkflow on the real servers against local fakes of CoinGecko and CryptoCompare: it fills
the price table beyond the bundled closes for every priced asset and FX pair (CoinGecko for crypto,
CryptoCompare for FX and when CoinGecko fails), stores the market data, does nothing twice; a run then
values flows at the provider's closes (source PROVIDER), leaves a flow beyond every close without a
value (a MISSING_PRICE_HISTORY callout), and the public price pages show the market data. The
provider's closes and market data are deleted after each test: the table is shared by the session."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from temporalio.client import Client, ScheduleActionStartWorkflow

from api.schema.scalars import format_decimal
from contracts.ids import price_fetch_schedule_id
from contracts.prices import (
    DAILY_HOUR_UTC,
    PRICE_FETCH_WORKFLOW,
    PriceFetchSummary,
    ensure_price_schedule,
    price_fetch,
)
from contracts.search import KIND
from contracts.starting import start_workflow
from ingest.prices.coingecko import COIN_IDS
from ledger.infra.settings import Settings
from ledger.models import Price, TransactionCallout
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, signed_up_user
from tests.api.test_prices import public_data
from tests.fakes.price_providers import FakeCoinGecko, FakeCryptoCompare, market_row, restore_price_table
from tests.fakes.server import Fault
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into
from vocabulary.enums import CalloutType
from vocabulary.enums import TransactionType as Type
from vocabulary.price_sources import BUNDLED_PRICE_SOURCE, COINGECKO, CRYPTOCOMPARE

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

LAST = date(2025, 2, 16)  # the last close fetched; the bundled table ends on 2025-02-11
Closes = dict[tuple[str, str], dict[date, Decimal]]
RANKED = """
query { coinPrices(ranking: TRADING_VOLUME, limit: 3) { items { symbol day price marketCap volume24h } } }
"""
ETH_PAGE = (
    'query { coinPricePage(symbolNameOrSlug: "eth") { marketInfo { marketCap volume24h marketUpdatedAt } } }'
)


def provider_closes(session: Session) -> Closes:
    """For every pair of the table, a close a day from the day after its last one up to LAST."""
    last = session.execute(
        select(Price.symbol, Price.quote, func.max(Price.date)).group_by(Price.symbol, Price.quote)
    )
    closes: Closes = {}
    for symbol, quote, day in last:
        start = session.scalar(
            select(Price.close).where(Price.symbol == symbol, Price.quote == quote, Price.date == day)
        )
        assert start is not None
        closes[(symbol, quote)] = {
            day + timedelta(days=n): (start * (100 + n) / 100).quantize(Decimal("0.0001"))
            for n in range(1, (LAST - day).days + 1)
        }
    return closes


class Providers:
    def __init__(self, gecko: FakeCoinGecko, compare: FakeCryptoCompare, closes: Closes) -> None:
        self.gecko, self.compare, self.closes = gecko, compare, closes


@pytest.fixture
def providers(servers: Settings, db_engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[Providers]:
    with Session(db_engine) as session:
        closes = provider_closes(session)
    try:
        with (
            FakeCoinGecko(closes, api_key="gecko-key") as gecko,
            FakeCryptoCompare(closes, "cc-key") as compare,
        ):
            gecko.markets["bitcoin"] = market_row("bitcoin", "BTC", 97000.5, 1.92e12, 3.3e10)
            gecko.markets["ethereum"] = market_row("ethereum", "ETH", 2700.25, 3.25e11, 1.5e10)
            for name, value in (
                ("coingecko_url", gecko.url),
                ("coingecko_api_key", "gecko-key"),
                ("cryptocompare_url", compare.url),
                ("cryptocompare_api_key", "cc-key"),
                ("price_rate_limits", False),
            ):
                monkeypatch.setattr(servers, name, value)
            yield Providers(gecko, compare, closes)
    finally:
        restore_price_table(db_engine)


async def fetched(client: Client, task_queue: str) -> PriceFetchSummary:
    workflow_id = await start_workflow(client, task_queue, price_fetch(LAST.isoformat()))
    summary: PriceFetchSummary = await client.get_workflow_handle(
        workflow_id, result_type=PriceFetchSummary
    ).result()
    return summary


def stored(engine: Engine, symbol: str, quote: str = "USD") -> dict[date, tuple[Decimal, str]]:
    with Session(engine) as session:
        rows = session.execute(
            select(Price.date, Price.close, Price.source).where(
                Price.symbol == symbol, Price.quote == quote, Price.date > date(2025, 2, 11)
            )
        )
        return {day: (close, source) for day, close, source in rows}


async def test_the_fetch_fills_the_table_beyond_its_end_and_stores_market_data_once(
    providers: Providers,
    temporal_client: Client,
    task_queue: str,
    db_engine: Engine,
    client: httpx.AsyncClient,
) -> None:
    summary = await fetched(temporal_client, task_queue)
    assert all(failure.split("/")[0] not in {s for s, _ in providers.closes} for failure in summary.failed)
    assert summary.market == 2
    for symbol in COIN_IDS:
        assert stored(db_engine, symbol) == {
            day: (close, COINGECKO) for day, close in providers.closes[(symbol, "USD")].items()
        }
    for pair in (("EUR", "USD"), ("USD", "JPY")):
        assert stored(db_engine, *pair) == {
            day: (close, CRYPTOCOMPARE) for day, close in providers.closes[pair].items()
        }
    assert summary.closes == sum(len(closes) for closes in providers.closes.values())
    with Session(db_engine) as session:  # the bundled closes are kept as they were
        assert (
            session.scalar(
                select(Price.source).where(
                    Price.symbol == "BTC", Price.quote == "USD", Price.date == date(2025, 2, 11)
                )
            )
            == BUNDLED_PRICE_SOURCE
        )

    asked = len(providers.gecko.asked) + len(providers.compare.asked)
    again = await fetched(temporal_client, task_queue)
    assert (again.closes, again.market) == (0, 2)
    assert len(providers.gecko.asked) + len(providers.compare.asked) == asked + 1  # the market data only

    items = (await public_data(client, RANKED))["coinPrices"]["items"]
    btc_close = providers.closes[("BTC", "USD")][LAST]
    assert items[0] == {
        "symbol": "BTC",
        "day": LAST.isoformat(),
        "price": format_decimal(btc_close),
        "marketCap": "1920000000000",
        "volume24h": "33000000000",
    }
    assert items[1]["symbol"] == "ETH"
    assert items[2]["marketCap"] is None
    assert (await public_data(client, ETH_PAGE))["coinPricePage"]["marketInfo"] == {
        "marketCap": "325000000000",
        "volume24h": "15000000000",
        "marketUpdatedAt": "2025-02-17T00:00:00+00:00",
    }


async def test_a_coin_coingecko_fails_for_comes_from_cryptocompare(
    providers: Providers, temporal_client: Client, task_queue: str, db_engine: Engine
) -> None:
    providers.gecko.fail_next(*[Fault.SERVER_ERROR] * 4)  # every attempt of the first coin's range: BTC
    await fetched(temporal_client, task_queue)
    assert {source for _, source in stored(db_engine, "BTC").values()} == {CRYPTOCOMPARE}
    assert {source for _, source in stored(db_engine, "ETH").values()} == {COINGECKO}


DETAIL = """
query Transaction($publicId: ID!) {
  transaction(publicId: $publicId) { transaction { flows { id } } flowValues { flowId value source } }
}
"""


async def test_a_run_values_flows_at_the_providers_closes_and_flags_a_flow_beyond_them(
    providers: Providers,
    temporal_client: Client,
    task_queue: str,
    db_session: Session,
    client: httpx.AsyncClient,
    other_user: httpx.AsyncClient,
) -> None:
    await fetched(temporal_client, task_queue)
    user = await signed_up_user(client, db_session)
    wallet = add_wallet(db_session, user)
    priced = add_transaction(db_session, wallet, "2025-02-14 12:00", Type.RECEIVE, into("crypto_BTC", "0.5"))
    beyond = add_transaction(db_session, wallet, "2025-02-20 12:00", Type.RECEIVE, into("crypto_BTC", "0.5"))
    db_session.commit()
    assert (await gql(client, ENQUEUE, priority="HIGH"))["enqueueCostBasis"]["success"]
    await calculated(client)

    flagged = set(
        db_session.scalars(
            select(TransactionCallout.transaction_id).where(
                TransactionCallout.user_id == user.id,
                TransactionCallout.type == CalloutType.MISSING_PRICE_HISTORY,
            )
        )
    )
    assert flagged == {beyond.id}
    detail: dict[str, Any] = (await gql(client, DETAIL, publicId=str(priced.public_id)))["transaction"]
    close = providers.closes[("BTC", "USD")][date(2025, 2, 14)]
    [shown] = detail["flowValues"]
    assert (Decimal(shown["value"]), shown["source"]) == (close / 2, "PROVIDER")
    assert shown["flowId"] == detail["transaction"]["flows"][0]["id"]
    missing = (await gql(client, DETAIL, publicId=str(beyond.public_id)))["transaction"]["flowValues"]
    assert [(value["value"], value["source"]) for value in missing] == [(None, None)]
    assert (await gql(other_user, DETAIL, publicId=str(priced.public_id)))["transaction"] is None


async def test_the_daily_schedule_is_created_once(temporal_client: Client, task_queue: str) -> None:
    await ensure_price_schedule(temporal_client, task_queue)
    await ensure_price_schedule(temporal_client, task_queue)  # already there: nothing changes

    described = await temporal_client.get_schedule_handle(price_fetch_schedule_id()).describe()
    action = described.schedule.action
    assert isinstance(action, ScheduleActionStartWorkflow)
    assert action.workflow == PRICE_FETCH_WORKFLOW
    assert action.typed_search_attributes.get(KIND) == PRICE_FETCH_WORKFLOW
    assert [calendar.hour[0].start for calendar in described.schedule.spec.calendars] == [DAILY_HOUR_UTC]
