"""The vocabulary package imports nothing but the standard library, so every layer may import it."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import pytest

import vocabulary

MODULES = sorted(f"vocabulary.{info.name}" for info in pkgutil.iter_modules(vocabulary.__path__))

_LOADED_BY_IMPORT = """
import json, sys
before = set(sys.modules)
__import__({module!r})
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def _loaded_by(module: str) -> list[str]:
    """The modules that importing `module` adds, in a fresh interpreter."""
    script = _LOADED_BY_IMPORT.format(module=module)
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
    loaded: list[str] = json.loads(out)
    return loaded


@pytest.mark.parametrize("module", MODULES)
def test_a_vocabulary_module_loads_only_the_standard_library(module: str) -> None:
    loaded = _loaded_by(module)
    assert module in loaded
    foreign = [
        name
        for name in loaded
        if name.partition(".")[0] not in sys.stdlib_module_names and name.partition(".")[0] != "vocabulary"
    ]
    assert foreign == []


def test_every_vocabulary_module_is_checked() -> None:
    shared = {"vocabulary.enums", "vocabulary.errors", "vocabulary.fiat", "vocabulary.transfers"}
    assert shared <= set(MODULES)
