"""A process that dies is started again after a pause that doubles up to 30 s, back to 1 s after a healthy
minute; each restart is reported with its exit code and log; the other processes are left alone. Then
the same under `cairn run`: the worker, the API and a server killed, each serving again."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import psutil
import psycopg
import pytest

from stack.servers import ChildProcess, stop_all
from stack.supervision import FIRST_PAUSE, HEALTHY_RUN, LONGEST_PAUSE, Supervisor
from tests.stack.conftest import RunningStack


@pytest.fixture
def children(tmp_path: Path) -> Iterator[tuple[ChildProcess, ChildProcess]]:
    crashing = ChildProcess("crasher", ["/bin/sh", "-c", "exit 3"], tmp_path / "crasher.log")
    steady = ChildProcess("steady", ["/bin/sh", "-c", "sleep 600"], tmp_path / "steady.log")
    crashing.start()
    steady.start()
    yield crashing, steady
    stop_all([crashing, steady])


def died(child: ChildProcess) -> int:
    assert child.process is not None
    return child.process.wait(10)


def test_a_dead_process_restarts_after_doubling_pauses_and_the_others_serve_on(
    children: tuple[ChildProcess, ChildProcess],
) -> None:
    crashing, steady = children
    assert steady.process is not None
    steady_pid = steady.process.pid
    reports: list[str] = []
    supervisor = Supervisor([crashing, steady], reports.append)
    pauses = []
    for _ in range(8):
        died(crashing)
        death = crashing.started_at + 0.1  # a quick death
        supervisor.check(death)
        pauses.append(float(reports[-1].split("starting it again in ")[1].split(" s")[0]))
        assert crashing.process is not None
        before = crashing.process.pid
        supervisor.check(death + pauses[-1] - 0.05)
        assert crashing.process.pid == before  # not yet
        supervisor.check(death + pauses[-1])
        assert crashing.process.pid != before  # started again
    assert pauses == [1, 2, 4, 8, 16, LONGEST_PAUSE, LONGEST_PAUSE, LONGEST_PAUSE]
    assert reports[0] == (
        f"cairn: the crasher exited with code 3 after 0 s; starting it again in 1 s (log: {crashing.log})"
    )
    assert steady.running() and steady.process.pid == steady_pid

    died(crashing)
    supervisor.check(crashing.started_at + HEALTHY_RUN)  # it had run a healthy minute
    assert f"starting it again in {FIRST_PAUSE:.0f} s" in reports[-1]


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except (OSError, psutil.Error, httpx.HTTPError, psycopg.Error, LookupError):
            pass
        time.sleep(0.25)
    raise AssertionError(f"{what} within {timeout:.0f} s")


@pytest.mark.servers
@pytest.mark.parametrize("name", ["worker", "api", "postgres", "weed", "temporal"])
def test_cairn_run_starts_a_killed_process_again_and_the_others_keep_serving(
    cairn_run: RunningStack, name: str
) -> None:
    settings = cairn_run.settings
    healthz = f"{settings.origin}/healthz"
    killed = cairn_run.child(name)
    others = {child.pid for child in psutil.Process(cairn_run.process.pid).children()} - {killed.pid}
    reported = len(cairn_run.stderr)
    killed.send_signal(signal.SIGKILL)

    wait_for(lambda: cairn_run.child(name).pid != killed.pid, f"the {name} was not started again")
    restarts = [line for line in cairn_run.stderr[reported:] if "exited with code -9" in line]
    assert len(restarts) == 1 and str(settings.home / "logs") in restarts[0], cairn_run.stderr[reported:]
    assert {child.pid for child in psutil.Process(cairn_run.process.pid).children()} >= others
    if name != "api":
        assert httpx.get(healthz).status_code == 200  # the API served throughout
    wait_for(lambda: httpx.get(healthz).status_code == 200, "the API did not answer again")

    def database_answers() -> bool:
        with psycopg.connect(settings.db_url.replace("+psycopg", ""), connect_timeout=2):
            return True

    wait_for(database_answers, "PostgreSQL did not answer again")
    bucket = f"{settings.s3}/{settings.s3_bucket}"
    wait_for(lambda: httpx.get(bucket).status_code == 403, "S3 did not answer again")
