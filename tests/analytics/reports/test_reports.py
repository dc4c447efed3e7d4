"""Tax reports from the engine's tables: totals equal the engine's to the cent, each file in its format."""

from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from pypdf import PdfReader

from analytics.lots import compute
from analytics.reports.catalogue import ReportInput, write_report
from analytics.reports.form8949 import BOXES, box_totals, form_lines, schedule_d
from analytics.reports.money import cent, shown
from analytics.reports.types import ReportType
from analytics.reports.year import Country, TaxYear
from tests.analytics.ledgers import buy, flows, sell
from vocabulary.enums import CostBasisMethod

LEDGER = flows(
    *buy("t1", "2022-01-01T10:00:00Z", "BTC", "1", "1000.001"),
    ("t2", "2023-02-01T10:00:00Z", "w", "STAKING_REWARD", "ETH", "IN", "0.5", "700.004"),
    ("t6", "2023-05-01T10:00:00Z", "w", "MINING_REWARD", "BTC", "IN", "0.01", "300.333"),
    *sell("t3", "2023-06-01", "BTC", "0.4", "3000.005"),
    *sell("t4", "2023-03-01", "BTC", "0.1", "50.004"),
    *sell("t5", "2023-04-01", "ETH", "0.2", "300.333"),
    *sell("t7", "2023-09-01", "=SOL", "1", "10"),
)
RESULT = compute(LEDGER, CostBasisMethod.FIFO)


def _given(year: int = 2023) -> ReportInput:
    return ReportInput(
        TaxYear(year, Country.US), RESULT.disposals, RESULT.income, RESULT.lots, name="A Filer"
    )


def _engine(term: str, column: str) -> Decimal:
    frame = _given().year_disposals().filter(pl.col("term") == term)
    return cent(Decimal(frame[column].sum()))


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.mark.parametrize(
    "kind", [ReportType.FORM_8949, ReportType.FORM_8949_CONDENSED, ReportType.FORM_1040_SD]
)
def test_pdf_totals_are_the_engines_to_the_cent(tmp_path: Path, kind: ReportType) -> None:
    path = tmp_path / "form.pdf"
    write_report(kind, _given(), path)
    text = _text(path)
    for term in ("SHORT", "LONG"):
        proceeds, cost = _engine(term, "proceeds"), _engine(term, "cost_basis")
        assert shown(proceeds) in text and shown(cost) in text
        assert shown(proceeds - cost) in text
        assert abs((proceeds - cost) - _engine(term, "gain")) <= Decimal("0.01")
    assert "Sales and Other Dispositions of Capital Assets" in text or "Capital Gains and Losses" in text


def test_plain_8949_has_a_line_per_disposal_and_the_box_headings(tmp_path: Path) -> None:
    path = tmp_path / "8949.pdf"
    write_report(ReportType.FORM_8949, _given(), path)
    text = _text(path)
    assert "(C) Short-term transactions not reported to you on Form 1099-B" in text
    assert "(F) Long-term transactions not reported to you on Form 1099-B" in text
    for description in ("0.4 BTC", "0.1 BTC", "0.2 ETH"):
        assert description in text
    assert "06/01/2023" in text and "01/01/2022" in text


def test_condensed_8949_says_see_attached_statement_in_full(tmp_path: Path) -> None:
    path = tmp_path / "8949.pdf"
    write_report(ReportType.FORM_8949_CONDENSED, _given(), path)
    # a description wider than column (a) goes on under it: the words are whole, one space apart
    words = " ".join(_text(path).split())
    assert "Digital assets, 2 sales (see attached statement)" in words


def test_box_choice_per_year_and_broker_reporting() -> None:
    disposals = _given().year_disposals()
    assert set(form_lines(disposals, 2024)["box"]) <= set("CF")
    assert set(form_lines(disposals, 2025)["box"]) <= set("IL")
    flows_ = disposals["flow_id"].unique().sort().to_list()
    reported = pl.DataFrame({"flow_id": flows_, "basis_reported": [True] + [False] * (len(flows_) - 1)})
    boxes = set(form_lines(disposals, 2025, reported)["box"])
    assert boxes & set("GJ") and boxes & set("HK") and not boxes & set("IL")


@pytest.mark.parametrize(
    ("kind", "proceeds", "cost"),
    [
        (ReportType.CAPITAL_GAINS_CSV, "Proceeds", "Cost Basis"),
        (ReportType.CAPITAL_GAINS_TAXACT, "Sales Proceeds", "Cost or Other Basis"),
        (ReportType.CAPITAL_GAINS_CCH, "Sales Price", "Cost or other basis"),
    ],
)
def test_csvs_parse_back_to_the_engines_totals(
    tmp_path: Path, kind: ReportType, proceeds: str, cost: str
) -> None:
    path = tmp_path / "gains.csv"
    write_report(kind, _given(), path)
    read = pl.read_csv(path, schema_overrides={proceeds: pl.Decimal(38, 2), cost: pl.Decimal(38, 2)})
    assert Decimal(read[proceeds].sum()) == _engine("SHORT", "proceeds") + _engine("LONG", "proceeds")
    assert Decimal(read[cost].sum()) == _engine("SHORT", "cost_basis") + _engine("LONG", "cost_basis")


def test_taxact_csv_has_the_article_882_columns(tmp_path: Path) -> None:
    path = tmp_path / "taxact.csv"
    write_report(ReportType.CAPITAL_GAINS_TAXACT, _given(), path)
    read = pl.read_csv(path, infer_schema=False)
    assert read.columns == [
        "Description",
        "Date Sold",
        "Sales Proceeds",
        "Date Acquired",
        "Cost or Other Basis",
        "Adjustment Code",
        "Adjustment Amount",
        "Reporting Category",
    ]
    assert read["Adjustment Code"].is_null().all() and read["Adjustment Amount"].is_null().all()
    assert set(read["Reporting Category"]) == {"C", "F"}


def test_cch_csv_has_the_capital_gains_worksheets_field_names(tmp_path: Path) -> None:
    path = tmp_path / "cch.csv"
    write_report(ReportType.CAPITAL_GAINS_CCH, _given(), path)
    read = pl.read_csv(path, infer_schema=False)
    assert read.columns == [
        "Description",
        "Date Acquired",
        "Date Sold",
        "Sales Price",
        "Cost or other basis",
        "Term",
        "Form 8949 Box",
    ]
    assert set(zip(read["Term"], read["Form 8949 Box"], strict=True)) == {("S", "C"), ("L", "F")}


def test_turbotax_online_csv_is_the_universal_template_a_buy_and_a_sale_per_line(tmp_path: Path) -> None:
    path = tmp_path / "turbotax.csv"
    given = _given()
    write_report(ReportType.CAPITAL_GAINS_TURBOTAX_ONLINE, given, path)
    read = pl.read_csv(
        path,
        schema_overrides={
            "Market Value": pl.Decimal(38, 2),
            "Sent Amount": pl.String,
            "Received Amount": pl.String,
        },
    )
    assert read.columns == [
        "Date",
        "Type",
        "Sent Asset",
        "Sent Amount",
        "Received Asset",
        "Received Amount",
        "Fee Asset",
        "Fee Amount",
        "Market Value Currency",
        "Market Value",
        "Description",
        "Transaction Hash",
        "Transaction ID",
    ]
    lines = form_lines(given.year_disposals(), 2023)
    buys, sales = read.filter(pl.col("Type") == "Buy"), read.filter(pl.col("Type") == "Sale")
    assert buys.height == sales.height == lines.height and read.height == 2 * lines.height
    assert Decimal(sales["Market Value"].sum()) == _engine("SHORT", "proceeds") + _engine("LONG", "proceeds")
    assert Decimal(buys["Market Value"].sum()) == _engine("SHORT", "cost_basis") + _engine(
        "LONG", "cost_basis"
    )
    # the USD legs are the same amounts as the market values; every asset is bought as much as it is sold
    assert sales["Received Amount"].to_list() == [str(value) for value in sales["Market Value"]]
    assert buys["Sent Amount"].to_list() == [str(value) for value in buys["Market Value"]]
    assert sorted(zip(buys["Received Asset"], buys["Received Amount"], strict=True)) == sorted(
        zip(sales["Sent Asset"], sales["Sent Amount"], strict=True)
    )
    assert "0.4" in sales["Sent Amount"].to_list()
    # dates as the template's sample (M/D/YYYY H:MM), in time order, a buy before a sale of the same minute
    moments = read["Date"].str.to_datetime("%m/%d/%Y %H:%M")
    assert moments.is_sorted() and moments[0] == datetime(2022, 1, 1, 10, 0)
    assert not (read["Market Value"] < 0).any() and set(read["Market Value Currency"]) == {"USD"}
    assert "Form 8949 box F: 0.4 BTC" in read["Description"].to_list()


def test_turbotax_online_quantities_have_at_most_eight_places_and_dust_is_never_zero(tmp_path: Path) -> None:
    ledger = flows(
        *buy("d1", "2023-01-01T10:00:00Z", "ETH", "1", "1000"),
        *sell("d2", "2023-02-01T10:00:00Z", "ETH", "0.000000000000000001", "0.01"),
        *sell("d3", "2023-03-01T10:00:00Z", "ETH", "0.123456789", "100"),
    )
    result = compute(ledger, CostBasisMethod.FIFO)
    path = tmp_path / "turbotax.csv"
    write_report(
        ReportType.CAPITAL_GAINS_TURBOTAX_ONLINE,
        ReportInput(TaxYear(2023, Country.US), result.disposals, result.income, result.lots),
        path,
    )
    sales = pl.read_csv(path, infer_schema=False).filter(pl.col("Type") == "Sale")
    assert sales["Sent Amount"].to_list() == ["0.00000001", "0.12345679"]


def test_csv_text_that_would_be_a_formula_is_inert(tmp_path: Path) -> None:
    path = tmp_path / "gains.csv"
    write_report(ReportType.CAPITAL_GAINS_CSV, _given(), path)
    assert "'=SOL" in path.read_text()
    assert ",-" in path.read_text()  # a loss stays a number


def test_txf_follows_version_042(tmp_path: Path) -> None:
    path = tmp_path / "gains.txf"
    given = _given()
    write_report(
        ReportType.CAPITAL_GAINS_TURBOTAX_DESKTOP,
        ReportInput(**{**given.__dict__, "made_on": date(2024, 3, 1)}),
        path,
    )
    header, *records = path.read_text().split("^\n")
    assert header == "V042\nACairn\nD 03/01/2024\n"
    assert records[-1] == ""
    lines = form_lines(given.year_disposals(), 2023)
    assert len(records) - 1 == lines.height
    for record, box in zip(records, lines["box"], strict=False):
        fields = record.splitlines()
        assert fields[:1] == ["TD"] and fields[2:4] == ["C1", "L1"]
        assert fields[1] == {"C": "N712", "F": "N714"}[box]
        assert fields[4].startswith("P") and fields[5].startswith("D") and fields[6].startswith("D")
        assert fields[7].startswith("$") and fields[8].startswith("$") and len(fields) == 9
    costs = sum(Decimal(record.splitlines()[7][1:]) for record in records[:-1])
    assert costs == _engine("SHORT", "cost_basis") + _engine("LONG", "cost_basis")


def test_schedule_1_line_8v_is_the_years_income(tmp_path: Path) -> None:
    path = tmp_path / "s1.pdf"
    write_report(ReportType.FORM_1040_S1, _given(), path)
    text = _text(path)
    assert "8v" in text and shown(cent(Decimal("700.004") + Decimal("300.333"))) in text
    assert "Staking" in text and "Mining" in text


def test_uk_tax_year_runs_from_6_april() -> None:
    year = TaxYear(2023, Country.GB)
    assert (year.start.date(), year.end.date(), year.label) == (
        date(2023, 4, 6),
        date(2024, 4, 6),
        "2023 to 2024",
    )


def test_tax_lots_csv_parses_back_to_the_engines_lots(tmp_path: Path) -> None:
    path = tmp_path / "lots.csv"
    write_report(ReportType.TAX_LOTS_CSV, _given(), path)
    read = pl.read_csv(
        path, schema_overrides={"Quantity Held": pl.Decimal(38, 18), "Cost Basis": pl.Decimal(38, 2)}
    )
    held = RESULT.lots.filter(pl.col("remaining") > 0)
    assert read.columns == ["Asset", "Account", "Lot ID", "Date Acquired", "Quantity Held", "Cost Basis"]
    assert sorted(read["Lot ID"].to_list()) == sorted(held["lot_id"].to_list())
    for asset in held["asset"].unique():
        mine, theirs = read.filter(pl.col("Asset") == asset), held.filter(pl.col("asset") == asset)
        assert Decimal(mine["Quantity Held"].sum()) == Decimal(theirs["remaining"].sum())
        # each asset's column adds up to its exact basis, rounded to the cent
        assert Decimal(mine["Cost Basis"].sum()) == cent(Decimal(theirs["remaining_cost_basis"].sum()))
    assert Decimal(read["Cost Basis"].sum()) == sum(
        (
            cent(Decimal(held.filter(pl.col("asset") == a)["remaining_cost_basis"].sum()))
            for a in held["asset"].unique()
        ),
        Decimal(0),
    )


LEDGER_2025 = flows(
    *buy("b1", "2024-01-01T10:00:00Z", "BTC", "1", "1000"),
    *buy("b2", "2025-01-01T10:00:00Z", "ETH", "1", "500"),
    *sell("g", "2025-04-01T10:00:00Z", "ETH", "0.2", "100"),
    *sell("h", "2025-03-01T10:00:00Z", "ETH", "0.5", "300"),
    *sell("i", "2025-05-01T10:00:00Z", "ETH", "0.1", "80"),
    *sell("j", "2025-02-01T10:00:00Z", "BTC", "0.2", "400"),
    *sell("k", "2025-06-01T10:00:00Z", "BTC", "0.1", "300"),
    *sell("l", "2025-03-02T10:00:00Z", "BTC", "0.2", "450"),
)


@pytest.mark.parametrize("kind", [ReportType.FORM_8949, ReportType.FORM_8949_CONDENSED])
def test_the_2025_8949_has_the_digital_asset_boxes_g_to_l_in_the_forms_words(
    tmp_path: Path, kind: ReportType
) -> None:
    result = compute(LEDGER_2025, CostBasisMethod.FIFO)
    flow_of = dict(result.disposals.select("tx_id", "flow_id").iter_rows())
    # sales a 1099-DA reported with basis (G, J), without (H, K); the others it did not report (I, L)
    reported = pl.DataFrame(
        {"flow_id": [flow_of[tx] for tx in "ghjk"], "basis_reported": [True, False, True, False]}
    )
    given = ReportInput(
        TaxYear(2025, Country.US),
        result.disposals,
        result.income,
        result.lots,
        name="A Filer",
        reported=reported,
    )
    path = tmp_path / "8949.pdf"
    write_report(kind, given, path)
    text = _text(path)

    lines = form_lines(given.year_disposals(), 2025, reported)
    box_of = dict(lines.select("flow_id", "box").iter_rows())
    assert {tx: box_of[flow_of[tx]] for tx in "ghijkl"} == {tx: tx.upper() for tx in "ghijkl"}
    assert sorted(lines["box"]) == list("GHIJKL")
    words = {
        "G": "Short-term transactions reported on Form(s) 1099-DA showing basis was reported to the IRS",
        "H": "Short-term transactions reported on Form(s) 1099-DA showing basis wasn't reported to the IRS",
        "I": "Short-term transactions not reported to you on Form 1099-DA",
        "J": "Long-term transactions reported on Form(s) 1099-DA showing basis was reported to the IRS",
        "K": "Long-term transactions reported on Form(s) 1099-DA showing basis wasn't reported to the IRS",
        "L": "Long-term transactions not reported to you on Form 1099-DA",
    }
    for letter, heading in words.items():
        assert f"[X] ({letter}) {heading}" in text  # the box checked on its own page
        # the box's page shows its line (or its totals line, condensed) and its totals, to the cent
        box = lines.filter(pl.col("box") == letter)
        proceeds, cost = (cent(Decimal(box[column].sum())) for column in ("proceeds", "cost_basis"))
        start = text.index(f"[X] ({letter})")
        end = text.find("Name(s) shown on return", start)
        page = " ".join(text[start : end if end != -1 else None].split())
        assert f"2 Totals (see Schedule D instructions) {shown(proceeds)} {shown(cost)}" in page
        assert shown(proceeds - cost) in page
    # the 2025 form's parts list A–C and G–I, D–F and J–L; only a digital asset box is ever checked
    for letter in "ABCDEF":
        assert f"[ ] ({letter}) {BOXES[letter].heading}" in text and f"[X] ({letter})" not in text
    assert text.index("[ ] (C)") < text.index("[X] (G)") and text.index("[ ] (F)") < text.index("[X] (J)")


@pytest.mark.parametrize(
    ("year", "line_1a", "line_3"),
    [
        (2023, "reported on Form 1099-B for which basis", "with Box C checked"),
        (2025, "reported on Form 1099-B or Form 1099-DA for which basis", "with Box C or Box I checked"),
    ],
)
def test_schedule_d_lists_every_line_in_the_forms_words(
    tmp_path: Path, year: int, line_1a: str, line_3: str
) -> None:
    given = _given() if year == 2023 else ReportInput(TaxYear(2025, Country.US), *_run_2025(), name="A Filer")
    schedule = schedule_d(box_totals(form_lines(given.year_disposals(), year), year), year)
    numbers = ["1a", "1b", "2", "3", "4", "5", "6", "7", "8a", "8b", "9", "10", "11", "12", "13", "14", "15"]
    assert [line.line for line in schedule] == [*numbers, *map(str, range(16, 23))]
    by_number = {line.line: line for line in schedule}
    other_sources = ["1a", "4", "5", "6", "8a", "11", "12", "13", "14", *map(str, range(17, 23))]
    for number in other_sources:
        line = by_number[number]
        assert (line.proceeds, line.cost_basis, line.adjustment, line.gain) == (None, None, None, None)
    disposals = given.year_disposals()
    short, long = (
        cent(Decimal(disposals.filter(pl.col("term") == t)["gain"].sum())) for t in ("SHORT", "LONG")
    )
    assert abs(by_number["7"].gain - short) <= Decimal("0.01") and abs(
        by_number["15"].gain - long
    ) <= Decimal("0.01")
    assert by_number["16"].gain == by_number["7"].gain + by_number["15"].gain

    path = tmp_path / "sd.pdf"
    write_report(ReportType.FORM_1040_SD, given, path)
    words = " ".join(_text(path).split())
    assert f"Totals for all short-term transactions {line_1a} was reported to the IRS" in words
    assert f"Totals for all transactions reported on Form(s) 8949 {line_3}" in words
    assert "Capital gain distributions. See the instructions" in words
    assert "Are lines 15 and 16 both gains?" in words
    assert "Lines 4–6, 11–14 and 17–22 come from other sources" in words
    assert shown(by_number["16"].gain) in words


def _run_2025() -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    result = compute(LEDGER_2025, CostBasisMethod.FIFO)
    return result.disposals, result.income, result.lots
