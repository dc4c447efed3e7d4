"""Lot engine benchmarks: `python benchmarks/lots_bench.py [--quick] [--full] [--no-rp2] [--repeat N]`.

Prints, for generated ledgers (see lots_generate.py): wall time from reading the Parquet
ledger to written outputs (measured inside the process, and for the whole process including
interpreter start-up), and the peak RSS of the process; then RP2 (PyPI `rp2`, in its own venv)
against Cairn on the same transactions: both times, both peaks, the ratio and the totals per
asset, year and term compared. Ledgers are cached in benchmarks/out/.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))
# Polars and the RP2 helpers are imported where used: the measured child process imports only
# what `cairn lots compute` imports, so its start-up is that of the command.

CONFIGS = (("FIFO", "universal"), ("FIFO", "wallet"), ("HIFO", "universal"), ("HIFO", "wallet"))


def run_measured(command: list[str], cwd: Path | None = None) -> tuple[float, float, str]:
    """Run a child process: (wall seconds, peak RSS in MB, stdout)."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=errors, text=True)
        assert child.stdout is not None
        stdout = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            errors.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed:\n{errors.read().decode()[-2000:]}")
    return wall, usage.ru_maxrss / 1024, stdout


def ledger_file(transactions: int) -> Path:
    """The generated ledger, cached in benchmarks/out/."""
    path = OUT / f"ledger_{transactions}.parquet"
    if not path.exists():
        print(f"generating {transactions:,} transactions …", flush=True)
        subprocess.run(
            [sys.executable, str(HERE / "lots_generate.py"), str(transactions), str(path)], check=True
        )
    return path


def child(ledger: Path, method: str, scope: str, out: Path) -> None:
    """The measured run: `cairn lots compute` on one ledger, with what the `cairn` command imports."""
    import resource

    from stack.cli import build_parser, exit_now

    args = build_parser().parse_args(
        ["lots", "compute", str(ledger), "--method", method, "--scope", scope, "--out", str(out)]
    )
    started = time.perf_counter()
    code = args.func(args)
    elapsed = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": elapsed, "peak_mb": peak, "code": code}))
    exit_now(code)  # as the `cairn` command ends


def cairn(ledger: Path, method: str, scope: str) -> tuple[float, float, float]:
    """(seconds inside, seconds for the process, peak MB).

    Each run writes a new output directory on a quiet disk, as a first run would: the previous
    run's outputs are removed and the disk's pending writes flushed before it starts (otherwise a
    run would pay for deleting the last one's gigabyte and compete with its write-back)."""
    out = OUT / f"result-{ledger.stem}-{method}-{scope}"
    shutil.rmtree(out, ignore_errors=True)
    os.sync()
    command = [sys.executable, str(Path(__file__)), "--child", str(ledger), method, scope, str(out)]
    wall, peak, stdout = run_measured(command)
    return json.loads(stdout.strip().splitlines()[-1])["seconds"], wall, peak


def bench_scale(transactions: int, configs: tuple[tuple[str, str], ...], repeat: int) -> None:
    """Each configuration `repeat` times: the median, and the range (this machine is shared)."""
    import polars as pl

    ledger = ledger_file(transactions)
    flows = pl.scan_parquet(ledger).select(pl.len()).collect().item()
    print(f"\n{transactions:,} transactions ({flows:,} flows), {os.cpu_count()} cores, median of {repeat}")
    print(f"  {'method':6} {'scope':9} {'read→written':>13} {'process':>9} {'peak RSS':>10}   process range")
    for method, scope in configs:
        runs = cairn_runs(ledger, method, scope, repeat)
        inside, wall, peak = runs[len(runs) // 2]
        print(
            f"  {method:6} {scope:9} {inside:12.2f}s {wall:8.2f}s {peak:8.0f} MB   "
            f"{runs[0][1]:.2f}–{runs[-1][1]:.2f} s",
            flush=True,
        )


def cairn_runs(ledger: Path, method: str, scope: str, repeat: int) -> list[tuple[float, float, float]]:
    """`repeat` runs of `cairn`, by process time: the median is the middle one."""
    return sorted((cairn(ledger, method, scope) for _ in range(repeat)), key=lambda run: run[1])


def bench_rp2(transactions: int, repeat: int) -> None:
    import lots_generate
    import lots_rp2
    import polars as pl

    print(f"\nRP2 against Cairn, FIFO universal, {transactions:,} transactions", flush=True)
    bin_dir = lots_rp2.ensure_venv()
    txs = lots_generate.transactions(transactions)
    directory = OUT / f"rp2-{transactions}"
    ledger = directory / "ledger.parquet"
    config, ods = lots_rp2.write_input(txs, directory)
    lots_generate.ledger(txs).with_columns(
        pl.col("quantity", "value").cast(pl.Decimal(38, 18))
    ).write_parquet(ledger)

    # A run of under a second is at the mercy of a moment's load on this shared machine, which RP2's
    # minute averages out: Cairn runs `repeat` times before RP2 and `repeat` times after, and the
    # median of them all is compared.
    before = [cairn(ledger, "FIFO", "universal") for _ in range(repeat)]
    # RP2 writes a log/ folder into its working directory: a temporary one
    with tempfile.TemporaryDirectory(prefix="rp2-") as scratch:
        rp2_wall, rp2_peak, _ = run_measured(
            [
                str(bin_dir / "rp2_us"),
                "-m",
                "fifo",
                "-o",
                str(directory / "out"),
                "-p",
                "bench",
                str(config.resolve()),
                str(ods.resolve()),
            ],
            cwd=Path(scratch),
        )
    runs = sorted(before + cairn_runs(ledger, "FIFO", "universal", repeat), key=lambda run: run[1])
    inside, wall, peak = runs[len(runs) // 2]
    print(f"  RP2   {rp2_wall:8.2f}s  peak {rp2_peak:6.0f} MB   (rp2_us: input, lots, reports; one run)")
    print(
        f"  Cairn {wall:8.2f}s  peak {peak:6.0f} MB   ({inside:.2f}s read→written, the rest is start-up; "
        f"median of {len(runs)}, {runs[0][1]:.2f}–{runs[-1][1]:.2f} s)"
    )
    print(f"  ratio {rp2_wall / wall:8.1f}× (process to process), {rp2_wall / inside:.1f}× (read→written)")

    with tempfile.TemporaryDirectory(prefix="rp2-") as scratch:
        totals = subprocess.run(
            [
                str(bin_dir / "python"),
                str(HERE / "lots_rp2_totals.py"),
                str(config.resolve()),
                str(ods.resolve()),
            ],
            cwd=scratch,
            check=True,
            capture_output=True,
            text=True,
        )
    theirs = {key: Decimal(value) for key, value in json.loads(totals.stdout).items()}
    result = pl.read_parquet(OUT / f"result-{ledger.stem}-FIFO-universal" / "disposals.parquet")
    grouped = result.group_by("asset", pl.col("disposed_at").dt.year().alias("year"), "term").agg(
        pl.col("gain").sum()
    )
    ours = {f"{asset}/{year}/{term}": gain for asset, year, term, gain in grouped.iter_rows()}
    differences = [
        abs(ours.get(key, Decimal(0)) - theirs.get(key, Decimal(0))) for key in set(ours) | set(theirs)
    ]
    same_cents = all(difference < Decimal("0.005") for difference in differences)
    print(
        f"  totals: {len(theirs)} (asset, year, term) gains; largest difference {max(differences):.2E}; "
        f"{'identical to the cent' if same_cents else 'DIFFERENT'}"
    )


def compile_bytecode() -> None:
    """Byte-compile Cairn's packages, as pip does for an installed package (RP2's included): with
    PYTHONDONTWRITEBYTECODE set, an editable install would otherwise compile its modules afresh at
    every start."""
    root = HERE.parent
    packages = [str(root / name) for name in ("analytics", "stack")]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *packages], check=True)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(Path(sys.argv[2]), sys.argv[3], sys.argv[4], Path(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100,000 transactions and RP2 on 5,000")
    parser.add_argument("--full", action="store_true", help="also 10,000,000 transactions (FIFO, universal)")
    parser.add_argument("--no-rp2", action="store_true", help="skip the RP2 comparison")
    parser.add_argument("--rp2-transactions", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration (the median is shown)")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    compile_bytecode()
    bench_scale(100_000 if args.quick else 1_000_000, CONFIGS, args.repeat)
    if args.full:
        bench_scale(10_000_000, (("FIFO", "universal"),), 1)
    if not args.no_rp2:
        bench_rp2(args.rp2_transactions or (5_000 if args.quick else 50_000), max(args.repeat, 5))


if __name__ == "__main__":
    main()
