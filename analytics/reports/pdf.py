"""Drawing forms as PDF pages (ReportLab's canvas: fast enough for tens of thousands of lines, and
its `invariant` mode makes the same report byte for byte the same file)."""

import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas

WIDTH, HEIGHT = letter
MARGIN = 28.0
ROW = 11.0
BOTTOM = 46.0


@dataclass(frozen=True)
class Column:
    heading: Sequence[str]  # its lines
    width: float
    right: bool = False  # amounts are right-aligned


class FormPdf:
    """Pages of one form: a title block on every page, tables continued from page to page."""

    def __init__(self, path: Path, form: str, title: str, year: str, subject: str) -> None:
        self._canvas = Canvas(str(path), pagesize=letter, invariant=True, pageCompression=1)
        self._canvas.setTitle(f"{form} {year}")
        self._canvas.setSubject(subject)
        self._form, self._title, self._year = form, title, year
        self._pages = 0
        self.y = HEIGHT

    def new_page(self, lines: Iterable[str] = ()) -> None:
        """A page with the form's title block and these lines under it (part, box …)."""
        if self._pages:
            self._canvas.showPage()
        self._pages += 1
        canvas = self._canvas
        canvas.setFont("Helvetica-Bold", 13)
        canvas.drawString(MARGIN, HEIGHT - MARGIN - 10, self._form)
        canvas.setFont("Helvetica-Bold", 10)
        canvas.drawCentredString(WIDTH / 2, HEIGHT - MARGIN - 10, self._title)
        canvas.drawRightString(WIDTH - MARGIN, HEIGHT - MARGIN - 10, self._year)
        canvas.setFont("Helvetica", 7)
        canvas.drawRightString(WIDTH - MARGIN, BOTTOM - 22, f"Page {self._pages}")
        canvas.line(MARGIN, HEIGHT - MARGIN - 16, WIDTH - MARGIN, HEIGHT - MARGIN - 16)
        self.y = HEIGHT - MARGIN - 30
        for line in lines:
            self.text(line)

    def text(self, line: str, *, bold: bool = False, size: float = 8) -> None:
        self._canvas.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        self._canvas.drawString(MARGIN, self.y, line)
        self.y -= size + 4

    def table(
        self,
        columns: Sequence[Column],
        rows: Iterable[Sequence[str]],
        continued: Callable[[], None],
    ) -> None:
        """Rows under the column headings; when a page is full, `continued()` starts the next page
        (it calls `new_page`) and the headings are drawn again."""
        self._headings(columns)
        for row in rows:
            if self.y < BOTTOM:
                continued()
                self._headings(columns)
            self.row(columns, row)

    def row(self, columns: Sequence[Column], cells: Sequence[str], *, bold: bool = False) -> None:
        """One row; a text too wide for its column goes on in the lines under it, never cut."""
        canvas = self._canvas
        canvas.setFont("Helvetica-Bold" if bold else "Helvetica", 7)
        x = MARGIN
        depth = 1
        for column, cell in zip(columns, cells, strict=True):
            if column.right:
                canvas.drawRightString(x + column.width - 3, self.y, cell)
            else:
                fits = int(column.width / 3.2)  # characters of 7-point Helvetica
                parts = [cell] if len(cell) <= fits else textwrap.wrap(cell, fits)
                for number, part in enumerate(parts):
                    canvas.drawString(x + 2, self.y - number * ROW, part)
                depth = max(depth, len(parts))
            x += column.width
        self.y -= ROW * depth

    def rule(self) -> None:
        self._canvas.line(MARGIN, self.y + ROW - 2, WIDTH - MARGIN, self.y + ROW - 2)

    def _headings(self, columns: Sequence[Column]) -> None:
        canvas = self._canvas
        canvas.setFont("Helvetica-Bold", 6.5)
        depth = max(len(column.heading) for column in columns)
        top = self.y
        x = MARGIN
        for column in columns:
            for number, line in enumerate(column.heading):
                canvas.drawCentredString(x + column.width / 2, top - number * 8, line)
            canvas.rect(x, top - depth * 8 + 2, column.width, depth * 8 + 6, stroke=1, fill=0)
            x += column.width
        self.y = top - depth * 8 - 8

    def save(self) -> None:
        if not self._pages:
            self.new_page()
        self._canvas.save()
