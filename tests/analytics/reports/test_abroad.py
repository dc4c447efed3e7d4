"""Canada's Schedule 3 (ACB, a superficial loss denied) and the UK's SA108 summary (share pooling: same
day, 30 days, the section 104 pool; 6 April to 5 April) against ledgers worked by hand, to the cent, in
the CSV as written and parsed back; `cairn tax report` refuses a method the law does not use."""

from pathlib import Path

import polars as pl
import pytest

from analytics.lots import compute
from analytics.reports.catalogue import ReportInput, write_report
from analytics.reports.types import ReportType
from analytics.reports.year import Country, TaxYear
from stack.cli import main
from tests.analytics.ledgers import flows
from vocabulary.enums import CostBasisMethod


def _trade(
    tx: str, when: str, kind: str, coins: str, money: str, fiat: str, fee: str = ""
) -> list[tuple[str, ...]]:
    """A buy or sale of ETH/BTC (`coins` "2 BTC") for `money` of `fiat`, with a fee in `fiat`; each fiat
    flow valued at its quantity, so the ledger is in that currency whatever the engine's base."""
    quantity, asset = coins.split()
    crypto, cash = ("IN", "OUT") if kind == "BUY" else ("OUT", "IN")
    rows: list[tuple[str, ...]] = [
        (tx, when, "exchange", kind, asset, crypto, quantity, ""),
        (tx, when, "exchange", kind, fiat, cash, money, money),
    ]
    if fee:
        rows.append((tx, when, "exchange", kind, fiat, "OUT", fee, fee, "true"))
    return rows


# In CAD. ACB: 2 BTC for 20,000 + 10 fee, so 10,005 a unit. The March sale: 14,995 (a 5 fee off) less
# 10,005 = 4,990. The June sale of 0.5: 3,000 less 5,002.50 = a loss of 2,002.50; 0.2 BTC bought on
# 20 June (within 30 days) and 0.7 held on 1 July: 0.2 / 0.5 of it, 801.00, is a superficial loss,
# denied; allowed: -1,201.50.
CANADA = flows(
    *_trade("c1", "2023-01-10T10:00:00Z", "BUY", "2 BTC", "20000", "CAD", fee="10"),
    *_trade("c2", "2023-03-01T10:00:00Z", "SELL", "1 BTC", "15000", "CAD", fee="5"),
    *_trade("c3", "2023-06-01T10:00:00Z", "SELL", "0.5 BTC", "3000", "CAD"),
    *_trade("c4", "2023-06-20T10:00:00Z", "BUY", "0.2 BTC", "1300", "CAD"),
)
SCHEDULE_3 = [
    ("15300", "Crypto-assets: proceeds of disposition", "17995.00"),
    ("15300", "Crypto-assets: adjusted cost base", "15007.50"),
    (
        "15300",
        "Crypto-assets: superficial losses denied (added to the ACB of the replacement units)",
        "801.00",
    ),
    ("15300", "Crypto-assets: gain (or loss)", "3788.50"),
    ("19700", "Total capital gains (or losses)", "3788.50"),
    ("19900", "Taxable capital gains (50% of line 19700, when positive)", "1894.25"),
]

# In GBP. 10 ETH for 10,000. 1 March 2024 (tax year 2023 to 2024): 1 sold for 1,500 from the pool at
# 1,000. 1 May: 2 bought for 2,400 and 1 sold for 1,300 that day: same day, cost 1,200, gain 100; the
# other 1,200 joins the pool (10 ETH, 10,200). 1 July: 2 sold for 1,600, 1 bought back on 10 July for
# 900: 30 days, cost 900, and 1 from the pool at 1,020: a loss of 320 (pool 9 ETH, 9,180). 5 April 2025
# (the year's last day): 1 sold for 2,000 at 1,020, gain 980. 6 April 2025 is the next year.
BRITAIN = flows(
    *_trade("u1", "2024-01-15T10:00:00Z", "BUY", "10 ETH", "10000", "GBP"),
    *_trade("u2", "2024-03-01T10:00:00Z", "SELL", "1 ETH", "1500", "GBP"),
    *_trade("u3", "2024-05-01T10:00:00Z", "BUY", "2 ETH", "2400", "GBP"),
    *_trade("u4", "2024-05-01T15:00:00Z", "SELL", "1 ETH", "1300", "GBP"),
    *_trade("u5", "2024-07-01T10:00:00Z", "SELL", "2 ETH", "1600", "GBP"),
    *_trade("u6", "2024-07-10T10:00:00Z", "BUY", "1 ETH", "900", "GBP"),
    *_trade("u7", "2025-04-05T23:00:00Z", "SELL", "1 ETH", "2000", "GBP"),
    *_trade("u8", "2025-04-06T00:00:00Z", "SELL", "1 ETH", "2000", "GBP"),
)
SA108_2024 = [
    ("13.1", "Cryptoassets: Number of disposals", "3"),
    ("13.2", "Cryptoassets: Disposal proceeds", "4900.00"),
    ("13.3", "Cryptoassets: Allowable costs (including purchase price)", "4140.00"),
    ("13.4", "Cryptoassets: Gains in the year, before losses", "1080.00"),
    ("13.5", "Cryptoassets: Losses in the year", "320.00"),
]
# before 2024 to 2025 the form had no Cryptoassets section: the rows name the section, no box
SA108_2023 = [
    ("", "Other property, assets and gains: Number of disposals", "1"),
    ("", "Other property, assets and gains: Disposal proceeds", "1500.00"),
    ("", "Other property, assets and gains: Allowable costs (including purchase price)", "1000.00"),
    ("", "Other property, assets and gains: Gains in the year, before losses", "500.00"),
    ("", "Other property, assets and gains: Losses in the year", "0.00"),
]


def _written(
    kind: ReportType, ledger: pl.DataFrame, method: CostBasisMethod, year: TaxYear, path: Path
) -> list[tuple[str | None, ...]]:
    result = compute(ledger, method)
    write_report(kind, ReportInput(year, result.disposals, result.income, result.lots), path)
    return list(pl.read_csv(path, infer_schema=False).iter_rows())


def test_schedule_3_is_the_hand_worked_acb_with_the_superficial_loss(tmp_path: Path) -> None:
    path = tmp_path / "schedule_3.csv"
    assert (
        _written(ReportType.CA_SCHEDULE_3, CANADA, CostBasisMethod.ACB, TaxYear(2023, Country.CA), path)
        == SCHEDULE_3
    )
    assert path.read_text().splitlines()[0] == "Line,Description,Amount"


def test_sa108_is_the_hand_worked_share_pooling_over_6_april_to_5_april(tmp_path: Path) -> None:
    path = tmp_path / "sa108.csv"
    year = TaxYear(2024, Country.GB)
    assert year.label == "2024 to 2025"
    assert (
        _written(ReportType.UK_CAPITAL_GAINS_SUMMARY, BRITAIN, CostBasisMethod.SP, year, path) == SA108_2024
    )
    earlier = TaxYear(2023, Country.GB)
    assert (
        _written(ReportType.UK_CAPITAL_GAINS_SUMMARY, BRITAIN, CostBasisMethod.SP, earlier, path)
        == SA108_2023
    )


@pytest.mark.parametrize(
    ("kind", "ledger", "law", "other", "expected"),
    [
        (ReportType.CA_SCHEDULE_3, CANADA, "ACB", "FIFO", SCHEDULE_3),
        (ReportType.UK_CAPITAL_GAINS_SUMMARY, BRITAIN, "SP", "ACB", SA108_2024),
    ],
)
def test_the_command_line_makes_them_with_the_laws_method_only(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    kind: ReportType,
    ledger: pl.DataFrame,
    law: str,
    other: str,
    expected: list[tuple[str | None, ...]],
) -> None:
    file = tmp_path / "ledger.csv"
    ledger.write_csv(file)
    out = tmp_path / "figures.csv"
    # --country does not move a return out of its country: the UK's year still starts on 6 April
    argv = [
        "tax",
        "report",
        "--type",
        kind.value,
        "--year",
        "2024" if law == "SP" else "2023",
        "--country",
        "US",
    ]

    assert main([*argv, str(file), "--method", other, "--out", str(out)]) == 2
    assert f"{kind.value} is computed with the {law} method: give --method {law}" in capsys.readouterr().err
    assert not out.exists()
    assert main([*argv, str(file), "--method", law, "--out", str(out)]) == 0
    assert list(pl.read_csv(out, infer_schema=False).iter_rows()) == expected
