"""Every file format the product reads, discovered from the modules of `ingest.files.formats`.

A module joins the registry by defining `FORMATS: tuple[FileFormat, ...]`; no list to edit here.
What every format parses passes `values.plausible_symbols` on its way out.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable, Iterator
from functools import cache

from ingest.files import formats
from ingest.files.model import FileFormat, ParseItem, Sheet
from ingest.files.values import plausible_symbols
from vocabulary.enums import ImportType


@cache
def all_formats() -> tuple[FileFormat, ...]:
    """Every registered format, ordered by module name then by position in its `FORMATS`."""
    found: list[FileFormat] = []
    for module_info in sorted(pkgutil.iter_modules(formats.__path__), key=lambda info: info.name):
        module = importlib.import_module(f"{formats.__name__}.{module_info.name}")
        found.extend(getattr(module, "FORMATS", ()))
    ids = [fmt.id for fmt in found]
    duplicates = sorted({fmt_id for fmt_id in ids if ids.count(fmt_id) > 1})
    if duplicates:
        raise RuntimeError(f"file format ids registered twice: {', '.join(duplicates)}")
    return tuple(dataclasses.replace(fmt, parse=_symbols_checked(fmt.parse)) for fmt in found)


def _symbols_checked(parse: Callable[[Sheet], Iterator[ParseItem]]) -> Callable[[Sheet], Iterator[ParseItem]]:
    return lambda sheet: plausible_symbols(parse(sheet))


def integration_import_types() -> dict[str, list[ImportType]]:
    """The import types of the exports each integration writes itself, by integration slug."""
    found: dict[str, set[ImportType]] = {}
    for fmt in all_formats():
        if fmt.integration is not None:
            found.setdefault(fmt.integration, set()).add(fmt.import_type)
    return {slug: sorted(types) for slug, types in sorted(found.items())}


def detect(sheet: Sheet) -> FileFormat | None:
    """The format of the sheet; when several match, the one needing the most of its columns wins."""
    matches = [fmt for fmt in all_formats() if _matches(fmt, sheet)]
    if len(matches) <= 1:
        return matches[0] if matches else None
    return max(matches, key=lambda fmt: _required_columns(fmt, sheet))


def _matches(fmt: FileFormat, sheet: Sheet) -> bool:
    try:
        return fmt.detect(sheet)
    except Exception:  # a detector that trips over an odd sheet simply does not claim it
        return False


def _required_columns(fmt: FileFormat, sheet: Sheet) -> int:
    """How many header columns the format's detector relies on: a measure of how specific it is."""
    return sum(
        1
        for position in range(len(sheet.header))
        if not _matches(
            fmt, dataclasses.replace(sheet, header=sheet.header[:position] + sheet.header[position + 1 :])
        )
    )
