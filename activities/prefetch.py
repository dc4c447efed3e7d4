"""Running a producer (a file parser) in its own thread while the caller consumes what it produced
(writes batches to the database): parsing holds the interpreter while the database works, so the two
overlap instead of taking turns. At most `depth` items wait in between, which bounds the memory."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator
from typing import TypeVar, cast

T = TypeVar("T")

_DONE = object()


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def prefetched(items: Iterable[T], depth: int = 2) -> Iterator[T]:
    """The items of `items`, produced by a helper thread; the producer's exception is raised here.

    Closing the iterator early (the consumer failed) stops the producer at its next item."""
    waiting: queue.Queue[object] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def put(item: object) -> bool:
        while not stop.is_set():
            try:
                waiting.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        try:
            for item in items:
                if not put(item):
                    return
        except BaseException as error:  # handed to the consumer, which raises it
            put(_Failed(error))
            return
        put(_DONE)

    thread = threading.Thread(target=produce, name="prefetch", daemon=True)
    thread.start()
    try:
        while True:
            item = waiting.get()
            if item is _DONE:
                return
            if isinstance(item, _Failed):
                raise item.error
            yield cast(T, item)
    finally:
        stop.set()
        thread.join()
