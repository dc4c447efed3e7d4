"""Faults during a cost-basis run, on a stack of its own run as `cairn run` runs it (tests.security.
test_faults: its servers, `cairn worker` and `cairn api` as processes, kept up by the supervisor): the
worker killed, or Temporal killed, while a pass is Started. The run completes with one pass, the stored
results are whole and the pass's own, and the status the panel polls says Calculating until then."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
import uuid
from typing import Any

import httpx
import pytest
from temporalio.client import Client

from contracts.cost_basis import CostBasisOutcome
from contracts.ids import cost_basis_id
from stack.api_client import ApiError, CairnApi
from tests.security.test_faults import Stack, generic_csv, kill, stack
from workflows.cost_basis import CostBasisWorkflow

__all__ = ["stack"]  # the module's fixture: a stack of its own
pytestmark = pytest.mark.servers

ROWS = 20_000
WAIT = 600  # seconds a run may take, on a loaded machine
STATUS = """
query GetCostBasisStatus {
  costBasisStatus { isCostBasisRunning costBasisLastSyncedAt costBasisStatus { state priority errorMessage } }
}
"""


def first_run_done(api: CairnApi) -> None:
    """The import's own run has stored its results. Its job row reads finished before the import enqueues
    that run, so "not running" alone may be read before the run was asked for, which would then land
    during the test's pass as a second request."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found: dict[str, Any] = api.graphql(STATUS)["costBasisStatus"]
        if found["costBasisLastSyncedAt"] is not None and not found["isCostBasisRunning"]:
            return
        time.sleep(0.2)
    raise AssertionError(f"the import's run has not ended after {WAIT} s")


class Watched:
    """Every status the panel would read, polled through the API until the first that says no run is
    going on (polling on after it, a request in flight when the test looked would add another)."""

    def __init__(self, api: CairnApi) -> None:
        self.api, self.seen, self.stop = api, list[dict[str, Any]](), threading.Event()
        self.thread = threading.Thread(target=self._poll)
        self.thread.start()

    def _poll(self) -> None:
        deadline = time.monotonic() + WAIT
        while not self.stop.is_set() and time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError, ApiError):  # the API, or a server it needs, is down
                self.seen.append(self.api.graphql(STATUS)["costBasisStatus"])
                if not self.seen[-1]["isCostBasisRunning"]:
                    return
            time.sleep(0.1)

    def until_idle(self) -> dict[str, Any]:
        self.thread.join(WAIT)
        if self.thread.is_alive() or not self.seen or self.seen[-1]["isCostBasisRunning"]:
            self.stop.set()
            raise AssertionError(f"the run did not end within {WAIT} s")
        return self.seen[-1]


@pytest.mark.parametrize("process", ["worker", "Temporal"])
def test_a_run_survives_its_worker_or_temporal_killed_whole_and_once(stack: Stack, process: str) -> None:
    api = CairnApi(stack.settings.origin)
    try:
        email = f"cb-faults-{uuid.uuid4().hex[:12]}@example.com"
        api.sign_in(email, "correct horse battery")
        url = api.upload("ledger.csv", generic_csv(ROWS))
        assert api.validate(url)["csvValidationErrors"] == []
        api.wait_for_job(api.create_custom_wallet("Faults", url), timeout=WAIT)
        first_run_done(api)
        with stack.database() as db:
            found = db.execute("SELECT id, public_id FROM users WHERE email = %s", (email,)).fetchone()
            assert found is not None
            user_id, public_id = found
            # its workflow closes just after its results are stored: a request before that would join it
            asyncio.run(result(stack, public_id))
            # without the import run's checkpoint the pass is a full one, which writes every row
            db.execute("DELETE FROM cost_basis_checkpoints WHERE user_id = %s", (user_id,))
            with db.transaction():  # the pass waits to replace the stored lots, Started
                db.execute("LOCK TABLE tax_lots IN SHARE MODE")
                api.graphql("mutation { enqueueCostBasis(priority: HIGH) { success } }")
                watched = Watched(api)
                started(stack, user_id)
                reported = len(stack.restarts)
                kill(stack, process)
            done = watched.until_idle()
            stored = db.execute(
                "SELECT count(*), count(DISTINCT run_id), min(run_id::text) FROM tax_lots WHERE user_id = %s",
                (user_id,),
            ).fetchone()
            status = db.execute(
                "SELECT state, run_id::text, last_error FROM cost_basis_status WHERE user_id = %s", (user_id,)
            ).fetchone()
        outcome = asyncio.run(result(stack, public_id))
    finally:
        api.close()

    assert any(line for line in stack.restarts[reported:] if f"the {process} exited" in line)
    states = [seen["costBasisStatus"]["state"] for seen in watched.seen]
    assert all(seen["isCostBasisRunning"] for seen in watched.seen[:-1]), states  # Calculating throughout
    assert set(states[:-1]) <= {"Enqueued", "Scheduled", "Started"}, states
    assert done["costBasisStatus"] == {"state": None, "priority": "HIGH", "errorMessage": None}
    assert outcome.passes == 1 and outcome.summary is not None
    assert stored == (ROWS, 1, outcome.summary.run_id)  # whole, and the one pass's
    assert status == (None, outcome.summary.run_id, None)


def started(stack: Stack, user_id: int) -> None:
    deadline = time.monotonic() + 120
    with stack.database() as db:
        while time.monotonic() < deadline:
            row = db.execute("SELECT state FROM cost_basis_status WHERE user_id = %s", (user_id,)).fetchone()
            if row is not None and row[0] == "Started":
                return
            time.sleep(0.05)
    raise AssertionError("the pass did not start within 120 s")


async def result(stack: Stack, public_id: uuid.UUID) -> CostBasisOutcome:
    deadline = time.monotonic() + 120  # a killed Temporal may still be coming back, on a loaded machine
    while True:
        try:
            client = await Client.connect(stack.settings.temporal)
            break
        except RuntimeError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(1)
    handle = client.get_workflow_handle_for(CostBasisWorkflow.run, cost_basis_id(public_id))
    outcome: CostBasisOutcome = await handle.result()
    return outcome
