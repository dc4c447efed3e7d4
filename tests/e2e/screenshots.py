"""The screenshots browser tests take for a person to look at: tests/e2e/screenshots/{prefix}{name}.png."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

FOLDER = Path(__file__).parent / "screenshots"


def screenshots(prefix: str) -> Callable[[Page, str], None]:
    """A `shot(page, name)` that saves the whole page as {prefix}{name}.png."""

    def shot(page: Page, name: str) -> None:
        FOLDER.mkdir(exist_ok=True)
        page.screenshot(path=str(FOLDER / f"{prefix}{name}.png"), full_page=True)

    return shot
