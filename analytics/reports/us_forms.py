"""US forms as PDF: Form 8949 (plain and condensed), Schedule D and Schedule 1 (Form 1040).

Laid out after the IRS forms of the tax year (Form 8949 and Schedule D 2024 and 2025, Schedule 1
2024): the form's number, title and year on every page, its parts, the checked box with its
words (from 2025 the part lists boxes A–C and G–I, or D–F and J–L), and the columns (a)–(h) with
the form's headings; Schedule D lists every line in the form's words, blank where its figures come
from other sources. Amounts are in dollars and cents
(money.py), losses in parentheses as the instructions ask.
"""

from pathlib import Path

import polars as pl

from analytics.reports.form8949 import BOXES, FIRST_DIGITAL_ASSET_YEAR, box_totals, schedule_d
from analytics.reports.income import schedule_1
from analytics.reports.money import shown
from analytics.reports.pdf import Column, FormPdf

COLUMNS_8949 = (
    Column(("(a)", "Description of property", "(Example: 100 sh. XYZ Co.)"), 150),
    Column(("(b)", "Date acquired", "(Mo., day, yr.)"), 56),
    Column(("(c)", "Date sold or", "disposed of"), 56),
    Column(("(d)", "Proceeds", "(sales price)"), 70, right=True),
    Column(("(e)", "Cost or other", "basis"), 70, right=True),
    Column(("(f)", "Code(s)"), 30),
    Column(("(g)", "Amount of", "adjustment"), 58, right=True),
    Column(("(h)", "Gain or (loss)", "(d) − (e) + (g)"), 66, right=True),
)
_TITLE_8949 = "Sales and Other Dispositions of Capital Assets"
_PARTS = (
    "Part I  Short-Term. Transactions involving capital assets you held 1 year or less",
    "Part II  Long-Term. Transactions involving capital assets you held more than 1 year",
)


def _box_lines(year: int, letter: str) -> list[str]:
    """The part's checkboxes as the year's form lists them: from 2025, A–C then G–I (Part I) and D–F
    then J–L (Part II)."""
    long_term = BOXES[letter].long_term
    shown_letters = "ABCDEF" + ("GHIJKL" if year >= FIRST_DIGITAL_ASSET_YEAR else "")
    letters = [each for each in shown_letters if BOXES[each].long_term == long_term]
    lines = [_PARTS[long_term], "Check the box that applies (a separate Form 8949, page, for each box):"]
    for each in letters:
        mark = "[X]" if each == letter else "[ ]"
        lines.append(f"{mark} ({each}) {BOXES[each].heading}")
    return lines


def _date(column: pl.Expr) -> pl.Expr:
    return column.dt.strftime("%m/%d/%Y")


def form_8949_pdf(lines: pl.DataFrame, year: int, name: str, path: Path, *, condensed: bool = False) -> None:
    """Form 8949 of the year: a page (and its continuation pages) per box with lines; plain, one
    line per disposal; condensed, one line per box with the totals and "see attached statement",
    followed by the statement: each box's totals per asset (the capital gains CSV has every line)."""
    pdf = FormPdf(path, "Form 8949", _TITLE_8949, str(year), "Sales and Other Dispositions of Capital Assets")
    totals = [total for total in box_totals(lines, year) if total.lines]
    for total in totals:
        letter = total.box.letter
        head = [f"Name(s) shown on return: {name}", *_box_lines(year, letter)]
        pdf.new_page(head)
        if condensed:
            rows: list[list[str]] = [
                [
                    f"Digital assets, {total.lines} sales (see attached statement)",
                    "VARIOUS",
                    "VARIOUS",
                    shown(total.proceeds),
                    shown(total.cost_basis),
                    "",
                    "",
                    shown(total.gain),
                ]
            ]
        else:
            rows = _rows_8949(lines.filter(pl.col("box") == letter))
        pdf.table(COLUMNS_8949, rows, lambda head=head: pdf.new_page([*head[:2], "(continued)"]))  # type: ignore[misc]
        pdf.rule()
        pdf.row(
            COLUMNS_8949,
            [
                "2 Totals (see Schedule D instructions)",
                "",
                "",
                shown(total.proceeds),
                shown(total.cost_basis),
                "",
                shown(total.adjustment),
                shown(total.gain),
            ],
            bold=True,
        )
    if condensed and totals:
        _statement(pdf, lines, year, name)
    pdf.save()


def _rows_8949(lines: pl.DataFrame) -> list[list[str]]:
    dated = lines.select(
        "description",
        _date(pl.col("acquired")),
        _date(pl.col("sold")),
        "proceeds",
        "cost_basis",
        "code",
        "gain",
    )
    return [
        [description, acquired, sold, shown(proceeds), shown(cost), code, "", shown(gain)]
        for description, acquired, sold, proceeds, cost, code, gain in dated.iter_rows()
    ]


def _statement(pdf: FormPdf, lines: pl.DataFrame, year: int, name: str) -> None:
    columns = (
        Column(("Box",), 40),
        Column(("Asset",), 120),
        Column(("Sales",), 60, right=True),
        Column(("(d) Proceeds",), 110, right=True),
        Column(("(e) Cost or other basis",), 110, right=True),
        Column(("(h) Gain or (loss)",), 116, right=True),
    )
    by_asset = (
        lines.group_by("box", "asset")
        .agg(pl.len().alias("sales"), pl.col("proceeds", "cost_basis", "gain").sum())
        .sort("box", "asset")
    )
    head = [
        f"Name(s) shown on return: {name}",
        f"Attached statement to Form 8949 ({year}): totals per box and asset",
    ]
    pdf.new_page(head)
    rows = (
        [
            row["box"],
            row["asset"],
            f"{row['sales']:,}",
            *(shown(row[k]) for k in ("proceeds", "cost_basis", "gain")),
        ]
        for row in by_asset.iter_rows(named=True)
    )
    pdf.table(columns, rows, lambda: pdf.new_page([*head, "(continued)"]))


def schedule_d_pdf(lines: pl.DataFrame, year: int, name: str, path: Path) -> None:
    pdf = FormPdf(
        path, "Schedule D (Form 1040)", "Capital Gains and Losses", str(year), "Capital Gains and Losses"
    )
    pdf.new_page([f"Name(s) shown on return: {name}"])
    columns = (
        Column(("Line",), 34),
        Column(("",), 276),
        Column(("(d)", "Proceeds", "(sales price)"), 64, right=True),
        Column(("(e)", "Cost", "(or other basis)"), 64, right=True),
        Column(("(g)", "Adjustments"), 56, right=True),
        Column(("(h)", "Gain or (loss)"), 62, right=True),
    )
    schedule = schedule_d(box_totals(lines, year), year)
    parts = (
        "Part I  Short-Term Capital Gains and Losses—Generally Assets Held One Year or Less"
        " (see instructions)",
        "Part II  Long-Term Capital Gains and Losses—Generally Assets Held More Than One Year"
        " (see instructions)",
        "Part III  Summary",
    )
    for part, title in enumerate(parts):
        pdf.text(title, bold=True, size=9)
        rows = [
            [
                line.line,
                line.words,
                *(
                    "" if amount is None else shown(amount)
                    for amount in (line.proceeds, line.cost_basis, line.adjustment)
                ),
                "" if line.gain is None else shown(line.gain),
            ]
            for line in schedule
            if line.part == part
        ]
        pdf.table(columns, rows, lambda: pdf.new_page([f"Name(s) shown on return: {name}"]))
        pdf.y -= 6
    pdf.text(
        "Lines 4–6, 11–14 and 17–22 come from other sources (other forms, Schedules K-1, carryovers,"
        " worksheets):"
    )
    pdf.text("Cairn leaves them blank, and lines 7, 15 and 16 add up the Form 8949 lines above alone.")
    pdf.save()


def schedule_1_pdf(income: pl.DataFrame, year: int, name: str, path: Path) -> None:
    pdf = FormPdf(
        path, "Schedule 1 (Form 1040)", "Additional Income and Adjustments to Income", str(year), "Schedule 1"
    )
    pdf.new_page([f"Name(s) shown on Form 1040: {name}"])
    pdf.text("Part I  Additional Income", bold=True, size=9)
    schedule = schedule_1(income, year)
    columns = (Column(("Line",), 34), Column(("",), 400), Column(("Amount",), 122, right=True))
    rows = [[line.line, line.words, shown(line.amount)] for line in schedule.lines]
    pdf.table(columns, rows, lambda: pdf.new_page([f"Name(s) shown on Form 1040: {name}"]))
    pdf.y -= 10
    pdf.text(
        f"Attached statement: digital assets received as ordinary income ({year}), by category", bold=True
    )
    statement = (
        Column(("Category",), 250),
        Column(("Receipts",), 80, right=True),
        Column(("Amount",), 122, right=True),
    )
    pdf.table(
        statement,
        [[row.category, f"{row.receipts:,}", shown(row.amount)] for row in schedule.categories],
        lambda: pdf.new_page([f"Name(s) shown on Form 1040: {name}"]),
    )
    pdf.save()
