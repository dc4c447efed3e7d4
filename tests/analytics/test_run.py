"""Computing and writing run by run of assets (the engine's one path) writes what
`write_outputs(compute(...))` writes: the same CSV bytes, the same Parquet and database tables,
the same summary; and the C core's CSV writer gives the bytes of its Polars fallback."""

import io
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import duckdb
import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analytics.lots import LedgerError, MethodTimeline, Period, compute, write_outputs
from analytics.lots.c_core import csv_text, lineage, write_csv
from analytics.lots.run import NotInTransactionOrder, asset_runs, compute_and_write, compute_and_write_file
from analytics.lots.tables import _lineage
from analytics.lots.writers import TABLES, OutputFiles, Written
from tests.analytics.ledgers import buy, flows, sell, transfer
from tests.analytics.test_properties import LOT_METHODS, START, common, ledgers
from vocabulary.enums import AllocationScope, CostBasisMethod

STREAMED = (CostBasisMethod.FIFO, CostBasisMethod.LIFO, CostBasisMethod.HIFO, CostBasisMethod.LOFO)


def _database(path: Path) -> dict[str, tuple[list[tuple[object, ...]], pl.DataFrame]]:
    with duckdb.connect(str(path), read_only=True) as database:
        return {
            table: (
                database.execute(f"describe {table}").fetchall(),
                pl.DataFrame(pl.from_arrow(database.sql(f"select * from {table}").to_arrow_table())),
            )
            for table in TABLES
        }


def _assert_same_outputs(one: Path, two: Path) -> None:
    for table in TABLES:
        assert (one / f"{table}.csv").read_bytes() == (two / f"{table}.csv").read_bytes(), table
        first, second = pl.read_parquet(one / f"{table}.parquet"), pl.read_parquet(two / f"{table}.parquet")
        assert first.schema == second.schema, table
        assert first.rows() == second.rows(), table
    first_database, second_database = _database(one / "cairn.duckdb"), _database(two / "cairn.duckdb")
    for table in TABLES:
        assert first_database[table][0] == second_database[table][0], table
        assert first_database[table][1].equals(second_database[table][1]), table
    assert (one / "summary.json").read_bytes() == (two / "summary.json").read_bytes()
    assert sorted(p.name for p in one.iterdir()) == sorted(p.name for p in two.iterdir())


@common
@given(
    ledgers,
    st.sampled_from((*STREAMED, CostBasisMethod.WAC)),
    st.sampled_from(tuple(AllocationScope)),
    st.integers(1, 60),
)
def test_streamed_outputs_are_those_of_write_outputs(
    tmp_path_factory: pytest.TempPathFactory,
    ledger: pl.DataFrame,
    method: CostBasisMethod,
    scope: AllocationScope,
    run: int,
) -> None:
    base = tmp_path_factory.mktemp("out")
    write_outputs(compute(ledger, method, scope), base / "whole")
    written = compute_and_write(ledger, method, scope, OutputFiles(base / "streamed"), run_events=run)
    _assert_same_outputs(base / "whole", base / "streamed")
    assert written.lots == pl.read_parquet(base / "whole" / "lots.parquet").height
    assert written.disposals == pl.read_parquet(base / "whole" / "disposals.parquet").height


@pytest.mark.parametrize("method", STREAMED)
def test_transfers_across_runs_keep_their_lineage(tmp_path: Path, method: CostBasisMethod) -> None:
    ledger = flows(
        *buy("t1", "2021-01-01", "AAA", "2", "100", account="a"),
        *buy("t2", "2021-01-02", "BBB", "1", "50", account="a"),
        *transfer("t3", "2021-01-03", "AAA", "1.5", "a", "b"),
        *transfer("t4", "2021-01-04", "BBB", "2", "a", "b"),  # more than held: a zero-basis piece
        *transfer("t5", "2021-01-05", "AAA", "1", "b", "c"),
        *sell("t6", "2021-02-01", "AAA", "1", "90", account="c"),
        *sell("t7", "2021-02-01", "BBB", "0.5", "30", account="b"),
        *buy("t8", "2021-03-01", "CCC", "1", "10"),
    )
    write_outputs(compute(ledger, method, AllocationScope.WALLET), tmp_path / "whole")
    compute_and_write(
        ledger, method, AllocationScope.WALLET, OutputFiles(tmp_path / "streamed"), run_events=1
    )
    _assert_same_outputs(tmp_path / "whole", tmp_path / "streamed")
    lots = pl.read_csv(tmp_path / "streamed" / "lots.csv")
    assert "t1:0>t3:1>t5:1" in lots["lot_id"].to_list()


def test_timelines_are_written_whole(tmp_path: Path) -> None:
    ledger = flows(
        *buy("t1", "2021-01-01", "AAA", "1", "100"),
        *buy("t2", "2021-06-01", "AAA", "1", "200"),
        *sell("t3", "2022-06-01", "AAA", "1", "300"),
    )
    timeline = MethodTimeline(
        (
            Period(date(2021, 1, 1), date(2021, 12, 31), CostBasisMethod.FIFO),
            Period(date(2022, 1, 1), None, CostBasisMethod.LIFO),
        )
    )
    write_outputs(compute(ledger, timeline), tmp_path / "whole")
    compute_and_write(ledger, timeline, AllocationScope.UNIVERSAL, OutputFiles(tmp_path / "streamed"))
    _assert_same_outputs(tmp_path / "whole", tmp_path / "streamed")


@common
@given(
    ledgers,
    st.sampled_from(STREAMED),
    st.sampled_from(tuple(AllocationScope)),
    st.integers(1, 30),
    st.booleans(),
)
def test_a_parquet_ledger_read_batch_by_batch_gives_the_same_outputs(
    tmp_path_factory: pytest.TempPathFactory,
    ledger: pl.DataFrame,
    method: CostBasisMethod,
    scope: AllocationScope,
    batch: int,
    shuffled: bool,
) -> None:
    base = tmp_path_factory.mktemp("out")
    if shuffled:  # not in transaction order: read whole
        ledger = ledger.sort("tx_id", descending=True, maintain_order=True)
    ledger.write_parquet(base / "ledger.parquet")
    write_outputs(compute(ledger, method, scope), base / "whole")
    compute_and_write_file(
        base / "ledger.parquet", method, scope, OutputFiles(base / "batched"), batch_rows=batch, run_events=1
    )
    _assert_same_outputs(base / "whole", base / "batched")


@pytest.mark.parametrize("batch", [1, 2, 3, 100])
def test_a_bad_parquet_ledger_reports_the_first_problem_of_a_whole_reading(
    tmp_path: Path, batch: int
) -> None:
    ledger = flows(
        *buy("t1", "2021-01-01", "AAA", "1", "100"),
        ("t2", "2021-01-02", "a", "NOPE", "AAA", "IN", "1", ""),  # row 3: type
        ("", "2021-01-03", "a", "BUY", "AAA", "IN", "1", ""),  # row 4: tx_id, checked first
    )
    ledger.write_parquet(tmp_path / "ledger.parquet")
    with pytest.raises(LedgerError) as whole:
        compute(ledger, CostBasisMethod.FIFO)
    with pytest.raises(LedgerError) as batched:
        compute_and_write_file(
            tmp_path / "ledger.parquet",
            CostBasisMethod.FIFO,
            AllocationScope.UNIVERSAL,
            OutputFiles(tmp_path / "out"),
            batch_rows=batch,
        )
    assert str(batched.value) == str(whole.value) == "row 4, column tx_id: must not be empty (got '')"
    assert not (tmp_path / "out").exists()


def test_a_transfer_split_across_batches_is_paired(tmp_path: Path) -> None:
    ledger = flows(
        *buy("t1", "2021-01-01", "AAA", "2", "100", account="a"),
        ("t2", "2021-01-02", "a", "TRANSFER", "AAA", "OUT", "1.5", "", "false", "L"),
        ("t3", "2021-01-02", "b", "TRANSFER", "AAA", "IN", "1.4", "", "false", "L"),
        *sell("t4", "2021-02-01", "AAA", "1", "90", account="b"),
    )
    ledger.write_parquet(tmp_path / "ledger.parquet")
    write_outputs(compute(ledger, CostBasisMethod.FIFO, AllocationScope.WALLET), tmp_path / "whole")
    compute_and_write_file(
        tmp_path / "ledger.parquet",
        CostBasisMethod.FIFO,
        AllocationScope.WALLET,
        OutputFiles(tmp_path / "batched"),
        batch_rows=1,
    )
    _assert_same_outputs(tmp_path / "whole", tmp_path / "batched")


def test_bad_ledger_writes_nothing(tmp_path: Path) -> None:
    ledger = flows(("t1", "2021-01-01", "a", "BUY", "AAA", "IN", "-1", ""))
    with pytest.raises(LedgerError, match="must be positive"):
        compute_and_write(
            ledger, CostBasisMethod.FIFO, AllocationScope.UNIVERSAL, OutputFiles(tmp_path / "out")
        )
    assert list(tmp_path.iterdir()) == []


@common
@given(
    ledgers,
    st.sampled_from((*STREAMED, CostBasisMethod.WAC)),
    st.sampled_from(tuple(AllocationScope)),
    st.integers(1, 7),
)
def test_a_ledger_given_in_batches_gives_the_same_outputs(
    tmp_path_factory: pytest.TempPathFactory,
    ledger: pl.DataFrame,
    method: CostBasisMethod,
    scope: AllocationScope,
    size: int,
) -> None:
    """As PostgreSQL streams the product's ledger: raw batches in transaction order, a transaction
    split across two of them."""
    base = tmp_path_factory.mktemp("out")
    ledger = ledger.sort("tx_id", maintain_order=True)
    write_outputs(compute(ledger, method, scope), base / "whole")
    batches = [ledger.slice(first, size) for first in range(0, ledger.height, size)]
    compute_and_write(batches, method, scope, OutputFiles(base / "batches"), run_events=1)
    _assert_same_outputs(base / "whole", base / "batches")


def test_batches_out_of_transaction_order_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    later, earlier = (
        flows(*buy("t2", "2021-01-02", "AAA", "1", "100")),
        flows(*buy("t1", "2021-01-01", "AAA", "1", "90")),
    )
    with pytest.raises(NotInTransactionOrder):
        compute_and_write(
            [later, earlier], CostBasisMethod.FIFO, AllocationScope.UNIVERSAL, OutputFiles(tmp_path / "out")
        )
    assert list(tmp_path.iterdir()) == []


def test_an_empty_ledger_in_batches_writes_empty_tables(tmp_path: Path) -> None:
    written = compute_and_write(
        [], CostBasisMethod.FIFO, AllocationScope.UNIVERSAL, OutputFiles(tmp_path / "out")
    )
    assert (written.lots, written.disposals, written.income) == (0, 0, 0)
    for table in TABLES:
        assert pl.read_parquet(tmp_path / "out" / f"{table}.parquet").is_empty()


def test_runs_are_whole_assets() -> None:
    lengths = [3, 1, 5, 2]
    assert asset_runs(lengths, 1) == [(0, 3), (3, 1), (4, 5), (9, 2)]
    assert asset_runs(lengths, 4) == [(0, 4), (4, 5), (9, 2)]
    assert asset_runs(lengths, 100) == [(0, 11)]


# ---- the C core's CSV writer ----------------------------------------------------------------

TEXTS = [
    "",
    "plain",
    "a,b",
    'say "hi"',
    "line\nbreak",
    "cr\rhere",
    " padded ",
    "é→✓",
    "x" * 12,
    "y" * 13,
    '=HYPERLINK("http://x.test","click")',
    "@SUM(A1:A9)",
    "+1",
    "-5.5",
    "\tTab",
    "\rCR",
    "=" * 13,
    None,
]
DECIMALS = [
    Decimal(0),
    Decimal("0.000000000000000001"),
    Decimal("-0.5"),
    Decimal("-3.667188688717199478"),
    Decimal("6300.129167593017199478"),
    Decimal("18446744073.709551616"),
    Decimal("99999999999999999999.999999999999999999"),
    Decimal("-99999999999999999999.999999999999999999"),
    None,
]
MOMENTS = [
    datetime(1970, 1, 1, tzinfo=UTC),
    datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
    datetime(2019, 1, 1, 0, 11, 56, tzinfo=UTC),
    datetime(2024, 2, 29, 12, 0, 0, 1, tzinfo=UTC),
    datetime(1, 1, 1, tzinfo=UTC),
    datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
    datetime(1900, 3, 1, tzinfo=UTC),
    None,
]


def _polars_bytes(frame: pl.DataFrame, header: bool) -> bytes:
    buffer = io.BytesIO()
    csv_text(frame).write_csv(buffer, include_header=header)
    return buffer.getvalue()


def _core_bytes(frame: pl.DataFrame, header: bool, path: Path) -> bytes:
    with open(path, "wb") as file:
        write_csv(frame, file, include_header=header)
    return path.read_bytes()


@given(st.data())
@common
def test_core_csv_is_polars_csv(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    n = data.draw(st.integers(0, 30))
    frame = pl.DataFrame(
        {
            "text": data.draw(st.lists(st.sampled_from(TEXTS), min_size=n, max_size=n)),
            "free": data.draw(st.lists(st.text(max_size=20) | st.none(), min_size=n, max_size=n)),
            "amount": data.draw(st.lists(st.sampled_from(DECIMALS), min_size=n, max_size=n)),
            "scaled": data.draw(st.lists(st.integers(-(10**37), 10**37), min_size=n, max_size=n)),
            "at": data.draw(st.lists(st.sampled_from(MOMENTS), min_size=n, max_size=n)),
            "micros": data.draw(
                st.lists(
                    st.integers(-62_135_596_800_000_000, 253_402_300_799_999_999), min_size=n, max_size=n
                )
            ),
            "days": data.draw(st.lists(st.integers(-(2**63), 2**63 - 1) | st.none(), min_size=n, max_size=n)),
        },
        schema={
            "text": pl.String,
            "free": pl.String,
            "amount": pl.Decimal(38, 18),
            "scaled": pl.Int128,
            "at": pl.Datetime("us", "UTC"),
            "micros": pl.Int64,
            "days": pl.Int64,
        },
    ).with_columns(
        pl.col("scaled").cast(pl.Decimal(38, 0)).cast(pl.Decimal(38, 3), strict=False).alias("scaled"),
        pl.col("micros").cast(pl.Datetime("us", "UTC")),
    )
    if n:
        frame = frame.slice(data.draw(st.integers(0, n // 2)))  # columns with an offset
    header = data.draw(st.booleans())
    path = tmp_path_factory.mktemp("csv") / "out.csv"
    assert _core_bytes(frame, header, path) == _polars_bytes(frame, header)


def test_csv_decimals_and_times_are_exact_and_short(tmp_path: Path) -> None:
    frame = pl.DataFrame(
        {
            "amount": [Decimal("0.236193310000000000"), Decimal(0), Decimal("-5.5"), Decimal(100), None],
            "at": [
                datetime(2019, 1, 1, 0, 11, 56, tzinfo=UTC),
                datetime(2019, 1, 1, 0, 11, 56, 250, tzinfo=UTC),
                datetime(1969, 12, 31, 23, 59, 59, 500000, tzinfo=UTC),
                None,
                datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
            ],
        },
        schema={"amount": pl.Decimal(38, 18), "at": pl.Datetime("us", "UTC")},
    )
    expected = (
        "amount,at\n0.23619331,2019-01-01T00:11:56Z\n0,2019-01-01T00:11:56.000250Z\n"
        "-5.5,1969-12-31T23:59:59.500000Z\n100,\n,9999-12-31T23:59:59.999999Z\n"
    )
    assert _core_bytes(frame, True, tmp_path / "out.csv").decode() == expected
    assert _polars_bytes(frame, True).decode() == expected
    read = pl.read_csv(tmp_path / "out.csv", schema=frame.schema)
    assert read.equals(frame)


def test_core_csv_falls_back_to_polars_for_other_columns(tmp_path: Path) -> None:
    frame = pl.DataFrame(
        {
            "flag": [True, None],
            "local": [datetime(2021, 1, 1), None],
            "zoned": pl.Series([datetime(2021, 1, 1, tzinfo=UTC)] * 2).dt.convert_time_zone("Europe/Paris"),
        }
    )
    assert _core_bytes(frame, True, tmp_path / "out.csv") == _polars_bytes(frame, True)


# ---- the C core's lineage of moved pieces ---------------------------------------------------


@given(st.data())
@common
def test_core_lineage_is_the_python_lineage(data: st.DataObject) -> None:
    n_head = data.draw(st.integers(1, 8))
    head = pl.DataFrame(
        {
            "lot_id": [f"t{k}:0" if k % 2 else f"a-long-transaction-id-{k}:1" for k in range(n_head)],
            "transfer_chain": data.draw(
                st.lists(
                    st.sampled_from(["", "x:1", "a-much-longer-chain:2>y:1"]),
                    min_size=n_head,
                    max_size=n_head,
                )
            ),
        }
    )
    n_moved = data.draw(st.integers(0, 25))
    parents = [data.draw(st.integers(-1, n_head + k - 1)) for k in range(n_moved)]
    moves = pl.DataFrame(
        {"flow_id": [f"m{k}:1" if k % 3 else f"a-receiving-flow-{k}:1" for k in range(n_moved)]}
    )
    parents_series = pl.Series(parents, dtype=pl.Int64)
    built = lineage(head["lot_id"], head["transfer_chain"], moves["flow_id"], parents_series)
    assert built is not None
    expected = _lineage(head, moves, parents_series)
    for ours, theirs in zip(built, expected, strict=True):
        assert ours.to_list() == theirs.to_list()


class _Kept:
    """A writer that keeps what it is given."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, pl.DataFrame]] = []

    def start(self) -> None:
        pass

    def submit(self, parts: Sequence[tuple[str, pl.DataFrame]]) -> None:
        self.parts += parts

    def finish(self, written: Written) -> None:
        pass

    def abandon(self) -> None:
        self.parts.clear()


@common
@given(ledgers, st.sampled_from(LOT_METHODS), st.sampled_from(tuple(AllocationScope)), st.integers(0, 420))
def test_a_checkpoint_and_the_flows_after_it_rebuild_every_row(
    ledger: pl.DataFrame, method: CostBasisMethod, scope: AllocationScope, cut_day: int
) -> None:
    """What an incremental cost-basis run stores: the rows of the last result that were final before the
    checkpoint (disposals and income before it; lots created before it and closed by then) and the rows
    computed from the checkpoint's open lots on. Together they are every row a computation from scratch
    makes."""
    cut = START + timedelta(days=cut_day)
    ledger = ledger.sort("tx_id", maintain_order=True)
    written = compute_and_write(ledger, method, scope, _Kept(), checkpoint_at=cut)
    assert written.checkpoint is not None
    assert written.checkpoint.lots.equals(compute(ledger, method, scope, until=cut).snapshot.lots)
    scratch = compute(ledger, method, scope)
    resumed = compute(ledger, method, scope, start=written.checkpoint)

    times = {tx: datetime.fromisoformat(at) for tx, at in ledger.select("tx_id", "timestamp").iter_rows()}
    still_open = set(written.checkpoint.lots["lot_id"])

    def final_before_cut(lot_id: str) -> bool:  # the transaction that made this row: its last flow's
        return lot_id not in still_open and times[lot_id.rsplit(">", 1)[-1].split(":")[0]] < cut

    kept = scratch.lots.filter(
        pl.col("lot_id").map_elements(final_before_cut, return_dtype=pl.Boolean)
        & (pl.col("acquired_at") < cut)
    )
    for name, moment in (("lots", None), ("disposals", "disposed_at"), ("income", "received_at")):
        whole: pl.DataFrame = getattr(scratch, name)
        before = kept if moment is None else whole.filter(pl.col(moment) < cut)
        rebuilt = pl.concat([before, getattr(resumed, name)])
        assert rebuilt.sort(pl.all()).equals(whole.sort(pl.all())), name
