"""What a data export reads: every exported table of the chosen users, as Arrow tables, in one
REPEATABLE READ snapshot (so a user's lots, disposals, income and summaries all come from the run named
on the user's status row in that snapshot), shared by READERS connections that read tables at once,
streamed by ADBC as the cost-basis run reads its flows (COPY … TO STDOUT in binary, straight into
columns; never a Python object per row).

Each statement's columns are docs/data/SCHEMA.md's; every table has `user` (the user's public id) and,
but for accounts, `year` (the UTC calendar year of its row's date); rows come by user, so a bucket's
file keeps each user's rows together.
Quantities and money are read as exact text and typed as decimal(38, 18) by the caller.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from queue import SimpleQueue
from typing import cast

import adbc_driver_postgresql.dbapi as adbc
import pyarrow as pa
import pyarrow.compute as pc
from sqlalchemy import Engine

READERS = 2  # connections reading tables at once
EXPORT_SCHEMA_VERSION = 2  # 2: files by bucket of users (analytics.exports.partitions), not by user and year


def _year(column: str) -> str:
    return f"extract(year FROM {column} AT TIME ZONE 'UTC')::int AS year"


# {users} is the chosen users' ids as a bigint[] literal; every table is read for those users only, its
# `user` as their id (ExportSnapshot puts in their public ids).
STATEMENTS: dict[str, str] = {
    "accounts": """
        SELECT a.user_id AS "user", a.id AS account_id, a.parent_id, a.kind::int AS kind,
               a.integration_slug, a.name, a.address, a.currency_symbol, a.is_mining, a.created_at
        FROM accounts a
        WHERE a.user_id = ANY({users})
        ORDER BY a.user_id, a.id""",
    "transactions": f"""
        SELECT t.user_id AS "user", {_year("t.timestamp")}, t.id AS transaction_id,
               t.public_id::text AS public_id, t.account_id, t.timestamp, t.type, t.description, t.tx_hash,
               t.is_manual, t.is_ignored, t.is_taxable
        FROM transactions t
        WHERE t.user_id = ANY({{users}})
        ORDER BY t.user_id, t.id""",
    "flows": f"""
        SELECT t.user_id AS "user", {_year("t.timestamp")}, f.id AS flow_id,
               f.transaction_id, t.account_id, t.timestamp, f.direction, f.asset_id, a.symbol AS asset,
               f.quantity::text AS quantity, f.value::text AS value, f.value_currency,
               f.value_override::text AS value_override, f.is_fee
        FROM flows f JOIN transactions t ON t.id = f.transaction_id JOIN assets a ON a.id = f.asset_id
        WHERE t.user_id = ANY({{users}})
        ORDER BY t.user_id, f.id""",
    # The USD closes the user's flows are valued at (the asset's, and the stated value currency's), null
    # where the day has none; and the latest close of every asset the user still holds.
    "prices_used": """
        WITH wanted AS (
            SELECT DISTINCT t.user_id, a.symbol, (t.timestamp AT TIME ZONE 'UTC')::date AS date,
                   'flow' AS used_for
            FROM flows f JOIN transactions t ON t.id = f.transaction_id JOIN assets a ON a.id = f.asset_id
            WHERE t.user_id = ANY({users}) AND a.user_id IS NULL AND a.symbol <> 'USD'
            UNION
            SELECT DISTINCT t.user_id, f.value_currency, (t.timestamp AT TIME ZONE 'UTC')::date, 'flow'
            FROM flows f JOIN transactions t ON t.id = f.transaction_id
            WHERE t.user_id = ANY({users}) AND f.value_currency IS NOT NULL AND f.value_currency <> 'USD'
            UNION
            SELECT DISTINCT l.user_id, l.asset, latest.date, 'holding'
            FROM tax_lots l
            JOIN LATERAL (
                SELECT max(p.date) AS date FROM prices p WHERE p.symbol = l.asset AND p.quote = 'USD'
            ) latest ON latest.date IS NOT NULL
            WHERE l.user_id = ANY({users}) AND l.remaining > 0
        )
        SELECT w.user_id AS "user", extract(year FROM w.date)::int AS year, w.symbol, 'USD' AS quote,
               w.date, w.used_for, p.close::text AS close, inverse.close::text AS inverse_close,
               coalesce(p.source, inverse.source) AS source
        FROM wanted w
        LEFT JOIN prices p ON p.symbol = w.symbol AND p.quote = 'USD' AND p.date = w.date
        LEFT JOIN prices inverse ON inverse.symbol = 'USD' AND inverse.quote = w.symbol
            AND inverse.date = w.date
        ORDER BY w.user_id, w.date, w.symbol, w.used_for""",
    "lots": f"""
        SELECT l.user_id AS "user", {_year("l.acquired_at")}, l.run_id::text AS run_id, l.lot_id,
               l.origin_lot_id, l.transaction_id, l.account_id, l.asset, l.acquired_at,
               l.quantity::text AS quantity, l.remaining::text AS remaining,
               l.cost_basis::text AS cost_basis, l.remaining_cost_basis::text AS remaining_cost_basis,
               l.transfer_chain, l.callout
        FROM tax_lots l
        WHERE l.user_id = ANY({{users}})
        ORDER BY l.user_id, l.id""",
    "disposals": f"""
        SELECT d.user_id AS "user", {_year("d.disposed_at")}, d.run_id::text AS run_id,
               d.transaction_id, d.flow_id, d.account_id, d.asset, d.type, d.lot_id, d.origin_lot_id,
               d.transfer_chain, d.acquired_at, d.disposed_at, d.holding_days,
               d.quantity::text AS quantity, d.proceeds::text AS proceeds, d.cost_basis::text AS cost_basis,
               d.gain::text AS gain, d.denied_loss::text AS denied_loss, d.term, d.rule, d.callout
        FROM disposed_lots d
        WHERE d.user_id = ANY({{users}})
        ORDER BY d.user_id, d.id""",
    "income": f"""
        SELECT i.user_id AS "user", {_year("i.received_at")}, i.run_id::text AS run_id,
               i.transaction_id, i.flow_id, i.account_id, i.asset, i.type, i.received_at,
               i.quantity::text AS quantity, i.value::text AS value, i.callout
        FROM income_events i
        WHERE i.user_id = ANY({{users}})
        ORDER BY i.user_id, i.id""",
    "yearly_summaries": """
        WITH gains AS (
            SELECT user_id, extract(year FROM disposed_at AT TIME ZONE 'UTC')::int AS year,
                   sum(proceeds) AS proceeds, sum(cost_basis) AS cost_basis,
                   sum(gain) FILTER (WHERE term = 'SHORT') AS short_term_gain,
                   sum(gain) FILTER (WHERE term = 'LONG') AS long_term_gain,
                   sum(denied_loss) AS denied_loss, count(*) AS disposals
            FROM disposed_lots WHERE user_id = ANY({users}) GROUP BY 1, 2
        ), earned AS (
            SELECT user_id, extract(year FROM received_at AT TIME ZONE 'UTC')::int AS year,
                   sum(value) AS income, count(*) AS income_events
            FROM income_events WHERE user_id = ANY({users}) GROUP BY 1, 2
        )
        SELECT coalesce(g.user_id, e.user_id) AS "user", coalesce(g.year, e.year) AS year,
               s.run_id::text AS run_id,
               coalesce(g.proceeds, 0)::text AS proceeds, coalesce(g.cost_basis, 0)::text AS cost_basis,
               coalesce(g.short_term_gain, 0)::text AS short_term_gain,
               coalesce(g.long_term_gain, 0)::text AS long_term_gain,
               (coalesce(g.short_term_gain, 0) + coalesce(g.long_term_gain, 0))::text AS gain,
               coalesce(g.denied_loss, 0)::text AS denied_loss, coalesce(e.income, 0)::text AS income,
               coalesce(g.disposals, 0) AS disposals, coalesce(e.income_events, 0) AS income_events
        FROM gains g FULL JOIN earned e ON e.user_id = g.user_id AND e.year = g.year
        JOIN cost_basis_status s ON s.user_id = coalesce(g.user_id, e.user_id)
        ORDER BY coalesce(g.user_id, e.user_id), year""",
    # what the browser reported for the user (/save_event, /save_page_view, /save_user_properties); an
    # anonymous visitor's reports name no user and are in no user's export
    "analytics_events": f"""
        SELECT e.user_id AS "user", {_year("e.created_at")}, e.id AS event_id, e.kind, e.name,
               e.category, e.properties::text AS properties, e.context::text AS context, e.created_at
        FROM analytics_events e
        WHERE e.user_id = ANY({{users}})
        ORDER BY e.user_id, e.id""",
}
TABLES = tuple(STATEMENTS)
# the columns read as text that hold quantities or money
DECIMAL_COLUMNS = frozenset(
    {
        "quantity",
        "value",
        "value_override",
        "close",
        "inverse_close",
        "remaining",
        "cost_basis",
        "remaining_cost_basis",
        "proceeds",
        "gain",
        "denied_loss",
        "short_term_gain",
        "long_term_gain",
        "income",
    }
)
DECIMAL = pa.decimal128(38, 18)


@dataclass(frozen=True)
class ExportedUser:
    id: int
    public_id: str
    run_id: str  # the finished cost-basis run whose results are stored


class ExportSnapshot:
    """One REPEATABLE READ snapshot, read on several connections at once: the users' run ids and every
    table, as of one moment."""

    def __init__(self, cursors: Sequence[adbc.Cursor]) -> None:
        self._cursors = cursors
        self._idle: SimpleQueue[adbc.Cursor] = SimpleQueue()
        for cursor in cursors:
            self._idle.put(cursor)

    def users(self, user_ids: Sequence[int] | None = None) -> list[ExportedUser]:
        """Every user with stored cost-basis results (or those of `user_ids`), with the run that made them."""
        chosen = "" if user_ids is None else f"AND s.user_id = ANY({_ids(user_ids)})"
        cursor = self._cursors[0]
        cursor.execute(
            "SELECT s.user_id, u.public_id::text, s.run_id::text FROM cost_basis_status s "
            f"JOIN users u ON u.id = s.user_id WHERE s.run_id IS NOT NULL {chosen} ORDER BY s.user_id"
        )
        return [ExportedUser(*row) for row in cursor.fetchall()]

    def tables(self, names: Sequence[str], users: Sequence[ExportedUser]) -> Iterator[tuple[str, pa.Table]]:
        """The tables `names` of `users`, in that order, each connection reading the next one due."""
        with ThreadPoolExecutor(len(self._cursors), thread_name_prefix="export-read") as pool:
            reads = [pool.submit(self._read, name, users) for name in names]
            for name, read in zip(names, reads, strict=True):
                yield name, read.result()

    def _read(self, name: str, users: Sequence[ExportedUser]) -> pa.Table:
        cursor = self._idle.get()
        try:
            cursor.execute(STATEMENTS[name].format(users=_ids([user.id for user in users])))
            read = cursor.fetch_arrow_table()
        finally:
            self._idle.put(cursor)
        # the statements read the user's id, not their public id: no join with users for every row
        at = pc.index_in(read.column("user"), value_set=pa.array([user.id for user in users], pa.int64()))
        public_ids = pa.array([user.public_id for user in users], pa.string()).take(at)
        columns = [
            public_ids
            if field.name == "user"
            else column.cast(DECIMAL)
            if field.name in DECIMAL_COLUMNS
            else column
            for field, column in zip(read.schema, read.columns, strict=True)
        ]
        return pa.table(columns, names=read.schema.names)


def _ids(user_ids: Sequence[int]) -> str:
    return "ARRAY[{}]::bigint[]".format(",".join(str(int(user_id)) for user_id in user_ids) or "NULL")


@contextmanager
def export_snapshot(engine: Engine) -> Iterator[ExportSnapshot]:
    """A REPEATABLE READ, read-only transaction on READERS connections of its own, the first's snapshot
    shared with the others (pg_export_snapshot), rolled back at the end."""
    uri = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with ExitStack() as stack:
        cursors = [
            stack.enter_context(stack.enter_context(adbc.connect(uri, autocommit=True)).cursor())
            for _ in range(READERS)
        ]
        for cursor in cursors:
            stack.callback(cursor.execute, "ROLLBACK")
            cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        cursors[0].execute("SELECT pg_export_snapshot()")
        (snapshot,) = cast(tuple[str], cursors[0].fetchone())
        for cursor in cursors[1:]:
            cursor.execute(f"SET TRANSACTION SNAPSHOT '{snapshot}'")
        yield ExportSnapshot(cursors)
