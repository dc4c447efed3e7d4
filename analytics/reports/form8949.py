"""Form 8949 lines, boxes and totals, and the Schedule D lines they feed.

Followed: IRS Form 8949 "Sales and Other Dispositions of Capital Assets" and its instructions for
2024 (boxes A–F) and 2025 (which adds boxes G–L for digital assets reported, or not, on Form
1099-DA); Schedule D (Form 1040) 2024 and 2025, lines 1b–3 and 8b–10 fed by the 8949 boxes.

Box rule, per disposal (a line is one lot slice the engine consumed; its term is the engine's,
held more than one year = long):
- a broker reported it with its basis reported to the IRS (covered) → A / D (2025+: G / J);
- a broker reported it without basis (noncovered) → B / E (2025+: H / K);
- no broker form (the default: a disposal without a matching 1099-B / 1099-DA line) → C / F
  (2025+: I / L).
Before 2025 a broker's form for a digital asset is a 1099-B; from 2025 it is a 1099-DA.
Lines 1a and 8a of Schedule D (totals reported without Form 8949) are never filled: every digital
asset disposal goes through Form 8949. Gifts and donations given (GIFT_SENT, DONATION) are not
sales for the giver and are left out. Column (g) adjustments: none apply (wash sales do not apply
to digital assets), so (h) = (d) − (e).
"""

from dataclasses import dataclass
from decimal import Decimal

import polars as pl

from analytics.reports.money import rounded_lines

FIRST_DIGITAL_ASSET_YEAR = 2025
NOT_SALES = ("GIFT_SENT", "DONATION")
MONEY = ("proceeds", "cost_basis", "gain")


@dataclass(frozen=True)
class Box:
    letter: str
    long_term: bool
    heading: str  # the checkbox's words on the form


def _boxes() -> dict[str, Box]:
    made: dict[str, Box] = {}
    for letters, form in (("ABCDEF", "1099-B"), ("GHIJKL", "1099-DA")):
        for position, letter in enumerate(letters):
            term = "Long" if position >= 3 else "Short"
            kind = position % 3
            if kind == 0:
                words = f"reported on Form(s) {form} showing basis was reported to the IRS"
            elif kind == 1:
                words = f"reported on Form(s) {form} showing basis wasn't reported to the IRS"
            else:
                words = f"not reported to you on Form {form}"
            made[letter] = Box(letter, position >= 3, f"{term}-term transactions {words}")
    return made


BOXES = _boxes()


def box_letters(year: int) -> str:
    """The boxes a digital asset can be reported in, that year: short-term ones, then long-term."""
    return "GHIJKL" if year >= FIRST_DIGITAL_ASSET_YEAR else "ABCDEF"


def form_lines(disposals: pl.DataFrame, year: int, reported: pl.DataFrame | None = None) -> pl.DataFrame:
    """One 8949 line per disposal slice of the year: box, description (a), acquired (b), sold (c),
    proceeds (d), cost_basis (e), code (f), adjustment (g), gain (h), plus asset, quantity, term,
    flow_id and the instants acquired_at and sold_at. Sorted by box and date sold; money in cents,
    rounded cumulatively within each box.

    `reported`: flow_id, basis_reported (bool) of the disposals a broker reported (see
    reconciliation.py); a disposal not in it was not reported.
    """
    letters = box_letters(year)
    sales = disposals.filter(~pl.col("type").is_in(NOT_SALES))
    if reported is not None and not reported.is_empty():
        sales = sales.join(reported.select("flow_id", "basis_reported"), on="flow_id", how="left")
    else:
        sales = sales.with_columns(basis_reported=pl.lit(None, pl.Boolean))
    kind = (
        pl.when(pl.col("basis_reported").is_null())
        .then(2)
        .when(pl.col("basis_reported"))
        .then(0)
        .otherwise(1)
    )
    position = kind + pl.when(pl.col("term") == "LONG").then(3).otherwise(0)
    lines = sales.select(
        box=pl.lit(letters).str.slice(position, 1),
        description=pl.concat_str(plain_quantity(pl.col("quantity")), pl.lit(" "), pl.col("asset")),
        acquired=pl.col("acquired_at").dt.date(),
        sold=pl.col("disposed_at").dt.date(),
        proceeds=pl.col("proceeds"),
        cost_basis=pl.col("cost_basis"),
        code=pl.lit(""),
        adjustment=pl.lit(None, pl.Decimal(38, 2)),
        gain=pl.col("proceeds") - pl.col("cost_basis"),
        asset=pl.col("asset"),
        quantity=pl.col("quantity"),
        term=pl.col("term"),
        flow_id=pl.col("flow_id"),
        acquired_at=pl.col("acquired_at"),
        sold_at=pl.col("disposed_at"),
    ).sort("box", "sold", "acquired", "asset", "flow_id", maintain_order=True)
    rounded = rounded_lines(lines, ("proceeds", "cost_basis"), over="box")
    # (h) is (d) − (e) on every line, so the gain column adds up to the proceeds minus the basis
    return rounded.with_columns(gain=(pl.col("proceeds") - pl.col("cost_basis")).cast(pl.Decimal(38, 2)))


def plain_quantity(quantity: pl.Expr) -> pl.Expr:
    """An exact quantity without trailing zeros ("0.5", "12"): written with its 18 decimals, stripped."""
    return quantity.cast(pl.Decimal(38, 18)).cast(pl.String).str.strip_chars_end("0").str.strip_chars_end(".")


@dataclass(frozen=True)
class BoxTotal:
    box: Box
    lines: int
    proceeds: Decimal
    cost_basis: Decimal
    adjustment: Decimal
    gain: Decimal


def box_totals(lines: pl.DataFrame, year: int) -> list[BoxTotal]:
    """The totals of each box of the year (every box, empty ones at zero), in the form's order."""
    sums = {
        row["box"]: row
        for row in lines.group_by("box")
        .agg(pl.len().alias("lines"), *(pl.col(name).sum() for name in MONEY))
        .iter_rows(named=True)
    }
    totals = []
    for letter in box_letters(year):
        row = sums.get(letter, {})
        totals.append(
            BoxTotal(
                BOXES[letter],
                lines=int(row.get("lines", 0)),
                proceeds=Decimal(row.get("proceeds") or 0),
                cost_basis=Decimal(row.get("cost_basis") or 0),
                adjustment=Decimal(0),
                gain=Decimal(row.get("gain") or 0),
            )
        )
    return totals


@dataclass(frozen=True)
class ScheduleDLine:
    part: int  # 0: Part I, 1: Part II, 2: Part III
    line: str
    words: str  # the form's words (long ones up to their first sentence or instruction)
    proceeds: Decimal | None = None
    cost_basis: Decimal | None = None
    adjustment: Decimal | None = None
    gain: Decimal | None = None  # None: a line Cairn leaves blank (its figures come from other sources)


def schedule_d(totals: list[BoxTotal], year: int) -> list[ScheduleDLine]:
    """Every line of Schedule D (Form 1040) in the form's words, 2024 and 2025 (the 2025 form adds Form
    1099-DA to lines 1a/8a and boxes G–L beside A–F). Cairn fills 1b–3 and 8b–10 from the 8949 boxes,
    and 7, 15 and 16 from them alone; 1a and 8a stay blank (every digital asset sale goes through Form
    8949); 4–6, 11–14 and 17–22 come from other forms, Schedules K-1, carryovers and worksheets, so
    they are listed blank."""
    by_letter = {total.box.letter: total for total in totals}
    letters = box_letters(year)
    forms = "Form 1099-B or Form 1099-DA" if year >= FIRST_DIGITAL_ASSET_YEAR else "Form 1099-B"
    line_1040 = "line 7a" if year >= FIRST_DIGITAL_ASSET_YEAR else "line 7"
    made: list[ScheduleDLine] = []
    nets: list[Decimal] = []
    for part, (first, numbers) in enumerate((("1a", ("1b", "2", "3")), ("8a", ("8b", "9", "10")))):
        term = ("short", "long")[part]
        made.append(
            ScheduleDLine(
                part,
                first,
                f"Totals for all {term}-term transactions reported on {forms} for which basis was reported"
                " to the IRS and for which you have no adjustments (see instructions). However, if you"
                " choose to report all these transactions on Form 8949, leave this line blank and go to"
                f" line {numbers[0]}",
            )
        )
        boxes = letters[3 * part : 3 * part + 3]
        for number, letter in zip(numbers, boxes, strict=True):
            total = by_letter[letter]
            legacy = "ABCDEF"[letters.index(letter)]
            checked = f"Box {legacy} or Box {letter}" if letter != legacy else f"Box {letter}"
            made.append(
                ScheduleDLine(
                    part,
                    number,
                    f"Totals for all transactions reported on Form(s) 8949 with {checked} checked",
                    total.proceeds,
                    total.cost_basis,
                    total.adjustment,
                    total.gain,
                )
            )
        made.extend(ScheduleDLine(part, number, words) for number, words in _OTHER_SOURCES[part])
        nets.append(sum((by_letter[letter].gain for letter in boxes), Decimal(0)))
        made.append(ScheduleDLine(part, *_NET[part], gain=nets[-1]))
    made.append(
        ScheduleDLine(
            2,
            "16",
            f"Combine lines 7 and 15 and enter the result. If line 16 is a gain, enter the amount from"
            f" line 16 on Form 1040, 1040-SR, or 1040-NR, {line_1040}",
            gain=nets[0] + nets[1],
        )
    )
    made.extend(
        ScheduleDLine(2, number, words.format(line_1040=line_1040)) for number, words in _OTHER_SOURCES[2]
    )
    return made


_NET = (
    (
        "7",
        "Net short-term capital gain or (loss). Combine lines 1a through 6 in column (h). If you have any"
        " long-term capital gains or losses, go to Part II below. Otherwise, go to Part III",
    ),
    (
        "15",
        "Net long-term capital gain or (loss). Combine lines 8a through 14 in column (h). Then, go to"
        " Part III",
    ),
)
# the lines whose figures come from other forms, schedules and worksheets: Cairn lists them blank
_OTHER_SOURCES: tuple[tuple[tuple[str, str], ...], ...] = (
    (
        ("4", "Short-term gain from Form 6252 and short-term gain or (loss) from Forms 4684, 6781, and 8824"),
        (
            "5",
            "Net short-term gain or (loss) from partnerships, S corporations, estates, and trusts from"
            " Schedule(s) K-1",
        ),
        (
            "6",
            "Short-term capital loss carryover. Enter the amount, if any, from line 8 of your Capital Loss"
            " Carryover Worksheet in the instructions",
        ),
    ),
    (
        (
            "11",
            "Gain from Form 4797, Part I; long-term gain from Forms 2439 and 6252; and long-term gain or"
            " (loss) from Forms 4684, 6781, and 8824",
        ),
        (
            "12",
            "Net long-term gain or (loss) from partnerships, S corporations, estates, and trusts from"
            " Schedule(s) K-1",
        ),
        ("13", "Capital gain distributions. See the instructions"),
        (
            "14",
            "Long-term capital loss carryover. Enter the amount, if any, from line 13 of your Capital Loss"
            " Carryover Worksheet in the instructions",
        ),
    ),
    (
        ("17", "Are lines 15 and 16 both gains?"),
        (
            "18",
            "If you are required to complete the 28% Rate Gain Worksheet (see instructions), enter the"
            " amount, if any, from line 7 of that worksheet",
        ),
        (
            "19",
            "If you are required to complete the Unrecaptured Section 1250 Gain Worksheet (see"
            " instructions), enter the amount, if any, from line 18 of that worksheet",
        ),
        ("20", "Are lines 18 and 19 both zero or blank and you are not filing Form 4952?"),
        (
            "21",
            "If line 16 is a loss, enter here and on Form 1040, 1040-SR, or 1040-NR, {line_1040}, the"
            " smaller of: the loss on line 16; or ($3,000), or if married filing separately, ($1,500)",
        ),
        ("22", "Do you have qualified dividends on Form 1040, 1040-SR, or 1040-NR, line 3a?"),
    ),
)
