"""The log lines of the API and the worker: one JSON object per line (CAIRN_LOG_FORMAT=json) or plain text,
each with its time, level, logger and message and the ids in scope — the request's user (and the user an
admin views as) in the API, the workflow, run, workflow type, activity type and user in the worker.

Code that knows an id binds it (`bind_log_ids`) for the rest of its task or thread; a filter on the one
handler copies the bound ids onto every record, whichever library logs it."""

from __future__ import annotations

import logging
import sys
from contextvars import ContextVar
from typing import Literal, TextIO

from pythonjsonlogger.json import JsonFormatter

LogFormat = Literal["json", "plain"]
LogId = str | int

_ids: ContextVar[dict[str, LogId]] = ContextVar("cairn_log_ids", default={})  # noqa: B039 (never mutated)

# Libraries that log a request's secrets, which log warnings only: httpx, httpcore and urllib3 log each
# URL at INFO, and some providers take their API key in the query string (Etherscan's apikey); ccxt logs
# each request's headers (an exchange's API key, its signature) at DEBUG.
QUIET_LOGGERS = ("httpx", "httpcore", "urllib3", "ccxt")


def bind_log_ids(**ids: LogId | None) -> None:
    """Adds `ids` (those not None) to the ids logged from here on in this task or thread."""
    _ids.set({**_ids.get(), **{name: value for name, value in ids.items() if value is not None}})


def log_ids() -> dict[str, LogId]:
    return dict(_ids.get())


class IdsInScope(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        for name, value in _ids.get().items():
            if not hasattr(record, name):
                setattr(record, name, value)
        return True


class PlainFormatter(logging.Formatter):
    """`time level logger message key=value…`, the ids in scope last."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        ids = " ".join(f"{name}={getattr(record, name)}" for name in _ids.get() if hasattr(record, name))
        return f"{line} {ids}" if ids else line


def formatter(log_format: LogFormat) -> logging.Formatter:
    if log_format == "plain":
        return PlainFormatter()
    return JsonFormatter(
        "{levelname}{name}{message}",
        style="{",
        timestamp="time",
        rename_fields={"levelname": "level", "name": "logger"},
    )


def log_handler(log_format: LogFormat, stream: TextIO) -> logging.Handler:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter(log_format))
    handler.addFilter(IdsInScope())
    return handler


def quiet_libraries() -> None:
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)


def configure_logging(log_format: LogFormat, level: int = logging.INFO) -> None:
    """The process's one log handler, on standard error, in `log_format`."""
    root = logging.getLogger()
    for existing in list(root.handlers):
        root.removeHandler(existing)
    root.addHandler(log_handler(log_format, sys.stderr))
    root.setLevel(level)
    quiet_libraries()
