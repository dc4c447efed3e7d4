"""1099-DA reconciliation: a broker's form against Cairn's disposals, each line classified, its
reporting choosing the Form 8949 boxes; the form read from CSV (its header variants) or PDF text."""

import re
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from analytics.lots import compute
from analytics.lots.c_core import c_core_available
from analytics.reports import form_1099da, reconciliation
from analytics.reports.catalogue import ReportInput, write_report
from analytics.reports.form8949 import form_lines
from analytics.reports.form_1099da import FORM_SCHEMA, Form1099DAError, read_1099da, read_1099da_csv
from analytics.reports.money import shown
from analytics.reports.pdf import Column, FormPdf
from analytics.reports.reconciliation import Status, reconcile
from analytics.reports.types import ReportType
from analytics.reports.year import Country, TaxYear
from tests.analytics.ledgers import buy, flows, sell
from tests.analytics.reports import reconciliation_reference as reference
from vocabulary.enums import CostBasisMethod

LEDGER = flows(
    *buy("b1", "2024-01-10T10:00:00Z", "BTC", "1", "40000"),
    *buy("b2", "2025-01-05T10:00:00Z", "ETH", "10", "30000"),
    *sell("s1", "2025-03-01T15:00:00Z", "BTC", "0.5", "45000"),  # long term
    *sell("s2", "2025-04-01T15:00:00Z", "ETH", "2", "7000"),
    *sell("s3", "2025-05-01T15:00:00Z", "ETH", "1", "3500"),  # not on the form
    *sell("s4", "2025-06-02T03:00:00Z", "BTC", "0.1", "9000.004"),  # the broker dates it 06/01
    *sell("s5", "2025-07-01T15:00:00Z", "BTC", "0.1", "8000", account="wallet"),  # another account
)
RESULT = compute(LEDGER, CostBasisMethod.FIFO)
NAMES = {"bitcoin": "BTC", "ethereum": "ETH"}

# the form's own words as headers; ETH's proceeds are wrong, s3 is missing, SOL is not in Cairn
FORM_CSV = """\
Applicable checkbox on Form 8949,Box 1a Code for digital asset,Box 1b Name of digital asset,\
Box 1c Number of units,Box 1d Date acquired,Box 1e Date sold or disposed,Box 1f Proceeds,\
Box 1g Cost or other basis,Box 2 Check if basis reported to IRS,Box 6 Gain or loss,\
Box 9 Check if digital asset is a noncovered security
J,999999999,Bitcoin,0.5,01/10/2024,03/01/2025,"$45,000.00","$20,000.00",X,Long-term,
G,999999999,Ethereum,2,01/05/2025,04/01/2025,"$7,100.00","$6,000.00",X,Short-term,
K,999999999,Bitcoin,0.1,VARIOUS,06/01/2025,"$9,000.00",,,Long-term,X
H,999999999,Solana,5,,07/01/2025,$500.00,,,Short-term,X
"""

# the same form in TaxBit's template, with a title line above the header
TAXBIT_CSV = """\
Form 1099-DA 2025 - Example Exchange
account_id,asset_symbol,asset_dtif_code,asset_name,asset_quantity,acquired_date,disposed_date,proceeds,cost_basis,gain_loss_classification,is_noncovered_security
7,BTC,999999999,Bitcoin,0.5,1/10/2024,3/1/2025,45000,20000,Long-term,FALSE
7,ETH,999999999,Ethereum,2,1/5/2025,4/1/2025,7100,6000,Short-term,FALSE
7,BTC,999999999,Bitcoin,0.1,,6/1/2025,9000,,Long-term,TRUE
7,SOL,999999999,Solana,5,,7/1/2025,500,,Short-term,TRUE
"""


def _given(form: pl.DataFrame | None, year: int = 2025) -> ReportInput:
    return ReportInput(
        TaxYear(year, Country.US),
        RESULT.disposals,
        RESULT.income,
        RESULT.lots,
        name="A Filer",
        form_1099da=form,
        asset_names=NAMES,
    )


def _text(path: Path) -> str:
    """The PDF's text as laid out: a table's row on one line."""
    return "\n".join(page.extract_text(extraction_mode="layout") for page in PdfReader(path).pages)


def test_the_wrong_proceeds_and_the_missing_disposal_both_show(tmp_path: Path) -> None:
    given = _given(read_1099da_csv(FORM_CSV))
    csv_path, pdf_path = tmp_path / "reconciliation.csv", tmp_path / "reconciliation.pdf"
    write_report(ReportType.EXCHANGE_1099_RECONCILIATION_CSV, given, csv_path)
    write_report(ReportType.EXCHANGE_1099_RECONCILIATION, given, pdf_path)

    read = pl.read_csv(csv_path, infer_schema=False)
    statuses = dict(zip(read["Transaction IDs"].fill_null("SOL"), read["Status"], strict=True))
    assert statuses == {
        "s1": "Matched",
        "s2": "Proceeds differ",
        "s4": "Matched",  # a day apart and $0.004 off: within the tolerances
        "SOL": "Missing in Cairn",
        "s3": "Missing on the form",
    }  # s5 is in an account the form does not cover
    wrong = read.filter(pl.col("Status") == "Proceeds differ").row(0, named=True)
    assert (wrong["Proceeds (1099-DA)"], wrong["Proceeds (Cairn)"], wrong["Proceeds Difference"]) == (
        "7100.00",
        "7000.00",
        "100.00",
    )
    missing = read.filter(pl.col("Status") == "Missing on the form").row(0, named=True)
    assert (missing["Asset"], missing["Date Sold (Cairn)"], missing["Proceeds (Cairn)"]) == (
        "ETH",
        "2025-05-01",
        "3500.00",
    )
    assert missing["1099-DA Row"] is None and missing["Account"] == "exchange"

    text = _text(pdf_path)
    assert "Form 1099-DA" in text and "Reconciliation with Cairn's disposals" in text
    counts = (("Matched", 2), ("Proceeds differ", 1), ("Basis differs", 0), ("Missing in Cairn", 1))
    for status, rows in (*counts, ("Missing on the form", 1)):
        assert re.search(rf"{status} +{rows}\n", text)
    assert re.search(
        r"Proceeds differ +ETH +2 +04/01/2025 +2 +7,100.00 +7,000.00 +6,000.00 +\S+ +100.00", text
    )
    assert re.search(r"Missing on the form +ETH +05/01/2025 +1 +3,500.00", text)
    assert "7,100.00" in text and "7,000.00" in text and "3,500.00" in text
    assert f"Total proceeds (1099-DA): {shown(Decimal('61600'))}" in text


def test_a_basis_that_differs_is_shown_when_proceeds_agree() -> None:
    form = read_1099da_csv(FORM_CSV.replace('"$20,000.00"', '"$21,000.00"'))
    reconciled = reconcile(form, _given(form).year_disposals(), NAMES)
    row = reconciled.rows.filter(pl.col("tx_ids") == "s1").row(0, named=True)
    assert row["status"] == Status.BASIS_DIFFERS.value
    assert row["cost_basis_difference"] == Decimal("1000.00")


def test_covered_lines_move_their_disposals_to_boxes_g_and_j(tmp_path: Path) -> None:
    path = tmp_path / "gains.csv"
    write_report(ReportType.CAPITAL_GAINS_CSV, _given(read_1099da_csv(FORM_CSV)), path)
    boxes = sorted(pl.read_csv(path).select("Description", "Form 8949 Box").iter_rows())
    # s1 (basis reported, long) → J; s2 (reported, short) → G; s4 (noncovered, long) → K;
    # s3 and s5, on no form → I (short) and L (long)
    assert boxes == [("0.1 BTC", "K"), ("0.1 BTC", "L"), ("0.5 BTC", "J"), ("1 ETH", "I"), ("2 ETH", "G")]
    without_form = tmp_path / "plain.csv"
    write_report(ReportType.CAPITAL_GAINS_CSV, _given(None), without_form)
    assert set(pl.read_csv(without_form)["Form 8949 Box"]) == {"I", "L"}


def test_before_2025_a_covered_line_goes_to_box_a_or_d() -> None:
    ledger = flows(
        *buy("b1", "2022-01-10T10:00:00Z", "BTC", "1", "40000"),
        *sell("s1", "2024-03-01T15:00:00Z", "BTC", "0.5", "30000"),
        *sell("s2", "2024-04-01T15:00:00Z", "BTC", "0.1", "7000"),
    )
    result = compute(ledger, CostBasisMethod.FIFO)
    form = read_1099da_csv(
        "Symbol,Quantity,Date Sold,Proceeds,Covered\nBTC,0.5,2024-03-01,30000.00,Covered\n"
        "BTC,0.1,2024-04-01,7000.00,Noncovered\n"
    )
    given = ReportInput(
        TaxYear(2024, Country.US), result.disposals, result.income, result.lots, form_1099da=form
    )
    lines = form_lines(given.year_disposals(), 2024, given.broker_reported())
    boxes = dict(lines.select("description", "box").iter_rows())
    assert boxes == {"0.5 BTC": "D", "0.1 BTC": "E"}


def test_header_variants_read_alike() -> None:
    official, taxbit = read_1099da_csv(FORM_CSV), read_1099da_csv(TAXBIT_CSV)
    columns = ["units", "acquired", "sold", "proceeds", "cost_basis", "term", "noncovered"]
    assert official.select(columns).equals(
        taxbit.select(columns).with_columns(pl.col("noncovered").replace(False, None))
    )
    assert taxbit["symbol"].to_list() == ["BTC", "ETH", "BTC", "SOL"]
    assert official["basis_reported"].to_list() == [True, True, None, None]
    disposals = _given(None).year_disposals()
    assert (
        reconcile(official, disposals, NAMES)
        .rows["status"]
        .equals(reconcile(taxbit, disposals).rows["status"])
    )


def test_a_bad_cell_names_its_row_and_column() -> None:
    bad = FORM_CSV.replace("04/01/2025", "April first")
    with pytest.raises(Form1099DAError, match=r"row 2, Box 1e Date sold or disposed: not a date"):
        read_1099da_csv(bad)
    with pytest.raises(Form1099DAError, match="no header"):
        read_1099da_csv("Asset,Amount\nBTC,1\n")


def test_a_pdf_statement_is_read_from_its_text(tmp_path: Path) -> None:
    """A broker's statement laid out as a table under headings that name the 8949 box."""
    path = tmp_path / "1099-DA.pdf"
    pdf = FormPdf(path, "Form 1099-DA", "Digital Asset Proceeds From Broker Transactions", "2025", "1099-DA")
    columns = tuple(
        Column((heading,), width, right=right)
        for heading, width, right in (
            ("Description", 120, False),
            ("1c Units", 50, True),
            ("1d Acquired", 60, False),
            ("1e Sold", 60, False),
            ("1f Proceeds", 70, True),
            ("1g Cost basis", 70, True),
        )
    )
    sections = (
        (
            "Long-term transactions for which basis is reported to the IRS. Form 8949, Box J",
            [["Bitcoin (BTC)", "0.5", "01/10/2024", "03/01/2025", "45,000.00", "20,000.00"]],
        ),
        (
            "Short-term transactions for which basis is reported to the IRS. Form 8949, Box G",
            [["Ethereum (ETH)", "2", "01/05/2025", "04/01/2025", "7,100.00", "6,000.00"]],
        ),
        (
            "Long-term transactions for which basis is not reported to the IRS (noncovered). Box K",
            [["Bitcoin (BTC)", "0.1", "VARIOUS", "06/01/2025", "9,000.00", ""]],
        ),
        (
            "Short-term transactions for which basis is not reported to the IRS (noncovered). Box H",
            [["Solana (SOL)", "5", "", "07/01/2025", "500.00", ""]],
        ),
    )
    pdf.new_page()
    for heading, rows in sections:
        pdf.text(heading)
        pdf.table(columns, rows, pdf.new_page)
    pdf.save()

    form = read_1099da(path)
    assert form.select("symbol", "checkbox", "term", "basis_reported").rows() == [
        ("BTC", "J", "LONG", True),
        ("ETH", "G", "SHORT", True),
        ("BTC", "K", "LONG", False),
        ("SOL", "H", "SHORT", False),
    ]
    assert form["proceeds"].to_list() == [Decimal("45000"), Decimal("7100"), Decimal("9000"), Decimal("500")]
    disposals = _given(None).year_disposals()
    from_csv = reconcile(read_1099da_csv(FORM_CSV), disposals, NAMES)
    from_pdf = reconcile(form, disposals)
    # the same classification; only the rows' numbers, and SOL's name (a ticker on the PDF), differ
    assert from_pdf.rows.drop("form_rows", "asset").equals(from_csv.rows.drop("form_rows", "asset"))
    assert from_pdf.reported.equals(from_csv.reported)


def test_a_sale_the_broker_reports_in_lots_is_matched_as_a_whole() -> None:
    lots = FORM_CSV.replace(
        'G,999999999,Ethereum,2,01/05/2025,04/01/2025,"$7,100.00","$6,000.00",X,Short-term,\n',
        'G,999999999,Ethereum,1.5,01/05/2025,04/01/2025,"$5,250.00","$4,500.00",X,Short-term,\n'
        'G,999999999,Ethereum,0.5,01/06/2025,04/01/2025,"$1,750.00","$1,500.00",X,Short-term,\n',
    )
    reconciled = reconcile(read_1099da_csv(lots), _given(None).year_disposals(), NAMES)
    row = reconciled.rows.filter(pl.col("tx_ids") == "s2").row(0, named=True)
    assert (row["status"], row["form_rows"], row["form_units"], row["form_proceeds"]) == (
        Status.MATCHED.value,
        "2; 3",
        Decimal(2),
        Decimal("7000.00"),
    )
    assert reconciled.count(Status.MISSING_IN_CAIRN) == 1  # SOL only


def test_sales_reported_in_lots_pair_with_their_own_lines_whatever_the_forms_order() -> None:
    header = FORM_CSV.splitlines()[0]
    in_lots = f"""{header}
G,999999999,Ethereum,1.5,01/05/2025,04/01/2025,"$5,250.00",,X,Short-term,
G,999999999,Ethereum,0.5,01/05/2025,04/01/2025,"$1,750.00",,X,Short-term,
K,999999999,Bitcoin,0.2,01/10/2024,03/01/2025,"$18,000.00",,,Long-term,
K,999999999,Bitcoin,0.3,01/10/2024,03/01/2025,"$27,000.00",,,Long-term,
"""
    reconciled = reconcile(read_1099da_csv(in_lots), _given(None).year_disposals(), NAMES)
    rows = reconciled.rows.filter(pl.col("form_rows").is_not_null())
    assert rows.select("form_rows", "asset", "tx_ids", "units", "status").rows() == [
        ("1; 2", "ETH", "s2", Decimal(2), Status.MATCHED.value),
        ("3; 4", "BTC", "s1", Decimal("0.5"), Status.MATCHED.value),
    ]
    # each sale in the box its own lines say: ETH's basis reported (G), BTC's not (K)
    assert sorted(reconciled.reported.rows()) == [("s1:0", False), ("s2:0", True)]


_DAYS = [datetime(2025, 3, day, 12, tzinfo=UTC) for day in (1, 2, 3, 5)]
_UNITS = [Decimal(text) for text in ("0.5", "0.50000001", "0.50000002", "1", "1.5")]
_PROCEEDS = [Decimal(text) for text in ("100", "100.004", "100.5", "101", "101.01", "250")]


@st.composite
def _reconciled_inputs(draw: st.DrawFn) -> tuple[pl.DataFrame, pl.DataFrame]:
    """A few sales and form lines on few days, units and amounts, so that lines fit several sales,
    sales fit several lines, and split sales and unknown assets occur."""
    disposed = draw(  # per disposal: its asset, account, type and time, which its slices share
        st.lists(
            st.tuples(
                st.sampled_from(["BTC", "ETH"]),
                st.sampled_from(["exchange", "wallet"]),
                st.sampled_from(["SELL", "SELL", "GIFT_SENT"]),
                st.sampled_from(_DAYS),
            ),
            min_size=8,
            max_size=8,
        )
    )
    slices = draw(
        st.lists(
            st.tuples(
                st.integers(0, 7),  # the disposal: its slices are summed
                st.sampled_from(_UNITS),
                st.sampled_from(_PROCEEDS),
                st.sampled_from(_PROCEEDS),
            ),
            max_size=12,
        )
    )
    disposals = pl.DataFrame(
        [
            {
                "flow_id": f"f{flow}",
                "tx_id": f"t{flow}",
                "type": kind,
                "asset": asset,
                "account": account,
                "disposed_at": at,
                "quantity": units,
                "proceeds": proceeds,
                "cost_basis": basis,
            }
            for flow, units, proceeds, basis in slices
            for asset, account, kind, at in [disposed[flow]]
        ],
        schema={
            "flow_id": pl.String,
            "tx_id": pl.String,
            "type": pl.String,
            "asset": pl.String,
            "account": pl.String,
            "disposed_at": pl.Datetime("us", "UTC"),
            **dict.fromkeys(("quantity", "proceeds", "cost_basis"), pl.Decimal(38, 18)),
        },
    )
    lines = draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "symbol": st.sampled_from([None, "BTC", "eth", "SOL"]),
                    "name": st.sampled_from([None, "Bitcoin", "Ethereum"]),
                    "units": st.sampled_from([None, *_UNITS, Decimal("0.25")]),
                    "sold": st.sampled_from([at.date() for at in _DAYS]),
                    "proceeds": st.sampled_from([value.quantize(Decimal("0.01")) for value in _PROCEEDS]),
                    "cost_basis": st.sampled_from([None, Decimal("100.00"), Decimal("102.00")]),
                    "term": st.sampled_from([None, "SHORT", "LONG"]),
                    "checkbox": st.sampled_from([None, "G", "H", "I"]),
                    "basis_reported": st.sampled_from([None, True, False]),
                    "noncovered": st.sampled_from([None, True, False]),
                }
            ),
            max_size=10,
        )
    )
    form = pl.DataFrame(
        [{"row": number, **line} for number, line in enumerate(lines, start=1)], schema=FORM_SCHEMA
    )
    return form, disposals


@pytest.mark.parametrize("c_core", [True, False], ids=["in the C core", "in Polars"])
@settings(max_examples=300, deadline=None)
@given(inputs=_reconciled_inputs())
def test_the_pairing_in_columns_equals_the_pairing_line_by_line(
    c_core: bool, inputs: tuple[pl.DataFrame, pl.DataFrame]
) -> None:
    assert c_core_available() or not c_core
    form, disposals = inputs
    expected_rows, expected_reported = reference.reconciled(form, disposals, NAMES)
    with pytest.MonkeyPatch.context() as patched:
        if not c_core:  # as where the C core is not built
            patched.setattr(reconciliation, "paired", lambda *given: None)
        reconciled = reconcile(form, disposals, NAMES)
    assert reconciled.rows.equals(expected_rows)
    assert reconciled.reported.sort("flow_id").equals(expected_reported)


_HEADER = ["Symbol", "Units", "Date acquired", "Date sold", "Proceeds", "Cost basis", "Term", "Covered"]
_CELLS = {
    "Symbol": ["btc", " ETH ", ""],
    "Units": ["0.5", "1,000.25", "0.123456789", "", "1e-3", "abc", "1_000"],
    "Date acquired": ["VARIOUS", "01/05/2025", "2025-01-05T10:00:00Z", "", "13/40/2025", "-"],
    "Date sold": ["3/1/2025", "03/01/25", "2025-03-01 15:00", "", "Various 2"],
    "Proceeds": ["$45,000.00", "(12.50)", "7100", "", "--", "1.005", "Infinity", "12..5"],
    "Cost basis": ["", "$20,000.00", "0", "x"],
    "Term": ["Long-term", "S", "", "ordinary income", "medium"],
    "Covered": ["Covered", "Noncovered", "X", "", "no", "maybe"],
}


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(*(st.sampled_from(_CELLS[column]) for column in _HEADER)) | st.just(("",) * len(_HEADER)),
        max_size=6,
    )
)
def test_a_csv_read_by_columns_reads_as_cell_by_cell(rows: list[tuple[str, ...]]) -> None:
    """Each cell converted a column at a time as the cell-by-cell rules convert it, or the same error."""
    text = ",".join(_HEADER) + "\n" + "".join(",".join(f'"{cell}"' for cell in row) + "\n" for row in rows)
    columns = form_1099da._columns(_HEADER)
    data = [[cell.strip() for cell in row] for row in rows if any(cell.strip() for cell in row)]
    try:
        expected = form_1099da._frame(
            form_1099da._sale(number, row, columns, _HEADER) for number, row in enumerate(data, start=1)
        )
    except Form1099DAError as error:
        with pytest.raises(Form1099DAError, match=re.escape(str(error))):
            read_1099da_csv(text)
        return
    assert read_1099da_csv(text).equals(expected)
