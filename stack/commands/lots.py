"""`cairn lots compute`: a ledger file in, lots, disposals, income and a summary out."""

import argparse
import sys
from pathlib import Path

from analytics.lots import LedgerError
from analytics.lots.run import compute_and_write_file
from analytics.lots.writers import OutputFiles
from stack.commands.engine_options import add_engine_arguments, engine_method, method_missing
from vocabulary.enums import AllocationScope


def register(subparsers: argparse._SubParsersAction) -> None:
    lots = subparsers.add_parser("lots", help="the lot engine")
    commands = lots.add_subparsers(dest="lots_command", required=True)
    parser = commands.add_parser(
        "compute",
        help="compute lots, disposals, gains and income from a ledger",
        description="LEDGER is a CSV or Parquet file with the columns tx_id, timestamp, account, type, "
        "asset, direction, quantity, value, is_fee, link_id. Type CARRY marks the legs of a conversion into "
        "another asset that is no disposal (analytics/TREATMENTS.md, Carries).",
    )
    add_engine_arguments(parser)
    parser.add_argument("--base-currency", default="USD", help="the currency values are in (default USD)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR")
    parser.set_defaults(func=handle_compute)


def handle_compute(args: argparse.Namespace) -> int:
    if method_missing(args, "cairn lots compute"):
        return 2
    try:
        written = compute_and_write_file(
            args.ledger,
            engine_method(args),
            AllocationScope(args.scope),
            OutputFiles(args.out),
            base_currency=args.base_currency.upper(),
        )
    except (LedgerError, ValueError) as error:
        print(f"cairn lots compute: {args.ledger}: {error}", file=sys.stderr)
        return 1
    print(
        f"{written.lots} lots, {written.disposals} disposal slices, {written.income} income rows → {args.out}"
    )
    return 0
