"""PriceFetchWorkflow: the daily closes every priced asset lacks up to yesterday (UTC) and the coins'
market data, from the price providers into the price table (`price-fetch`, daily by the
`price-fetch-daily` schedule at DAILY_HOUR_UTC, and on demand with `cairn prices fetch`). One activity;
a provider that fails for one asset leaves that asset for the next fetch.

The schedule is created by the worker when it starts, as the data export's is (contracts.data_export).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleCalendarSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleRange,
    ScheduleSpec,
)

from contracts.ids import price_fetch_id, price_fetch_schedule_id
from contracts.search import run_attributes
from contracts.starting import WorkflowStart

PRICE_FETCH_WORKFLOW = "PriceFetchWorkflow"
DAILY_HOUR_UTC = 0
DAILY_MINUTE_UTC = 30  # the providers' daily closes of the day before are final by then

# Activities
FETCH_PRICES = "fetch_prices"


@dataclass(frozen=True)
class PriceFetchInput:
    last_day: str | None = None  # ISO day of the last close wanted; None: yesterday (UTC) when it runs


@dataclass(frozen=True)
class PriceFetchSummary:
    closes: int  # stored, over every asset and FX pair
    market: int  # coins whose market data was stored
    failed: list[str] = field(default_factory=list)  # "SYMBOL/QUOTE: reason" of each pair left for later


def price_fetch(last_day: str | None = None) -> WorkflowStart:
    return WorkflowStart(PRICE_FETCH_WORKFLOW, PriceFetchInput(last_day), price_fetch_id(), join_running=True)


async def ensure_price_schedule(client: Client, task_queue: str) -> None:
    """The daily fetch, created when there is none; a fetch still running when the next is due is not
    doubled. Raises RPCError when Temporal refuses or is away."""
    with contextlib.suppress(ScheduleAlreadyRunningError):
        await client.create_schedule(
            price_fetch_schedule_id(),
            Schedule(
                action=ScheduleActionStartWorkflow(
                    PRICE_FETCH_WORKFLOW,
                    PriceFetchInput(),
                    id=price_fetch_id(),
                    task_queue=task_queue,
                    typed_search_attributes=run_attributes(PRICE_FETCH_WORKFLOW, None, None),
                ),
                spec=ScheduleSpec(
                    calendars=[
                        ScheduleCalendarSpec(
                            hour=[ScheduleRange(DAILY_HOUR_UTC)], minute=[ScheduleRange(DAILY_MINUTE_UTC)]
                        )
                    ]
                ),
                policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP),
            ),
        )
