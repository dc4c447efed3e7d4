"""Tax reports: Form 8949 plain for 100,000 disposals (target ≤ 30 s, ≤ 1 GB), condensed (≤ 3 s), and
every gains CSV for 1,000,000 disposals (≤ 5 s each). Prints seconds and the process's peak memory."""

import resource
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import polars as pl

from analytics.reports.catalogue import ReportInput, write_report
from analytics.reports.types import ReportType
from analytics.reports.year import Country, TaxYear

DECIMAL = pl.Decimal(38, 18)


def disposals(count: int) -> pl.DataFrame:
    index = pl.int_range(0, count, eager=True)
    sold = pl.datetime_range(
        datetime(2023, 1, 1, tzinfo=UTC), datetime(2023, 12, 31, tzinfo=UTC), "1s", eager=True
    )
    return pl.DataFrame(
        {
            "flow_id": index.cast(pl.String) + ":0",
            "type": "SELL",
            "asset": pl.Series(["BTC", "ETH", "SOL", "ADA"])[index % 4],
            "acquired_at": sold[index * 13 % 1000],
            "disposed_at": sold[(index * 30 + 5000) % sold.len()],
            "quantity": (index % 997 + 1).cast(DECIMAL) / 1000,
            "proceeds": (index * 7919 % 1_000_003).cast(DECIMAL) / 1000,
            "cost_basis": (index * 104_729 % 1_000_033).cast(DECIMAL) / 1000,
            "term": pl.Series(["SHORT", "LONG"])[index % 2],
        }
    ).with_columns(gain=pl.col("proceeds") - pl.col("cost_basis"), denied_loss=pl.lit(0).cast(DECIMAL))


def timed(kind: ReportType, given: ReportInput, out: Path) -> float:
    start = time.perf_counter()
    write_report(kind, given, out / kind.value)
    return time.perf_counter() - start


def main() -> None:
    empty = pl.DataFrame()
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory)
        small = ReportInput(TaxYear(2023, Country.US), disposals(100_000), empty, empty)
        print(f"Form 8949 plain, 100,000 disposals: {timed(ReportType.FORM_8949, small, out):.2f} s")
        print(f"Form 8949 condensed, 100,000: {timed(ReportType.FORM_8949_CONDENSED, small, out):.2f} s")
        large = ReportInput(TaxYear(2023, Country.US), disposals(1_000_000), empty, empty)
        for kind in (
            ReportType.CAPITAL_GAINS_CSV,
            ReportType.CAPITAL_GAINS_TURBOTAX_ONLINE,
            ReportType.CAPITAL_GAINS_TURBOTAX_DESKTOP,
            ReportType.CAPITAL_GAINS_TAXACT,
            ReportType.CAPITAL_GAINS_CCH,
        ):
            print(f"{kind.value}, 1,000,000 disposals: {timed(kind, large, out):.2f} s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2
    print(f"peak memory {peak:.2f} GB")


if __name__ == "__main__":
    main()
