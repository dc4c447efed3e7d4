"""The paused setting (`updateCostBasisPaused`, spec 001 §7): a paused user's requests are recorded, not
run; the resume serves them with one run; another user's runs are not touched."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ledger.models import TaxLot
from tests.api.graphql import gql
from tests.api.test_cost_basis import ENQUEUE, calculated, hand_worked_ledger, signed_up_user, status

pytestmark = [pytest.mark.servers, pytest.mark.usefixtures("worker")]

PAUSE = """
mutation Pause($paused: Boolean!) {
  updateCostBasisPaused(paused: $paused) { success error errorMessage }
}
"""


def lots(session: Session, user_id: int) -> int:
    session.expire_all()
    return session.scalar(select(func.count()).select_from(TaxLot).where(TaxLot.user_id == user_id)) or 0


async def test_a_paused_users_requests_are_recorded_and_the_resume_runs_them_once(
    client: httpx.AsyncClient, other_user: httpx.AsyncClient, db_session: Session
) -> None:
    user = await signed_up_user(client, db_session)
    hand_worked_ledger(db_session, user)
    assert (await gql(client, PAUSE, paused=True))["updateCostBasisPaused"]["success"] is True

    for priority in ("HIGH", "LOW"):
        assert (await gql(client, ENQUEUE, priority=priority))["enqueueCostBasis"]["success"] is True
    paused = await calculated(client)  # the run asked for ends at once: no pass while paused

    assert paused["costBasisPaused"] is True and paused["isCostBasisRunning"] is False
    assert paused["costBasisStatus"]["state"] is None
    assert paused["costBasisStatus"]["priority"] == "HIGH"  # the most urgent of the waiting requests
    assert paused["costBasisRecomputationDate"] is not None  # the requests are recorded
    assert paused["costBasisLastSyncedAt"] is None and lots(db_session, user.id) == 0
    assert (await status(other_user))["costBasisPaused"] is False  # only this user's setting

    resumed = (await gql(client, PAUSE, paused=False))["updateCostBasisPaused"]
    assert resumed == {"success": True, "error": None, "errorMessage": None}
    done = await calculated(client)

    assert done["costBasisPaused"] is False and done["costBasisRecomputationDate"] is None
    assert done["costBasisLastSyncedAt"] is not None and done["costBasisStatus"]["state"] is None
    assert lots(db_session, user.id) == 3


async def test_a_resume_with_no_request_waiting_starts_no_run(
    client: httpx.AsyncClient, db_session: Session
) -> None:
    await signed_up_user(client, db_session)
    await gql(client, PAUSE, paused=True)
    assert (await gql(client, PAUSE, paused=False))["updateCostBasisPaused"]["success"] is True

    after = await status(client)
    assert after["isCostBasisRunning"] is False and after["costBasisLastSyncedAt"] is None
    assert after["costBasisPaused"] is False


async def test_the_paused_setting_refuses_a_value_that_is_not_a_boolean(user: httpx.AsyncClient) -> None:
    response = await user.post("/graphql", json={"query": PAUSE, "variables": {"paused": "yes"}})
    assert response.json()["errors"] and response.json()["data"] is None
    assert (await status(user))["costBasisPaused"] is False
