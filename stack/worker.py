"""The worker process `cairn run` starts: connects to Temporal and runs every workflow and activity."""

from __future__ import annotations

import asyncio

from temporalio.client import Client

from ledger.infra.settings import get_settings
from workflows.worker import run_worker


async def main() -> None:
    client = await Client.connect(get_settings().temporal)
    await run_worker(client)


if __name__ == "__main__":
    asyncio.run(main())
