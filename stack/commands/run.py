"""`cairn run`: the whole product on http://127.0.0.1:8000 with its servers, until Ctrl-C."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("run", help="start PostgreSQL, Temporal, S3, the worker and the API")
    parser.add_argument("--demo", action="store_true", help="add the demo user and its multi-year history")
    parser.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    from stack.local import run_locally  # the servers' libraries load only for this command

    return run_locally(demo=args.demo)
