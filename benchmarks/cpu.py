"""The CPU seconds a benchmarked step spends, here and in PostgreSQL, beside its wall clock.

A step of C CPU seconds takes at least C / N seconds on a machine of N cores: the figures tell how far
a step's wall clock is from that floor, and what a target asks of its work. They also vary less than
the wall clock on a machine shared with other work. Here: this process's threads and the children it
waited for (a command it ran). PostgreSQL: every process of the server, those running (backends,
parallel workers) and those that ended meanwhile, whose times the postmaster collected.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import psutil


@dataclass(frozen=True)
class CpuSeconds:
    here: float
    postgres: float

    def __sub__(self, earlier: CpuSeconds) -> CpuSeconds:
        return CpuSeconds(self.here - earlier.here, self.postgres - earlier.postgres)

    def __str__(self) -> str:
        cores = len(os.sched_getaffinity(0))  # those this process may run on
        floor = (self.here + self.postgres) / cores
        return (
            f"cpu {self.here:.1f} s here + {self.postgres:.1f} s PostgreSQL"
            f" (≥ {floor:.1f} s on {cores} cores)"
        )


def cpu_now(postgres_data: Path) -> CpuSeconds:
    """The CPU seconds spent so far; `postgres_data`: the server's data directory."""
    here = os.times()
    return CpuSeconds(
        here.user + here.system + here.children_user + here.children_system, _postgres(postgres_data)
    )


def _postgres(data: Path) -> float:
    postmaster = psutil.Process(int((data / "postmaster.pid").read_text().split()[0]))
    spent = 0.0
    for process in (postmaster, *postmaster.children()):
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:  # ended since listed: the postmaster's children's times have it
            continue
        spent += times.user + times.system + times.children_user + times.children_system
    return spent
