"""`cairn import check FILE`: the product's own detection, parsing and validation, without a server."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ingest.files.check import FileReport


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("import", help="file import tools")
    actions = parser.add_subparsers(dest="import_command", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="show what importing a CSV, XLS or XLSX file would do")
    check.add_argument("file", type=Path, help="the exported file (.csv, .xls, .xlsx, optionally .gz)")
    check.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    check.set_defaults(func=handle_check)


def handle_check(args: argparse.Namespace) -> int:
    from ingest.files.check import inspect_file  # the parsers load only for this command
    from ledger.infra.settings import get_settings

    path: Path = args.file
    settings = get_settings()
    try:
        report = inspect_file(
            path,
            path.name,
            max_bytes=settings.max_upload_bytes,
            max_workbook_bytes=settings.max_workbook_bytes,
        )
    except OSError as exc:
        print(f"Cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(json.dumps(_as_json(report), ensure_ascii=False) if args.json else _as_text(report))
    return 0 if report.importable else 1


def _as_json(report: FileReport) -> dict[str, object]:
    return {
        "format": report.format_id,
        "transactions": report.transactions,
        "imported_for_review": report.for_review,
        "ignored": len(report.ignored),
        "errors": report.errors,
    }


def _as_text(report: FileReport) -> str:
    lines = [
        f"Format: {report.format_name} ({report.format_id})"
        if report.format_id
        else "Format: not recognised",
        f"Transactions to import: {report.transactions}",
        f"Imported for review (type not recognised): {report.for_review}",
        f"Ignored rows: {len(report.ignored)}",
        *(f"  Row {item.row}: {item.reason}" for item in report.ignored),
        f"Errors: {len(report.errors)}",
        *(f"  {error}" for error in report.errors),
        "Importable: yes" if report.importable else "Importable: no",
    ]
    return "\n".join(lines)
