"""Heartbeats for synchronous activities that spend minutes inside one call (parsing a large file, one
big INSERT … SELECT): a helper thread heartbeats while the activity's own thread is busy."""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from temporalio import activity

from contracts.timeouts import HEARTBEAT_TIMEOUT

HEARTBEAT_EVERY = HEARTBEAT_TIMEOUT.total_seconds() / 5  # seconds: several beats within the timeout


@contextmanager
def heartbeating(every: float = HEARTBEAT_EVERY) -> Iterator[None]:
    context = contextvars.copy_context()  # the activity's context, which activity.heartbeat reads
    stop = threading.Event()

    def beat() -> None:
        while not stop.wait(every):
            context.run(activity.heartbeat)

    thread = threading.Thread(target=beat, name="heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
