"""Types of the C core (analytics/lots/_c_core.c)."""

from typing import Any

Buffer = memoryview | bytes

def match(
    method: int,
    wallet: bool,
    n_events: int,
    asset_starts: Buffer,
    ts: Buffer,
    kind: Buffer,
    account: Buffer,
    to_account: Buffer,
    quantity: Buffer,
    amount: Buffer,
    acquisition: Buffer,
    n_accounts: int,
    first_acquisition_row: int,
    first_order: int,
    next_row: int,
    carried_starts: Buffer,
    carried_account: Buffer,
    carried_quantity: Buffer,
    carried_cost: Buffer,
    carried_order: Buffer,
    carried_row: Buffer,
    carried_acquired: Buffer,
) -> tuple[bytes, ...]: ...
def value(
    tx_starts: Buffer, flags: Buffer, quantity: Buffer, value: Buffer, has_value: Buffer
) -> tuple[bytes, bytes, bytes, bytes, bytes]: ...
def order(
    n_events: int, n_assets: int, asset: Buffer, ts: Buffer, kind: Buffer, tx: Buffer, ordinal: Buffer
) -> bytes | None: ...
def csv(fd: int, n_rows: int, columns: tuple[tuple[int, Any, Any, Any], ...]) -> None: ...
def lineage(
    n_head: int,
    head_ids: tuple[Any, tuple[Any, ...]],
    head_chains: tuple[Any, tuple[Any, ...]],
    n_moved: int,
    flows: tuple[Any, tuple[Any, ...]],
    parents: Buffer,
) -> tuple[bytes, bytes, bytes, bytes, bytes]: ...
def stripped(n: int, strings: tuple[Any, tuple[Any, ...]]) -> bool: ...
def pair(
    n_lines: int,
    n_sales: int,
    line_asset: Buffer,
    line_day: Buffer,
    line_has_units: Buffer,
    line_units: Buffer,
    line_proceeds: Buffer,
    sale_asset: Buffer,
    sale_day: Buffer,
    sale_units: Buffer,
    sale_proceeds: Buffer,
    units_tolerance: int,
    amount_tolerance: int,
    days: int,
) -> bytes: ...
def rescaled(n: int, values: Buffer, factors: Buffer, divisor: int) -> bytes | None: ...
def floor_muldiv(a: int, b: int, c: int) -> int: ...
def compare_ratios(a: int, b: int, c: int, d: int) -> int: ...
