"""The `cairn` command: run the product locally, and the tools for data teams and support staff."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from stack.commands import db, imports, lots, run


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cairn", description="Cairn — crypto portfolio and tax tracker.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (run, db, lots, imports):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
