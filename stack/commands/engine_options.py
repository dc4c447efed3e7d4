"""The lot engine's options on a ledger file, as `cairn lots compute` and `cairn tax report` take them."""

import argparse
import sys
from pathlib import Path

from analytics.lots import MethodTimeline, read_timeline
from vocabulary.enums import AllocationScope, CostBasisMethod


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    """LEDGER, --method, --timeline and --scope."""
    parser.add_argument("ledger", type=Path, metavar="LEDGER")
    parser.add_argument("--method", type=str.upper, choices=[m.value for m in CostBasisMethod], default=None)
    parser.add_argument(
        "--timeline",
        type=Path,
        metavar="FILE",
        help="CSV: start_date,end_date,method (with --method: that method outside its periods)",
    )
    parser.add_argument(
        "--scope",
        type=str.upper,
        choices=[s.value for s in AllocationScope],
        default=AllocationScope.UNIVERSAL.value,
    )


def method_missing(args: argparse.Namespace, command: str) -> bool:
    """Whether neither --method nor --timeline was given, said on stderr for `command`."""
    if args.method is None and args.timeline is None:
        print(f"{command}: give --method, --timeline or both", file=sys.stderr)
        return True
    return False


def engine_method(args: argparse.Namespace) -> CostBasisMethod | MethodTimeline:
    """The method, or the timeline (with --method in force outside its periods); reading the timeline
    file raises `LedgerError` or `ValueError`."""
    if args.timeline is None:
        return CostBasisMethod(args.method)
    timeline = read_timeline(args.timeline)
    return timeline if args.method is None else timeline.outside(CostBasisMethod(args.method))
