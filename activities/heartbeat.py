"""Heartbeats for synchronous activities that spend minutes inside one call (parsing a large file, one
big INSERT … SELECT): one daemon thread of the worker process beats for every activity that is inside
`heartbeating()`, while the activities' own threads are busy.

One long-lived thread rather than one per activity: an activity thread never has to start a thread
(Temporal cancels a synchronous activity by raising an exception in its thread, which must not land
while it waits for a new thread to start), and a thread left beating can never keep the worker from
exiting."""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from temporalio import activity

from contracts.timeouts import HEARTBEAT_TIMEOUT

HEARTBEAT_EVERY = HEARTBEAT_TIMEOUT.total_seconds() / 5  # seconds: several beats within the timeout


class _Beater:
    def __init__(self, every: float) -> None:
        self._every = every
        self._lock = threading.Lock()
        self._beating: dict[int, contextvars.Context] = {}
        self._next = 0
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._beat, name="heartbeat", daemon=True)
                self._thread.start()

    def add(self, context: contextvars.Context) -> int:
        self.start()  # started by the worker already; here only if it was not
        with self._lock:
            self._next += 1
            self._beating[self._next] = context
            return self._next

    def remove(self, key: int) -> None:
        with self._lock:
            self._beating.pop(key, None)

    def _beat(self) -> None:
        wake = threading.Event()
        while not wake.wait(self._every):
            with self._lock:
                contexts = list(self._beating.values())
            for context in contexts:
                try:
                    context.run(activity.heartbeat)
                except Exception:  # one activity's ending must not stop the beats of the others
                    continue


_beater = _Beater(HEARTBEAT_EVERY)


def start_heartbeats() -> None:
    """Starts the heartbeat thread; the worker does it before it serves any activity."""
    _beater.start()


@contextmanager
def heartbeating() -> Iterator[None]:
    """Heartbeats the calling activity every HEARTBEAT_EVERY seconds until the block ends."""
    key = _beater.add(contextvars.copy_context())  # the activity's context, which activity.heartbeat reads
    try:
        yield
    finally:
        _beater.remove(key)
