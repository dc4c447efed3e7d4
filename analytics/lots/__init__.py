"""The lot engine: lots, disposals, gains and income from a ledger of flows."""

from analytics.lots.engine import LotResult, compute
from analytics.lots.ledger_input import LedgerError, read_ledger, validate_ledger
from analytics.lots.snapshot import Snapshot
from analytics.lots.summary import summarize
from analytics.lots.timeline import MethodTimeline, Period, read_timeline, settings_timeline
from analytics.lots.writers import write_outputs

__all__ = [
    "LedgerError",
    "LotResult",
    "MethodTimeline",
    "Period",
    "Snapshot",
    "compute",
    "read_ledger",
    "read_timeline",
    "settings_timeline",
    "summarize",
    "validate_ledger",
    "write_outputs",
]
