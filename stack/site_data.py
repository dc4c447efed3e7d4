"""The data of the public pages prerendered at build time (`cairn site data`): each page's queries, the
frontend's own GraphQL operations run through /public/graphql's schema in-process, over a throwaway
database seeded as `cairn run` seeds it (bundled prices, plans, catalogue). The answer maps a page's
path to its queries as {queryKey, data}, keyed as the page's TanStack Query hooks key them
(frontend/src/lib/queryKeys.ts), for frontend/scripts/prerender.mjs."""

from __future__ import annotations

import asyncio
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from api.public_context import PublicContext
from api.public_graphql import public_schema
from api.services import Services
from ledger.infra.settings import Settings
from ledger.scope.prices import PriceTable
from stack.seed import prepare_database
from stack.servers import free_port, start_postgres, stop_all

FEATURES = Path(__file__).resolve().parents[1] / "frontend" / "src" / "features"
PRICES = FEATURES / "prices" / "api" / "prices.graphql"
PRICING = FEATURES / "public-site" / "api" / "pricing.graphql"
CATALOGUE = FEATURES / "public-site" / "api" / "public-integrations.graphql"
BUILD_CLIENT = "build"  # the client address the resolvers' throttles see
PRICES_PAGE_SIZE = 50  # usePrices.ts
# The ranking pages (frontend/src/features/prices/utils/views.ts): path → ranking and rows shown.
RANKINGS: dict[str, tuple[str, int]] = {
    "/prices": ("MARKET_CAP", 10),
    "/prices/all": ("MARKET_CAP", PRICES_PAGE_SIZE),
    "/coins": ("MARKET_CAP", PRICES_PAGE_SIZE),
    "/coins/market-cap": ("MARKET_CAP", PRICES_PAGE_SIZE),
    "/coins/gainers-and-losers": ("GAINERS_AND_LOSERS", PRICES_PAGE_SIZE),
    "/coins/most-volatile": ("MOST_VOLATILE", PRICES_PAGE_SIZE),
    "/coins/trading-volume": ("TRADING_VOLUME", PRICES_PAGE_SIZE),
    "/coins/live-charts": ("MARKET_CAP", PRICES_PAGE_SIZE),
}
CATALOGUE_PAGES = ("/integrations", "/exchanges", "/crypto-wallets")


class SiteDataError(RuntimeError):
    pass


@dataclass(frozen=True, slots=True)
class PageQuery:
    query_key: tuple[str | int, ...]  # the hook's queryKey
    document: Path
    operation: str
    variables: dict[str, Any]


def ranking(ranking: str, limit: int) -> PageQuery:
    variables = {"ranking": ranking, "search": "", "offset": 0, "limit": limit}
    return PageQuery(("prices", "ranking", ranking, "", 0, limit), PRICES, "CoinPrices", variables)


def coin_page(slug: str) -> PageQuery:
    return PageQuery(("prices", "page", slug), PRICES, "CoinPricePage", {"slug": slug})


PRICING_PLANS = PageQuery(("pricingPlans",), PRICING, "PricingPlans", {})
PUBLIC_CATALOGUE = PageQuery(("publicCatalogue",), CATALOGUE, "PublicIntegrations", {})


def page_queries(coin_slugs: list[str]) -> dict[str, list[PageQuery]]:
    """Every prerendered page that asks for data, with what it asks: the rankings, pricing, the catalogue
    pages and a page per priced coin."""
    return {
        **{path: [ranking(*shown)] for path, shown in RANKINGS.items()},
        "/plans": [PRICING_PLANS],
        **{path: [PUBLIC_CATALOGUE] for path in CATALOGUE_PAGES},
        **{f"/price/{slug}": [coin_page(slug)] for slug in coin_slugs},
    }


async def answer(context: PublicContext, query: PageQuery) -> Any:
    result = await public_schema.execute(
        query.document.read_text(),
        variable_values=query.variables,
        context_value=context,
        operation_name=query.operation,
    )
    if result.errors:
        raise SiteDataError(f"{query.operation} {query.variables}: {result.errors[0].message}")
    return result.data


async def site_data(settings: Settings) -> dict[str, list[dict[str, Any]]]:
    """Each page's queries answered from the database of `settings`."""
    services = Services(settings)
    try:
        async with services.sessions() as session:
            context = PublicContext(services, session, BUILD_CLIENT)
            slugs = [coin.slug for coin in await PriceTable(session).coins()]
            answers: dict[str, Any] = {}  # by operation and variables: pages share rankings and the catalogue
            pages: dict[str, list[dict[str, Any]]] = {}
            for path, queries in page_queries(slugs).items():
                pages[path] = []
                for query in queries:
                    asked = json.dumps([query.operation, query.variables], sort_keys=True)
                    if asked not in answers:
                        answers[asked] = await answer(context, query)
                    pages[path].append({"queryKey": list(query.query_key), "data": answers[asked]})
            return pages
    finally:
        await services.close()


def write_site_data(out: Path) -> int:
    """Starts PostgreSQL in a temporary home, seeds it, writes the pages' data to `out`; the page count."""
    with tempfile.TemporaryDirectory(prefix="cairn-site-data-") as home:
        settings = Settings(home=Path(home), pg_port=free_port(), database_url="")
        server = start_postgres(settings.home, settings.host, settings.pg_port, settings.pg_password)
        try:
            prepare_database(settings)
            pages = asyncio.run(site_data(settings))
        finally:
            stop_all([server])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(pages, separators=(",", ":")))
    return len(pages)
