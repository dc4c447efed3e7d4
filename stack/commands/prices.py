"""`cairn prices import-kraken-ohlcvt FILE --pair XBTUSD`: a Kraken OHLCVT file's daily closes into the
price table (over the bundled closes, never over another provider's); `cairn prices fetch [--last-day
DAY]`: the daily price fetch, now, through Temporal (joins one that is running)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("prices", help="the price table: provider files and fetches")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    kraken = actions.add_parser("import-kraken-ohlcvt", help="daily closes from a Kraken OHLCVT CSV file")
    kraken.add_argument("file", metavar="FILE", type=Path)
    kraken.add_argument("--pair", required=True, help="the file's Kraken pair, a USD one (XBTUSD, ETHUSD …)")
    kraken.set_defaults(func=handle_import_kraken)
    fetch = actions.add_parser("fetch", help="run the daily price fetch now and wait for it")
    fetch.add_argument("--last-day", help="ISO day of the last close wanted (default: yesterday, UTC)")
    fetch.set_defaults(func=handle_fetch)


def handle_import_kraken(args: argparse.Namespace) -> int:
    from ingest.prices.kraken_ohlcvt import daily_closes
    from ingest.prices.model import PriceProviderError
    from ledger.infra.db import sync_engine, sync_sessions
    from ledger.infra.settings import get_settings
    from ledger.reference.seed import PriceRow
    from ledger.writes.prices import store_closes
    from vocabulary.price_sources import KRAKEN_OHLCVT

    try:
        with args.file.open(encoding="ascii") as lines:
            closes = daily_closes(lines, args.pair)
    except (OSError, UnicodeDecodeError, PriceProviderError) as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 1
    engine = sync_engine(get_settings().db_url)
    try:
        with sync_sessions(engine).begin() as session:
            store_closes(
                session, (PriceRow(c.symbol, c.quote, c.day, c.close, KRAKEN_OHLCVT) for c in closes)
            )
    finally:
        engine.dispose()
    if closes:
        print(f"{len(closes)} daily closes of {closes[0].symbol} ({closes[0].day} to {closes[-1].day}).")
    else:
        print("The file has no candles.")
    return 0


def handle_fetch(args: argparse.Namespace) -> int:
    from temporalio.client import Client

    from contracts.prices import PriceFetchSummary, price_fetch
    from contracts.starting import start_workflow
    from ledger.infra.settings import get_settings

    async def fetch() -> PriceFetchSummary:
        settings = get_settings()
        client = await Client.connect(settings.temporal)
        workflow_id = await start_workflow(client, settings.task_queue, price_fetch(args.last_day))
        result: PriceFetchSummary = await client.get_workflow_handle(
            workflow_id, result_type=PriceFetchSummary
        ).result()
        return result

    summary = asyncio.run(fetch())
    print(f"{summary.closes} closes and the market data of {summary.market} coins stored.")
    for failure in summary.failed:
        print(f"not fetched: {failure}", file=sys.stderr)
    return 0
