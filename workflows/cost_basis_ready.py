"""Waiting for fresh cost-basis results, as the workflows that read them do (a tax report, the
per-wallet migration): while the user's run is asked for or running the stored results are stale."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from contracts.tax_report import COST_BASIS_READINESS, Readiness
    from contracts.timeouts import OUTAGE_RETRY

READINESS_WAIT = timedelta(seconds=2)
READINESS_TIMEOUT = timedelta(minutes=1)


async def cost_basis_ready(user_id: int, restart_with: object) -> bool:
    """True once the user's results are current, asking every READINESS_WAIT; False when their run
    failed. Continues the calling workflow as new with `restart_with` when its history grows long."""
    while True:
        readiness = await workflow.execute_activity(
            COST_BASIS_READINESS,
            user_id,
            result_type=str,
            start_to_close_timeout=READINESS_TIMEOUT,
            retry_policy=OUTAGE_RETRY,
        )
        if readiness == Readiness.READY:
            return True
        if readiness == Readiness.FAILED:
            return False
        if workflow.info().is_continue_as_new_suggested():
            workflow.continue_as_new(restart_with)
        await workflow.sleep(READINESS_WAIT)
