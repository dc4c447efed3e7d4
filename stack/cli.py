"""The `cairn` command: run the product locally, and the tools for data teams and support staff."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from stack.commands import admin, api, db, imports, lots, prices, query, run, site, tax, worker


# Each command module loads its heavy libraries in its handler: `cairn lots compute` starts without the
# servers', database's and parsers' libraries.
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cairn", description="Cairn — crypto portfolio and tax tracker.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (run, worker, api, db, lots, tax, imports, query, admin, prices, site):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


def exit_now(code: int) -> NoReturn:
    """Exit without the interpreter's teardown: every command has closed what it opened by now, and
    freeing a large result's memory one object at a time only delays the exit."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def entry() -> NoReturn:
    """The `cairn` console script."""
    exit_now(main())


if __name__ == "__main__":
    entry()
