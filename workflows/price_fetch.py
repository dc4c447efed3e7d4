"""PriceFetchWorkflow: the daily closes and market data from the price providers (activities.prices)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from contracts.prices import FETCH_PRICES, PRICE_FETCH_WORKFLOW, PriceFetchInput, PriceFetchSummary
    from contracts.timeouts import HEARTBEAT_TIMEOUT, OUTAGE_RETRY

# Years of closes for a few dozen assets, paced to the providers' limits.
FETCH_TIMEOUT = timedelta(hours=1)


@workflow.defn(name=PRICE_FETCH_WORKFLOW)
class PriceFetchWorkflow:
    @workflow.run
    async def run(self, given: PriceFetchInput) -> PriceFetchSummary:
        return await workflow.execute_activity(
            FETCH_PRICES,
            given,
            result_type=PriceFetchSummary,
            start_to_close_timeout=FETCH_TIMEOUT,
            heartbeat_timeout=HEARTBEAT_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )
