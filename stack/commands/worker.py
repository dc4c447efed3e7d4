"""`cairn worker`: one Temporal worker, running every workflow and activity, on the configured servers."""

from __future__ import annotations

import argparse
import contextlib
import signal


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "worker",
        help="run one worker against CAIRN_TEMPORAL_ADDRESS, CAIRN_DATABASE_URL and CAIRN_S3_ENDPOINT",
    )
    parser.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    import asyncio

    from stack.worker import main  # the worker's libraries load only for this command

    # SIGTERM (a service manager stopping the worker) ends it like Ctrl-C: polling stops and the
    # worker shuts down before the process exits.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    return 0
