"""Keeps `cairn run`'s processes up: one that dies is started again after a pause that doubles with each
quick death, and the others keep serving meanwhile."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from stack.servers import ChildProcess

FIRST_PAUSE = 1.0
LONGEST_PAUSE = 30.0
HEALTHY_RUN = 60.0  # a process that ran this long before dying starts again after FIRST_PAUSE


@dataclass
class Supervised:
    child: ChildProcess
    pause: float = FIRST_PAUSE  # before the next restart
    restart_at: float | None = None  # time.monotonic() of the restart under way


class Supervisor:
    """Restarts each of `children` that has died; `report` receives one line per restart."""

    def __init__(
        self,
        children: list[ChildProcess],
        report: Callable[[str], None] = lambda line: print(line, file=sys.stderr, flush=True),
    ) -> None:
        self.watched = [Supervised(child) for child in children]
        self.report = report

    def check(self, now: float) -> None:
        for entry in self.watched:
            child = entry.child
            if entry.restart_at is not None:
                if now >= entry.restart_at:
                    entry.restart_at = None
                    child.start()
                continue
            if child.running():
                continue
            ran = now - child.started_at
            if ran >= HEALTHY_RUN:
                entry.pause = FIRST_PAUSE
            entry.restart_at = now + entry.pause
            self.report(
                f"cairn: the {child.name} exited with code {child.exit_code} after {ran:.0f} s; "
                f"starting it again in {entry.pause:.0f} s (log: {child.log})"
            )
            entry.pause = min(entry.pause * 2, LONGEST_PAUSE)

    def watch(self, stop: threading.Event, interval: float = 0.5) -> None:
        """Checks every `interval` seconds until `stop` is set."""
        while not stop.wait(interval):
            self.check(time.monotonic())
