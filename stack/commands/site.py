"""`cairn site data --out FILE`: the public pages' data for the frontend build's prerender step
(frontend/scripts/prerender.mjs), answered by the public API's resolvers over a throwaway database."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("site", help="the public site's build")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    data = actions.add_parser("data", help="the prerendered pages' data, from a throwaway seeded database")
    data.add_argument("--out", required=True, type=Path, metavar="FILE", help="the JSON file to write")
    data.set_defaults(func=handle_data)


def handle_data(args: argparse.Namespace) -> int:
    from stack.servers import ServerError
    from stack.site_data import SiteDataError, write_site_data

    started = time.monotonic()
    try:
        pages = write_site_data(args.out)
    except (ServerError, SiteDataError) as error:
        print(f"cairn site data: {error}", file=sys.stderr)
        return 1
    print(f"The data of {pages} public pages in {args.out} ({time.monotonic() - started:.1f} s).")
    return 0
