"""Writing one file's transactions into an account, batch by batch, all inside the caller's database
transaction, so a file lands whole or not at all.

Each batch is encoded in COPY's text format (`encode_batch`, in whatever thread parses the file),
COPied into two temporary staging tables and merged with one statement: the transactions the account
does not have yet (by natural key) are inserted, and only their flows and labels follow. Transaction
ids are drawn from the table's sequence while staging, so flows join their transaction by staging row
and never by a key lookup. Natural keys make the merge idempotent: a
transaction the account already has, or one the file repeats, is skipped and counted.

Symbols resolve to the shared asset of that symbol (best rank first, never an NFT), else to a fiat
currency the caller names, else to the user's own token of that symbol, created on first use
(user_asset_ ids); each symbol is resolved once per import and remembered. A flow naming an NFT's
asset id (`vocabulary.nft`) belongs to that token's shared NFT asset, created on first sight.

Foreign keys are checked once per import instead of once per row where the role may say so (`cairn run`
grants it; a superuser has it): the account is locked against deletion (FOR KEY SHARE, what each row's
check would take), and every other key a new row holds is one the same database transaction just
wrote or resolved (the import row, the asset, the label, the transaction a flow belongs to), so the
per-row triggers of `session_replication_role = replica` would only confirm it. Without the grant the
import is the same, only slower.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

import polars as pl
from sqlalchemy import BindParameter, bindparam, select, text
from sqlalchemy.orm import Session

from contracts.imports import ImportCounts
from ledger.models import Account, Import
from ledger.writes.copy import copy_rows, copy_text
from ledger.writes.copy_format import (
    NULL,
    bool_column,
    bool_field,
    copy_lines,
    number_field,
    text_column,
    text_field,
    time_column,
    time_field,
)
from ledger.writes.freezing import HELD_FOR_REVIEW, locked_before
from vocabulary.enums import FlowDirection, ImportType, TransactionType
from vocabulary.nft import parse_nft_asset_id

_ACCOUNT_IMPORT_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('account-import/' || :account_id, 0))"
_SORT_MEMORY = "SET LOCAL work_mem = '64MB'"  # a batch's sorts by staging order stay in memory
_MAY_SKIP_ROW_CHECKS = "SELECT has_parameter_privilege('session_replication_role', 'SET')"
_SKIP_ROW_CHECKS = "SET LOCAL session_replication_role = replica"

_STAGING_TABLES = """
CREATE TEMPORARY TABLE staging_transactions (
    seq bigint NOT NULL, id bigint NOT NULL DEFAULT nextval(pg_get_serial_sequence('transactions', 'id')),
    natural_key text NOT NULL, timestamp timestamptz NOT NULL, type text NOT NULL,
    description text NOT NULL, tx_hash text, label text, review text
) ON COMMIT DROP;
CREATE TEMPORARY TABLE staging_flows (
    seq bigint NOT NULL, position int NOT NULL, direction text NOT NULL, symbol text NOT NULL,
    quantity numeric NOT NULL, value numeric, value_currency text, is_fee boolean NOT NULL
) ON COMMIT DROP;
CREATE TEMPORARY TABLE staging_assets (symbol text PRIMARY KEY, asset_id text NOT NULL) ON COMMIT DROP;
"""
_TRANSACTION_COLUMNS = (
    "seq",
    "natural_key",
    "timestamp",
    "type",
    "description",
    "tx_hash",
    "label",
    "review",
)
_FLOW_COLUMNS = ("seq", "position", "direction", "symbol", "quantity", "value", "value_currency", "is_fee")
_CLEAR_STAGING = "TRUNCATE staging_transactions, staging_flows"

_RESOLVE_ASSETS = [
    """SELECT DISTINCT ON (symbol) symbol, id FROM assets
       WHERE user_id IS NULL AND type <> 'NFT' AND symbol IN :symbols ORDER BY symbol, rank NULLS LAST, id""",
    """INSERT INTO assets (id, symbol, name, type)
       SELECT 'fiat_' || symbol, symbol, symbol, 'FIAT' FROM unnest(CAST(:symbols AS text[])) AS symbol
       ON CONFLICT (id) DO NOTHING""",
    """INSERT INTO assets (id, symbol, name, type, user_id)
       SELECT 'user_asset_' || gen_random_uuid(), symbol, symbol, 'USER_DEFINED_TOKEN', :user_id
       FROM unnest(CAST(:symbols AS text[])) AS symbol
       ON CONFLICT (user_id, symbol) WHERE user_id IS NOT NULL DO NOTHING""",
    "SELECT symbol, id FROM assets WHERE user_id = :user_id AND symbol IN :symbols",
]

_CREATE_NFTS = """
INSERT INTO assets (id, symbol, name, type, contract_address)
SELECT id, symbol, name, 'NFT', contract
FROM unnest(CAST(:ids AS text[]), CAST(:symbols AS text[]), CAST(:names AS text[]),
            CAST(:contracts AS text[])) AS nft(id, symbol, name, contract)
ON CONFLICT (id) DO NOTHING
"""

# The batch's transactions new to the account (the first of a key the file repeats wins), then the
# flows, labels and review flags of exactly those, and the kept count of each asset's transactions (every
# flow's transaction is new, so each (transaction, asset) pair is: migration 0044 has the flows' trigger
# leave them to this statement); answers how many were new, how many of them are
# flagged for the parser's reason and how many are held. Foreign keys are checked at the end of the
# statement. A transaction dated in a frozen tax year (before :frozen_before) is held for review: stored
# ignored, flagged with :held whatever its type (the run reads no ignored transaction, so the frozen
# year does not change).
_MERGE = """
WITH inserted AS (
    INSERT INTO transactions (id, user_id, account_id, natural_key, timestamp, type, description, tx_hash,
                              import_id, is_ignored)
    SELECT id, :user_id, :account_id, natural_key, timestamp, type, description, tx_hash, :import_id,
           coalesce(timestamp < CAST(:frozen_before AS timestamptz), false)
    FROM staging_transactions ORDER BY seq
    ON CONFLICT (account_id, natural_key) DO NOTHING
    RETURNING id
), new_flows AS (
    INSERT INTO flows (transaction_id, user_id, direction, asset_id, quantity, value, value_currency, is_fee)
    SELECT s.id, :user_id, f.direction, a.asset_id, f.quantity, f.value, f.value_currency, f.is_fee
    FROM staging_flows f
    JOIN staging_transactions s ON s.seq = f.seq
    JOIN staging_assets a ON a.symbol = f.symbol
    WHERE s.id IN (SELECT id FROM inserted)
    ORDER BY f.seq, f.position
    RETURNING transaction_id, asset_id
), asset_counts AS (
    INSERT INTO asset_count_deltas (user_id, asset_id, delta)
    SELECT :user_id, asset_id, count(*)
    FROM (SELECT DISTINCT transaction_id, asset_id FROM new_flows) AS pairs
    GROUP BY asset_id ORDER BY asset_id
), new_labels AS (
    INSERT INTO transaction_labels (transaction_id, label_id)
    SELECT s.id, l.id FROM staging_transactions s JOIN labels l ON l.user_id = :user_id AND l.name = s.label
    WHERE s.id IN (SELECT id FROM inserted)
), new_reviews AS (
    INSERT INTO transaction_reviews (transaction_id, user_id, reason, from_import, account_id, timestamp)
    SELECT s.id, :user_id,
           CASE WHEN s.timestamp < CAST(:frozen_before AS timestamptz) THEN :held ELSE s.review END, true,
           :account_id, s.timestamp
    FROM staging_transactions s
    WHERE (s.review IS NOT NULL OR s.timestamp < CAST(:frozen_before AS timestamptz))
      AND s.id IN (SELECT id FROM inserted)
    RETURNING reason = :held AS held
)
SELECT (SELECT count(*) FROM inserted), (SELECT count(*) FROM new_reviews WHERE NOT held),
       (SELECT count(*) FROM new_reviews WHERE held)
"""
# The merge counts its own assets' transactions; any other statement of the import's transaction leaves
# that to the flows' trigger.
_ASSET_COUNTS_WRITTEN = "SET LOCAL cairn.asset_counts_written = on"
_ASSET_COUNTS_TRIGGERED = "SET LOCAL cairn.asset_counts_written = off"
_CREATE_LABELS = """
INSERT INTO labels (user_id, name)
SELECT DISTINCT :user_id, label FROM staging_transactions WHERE label IS NOT NULL
ON CONFLICT (user_id, name) DO NOTHING
"""
# Which of the user's own tokens the file named do its new transactions move (by the flows of each token).
_COUNT_USER_DEFINED_TOKENS = """
SELECT count(*) FROM unnest(CAST(:tokens AS text[])) AS token
WHERE EXISTS (SELECT 1 FROM flows f JOIN transactions t ON t.id = f.transaction_id
              WHERE f.asset_id = token AND t.import_id = :import_id)
"""


class AccountUnavailable(LookupError):
    """The account does not exist, is not the user's, or is being deleted."""


class FlowRecord(Protocol):
    """One movement of one asset, as file parsers give it (ingest.files.model.Flow has this shape)."""

    @property
    def direction(self) -> str: ...  # IN or OUT

    @property
    def asset(self) -> str: ...  # the symbol

    @property
    def quantity(self) -> Decimal: ...

    @property
    def is_fee(self) -> bool: ...

    @property
    def value(self) -> Decimal | None: ...

    @property
    def value_currency(self) -> str | None: ...


class TransactionRecord(Protocol):
    """One transaction, as file parsers give it (ingest.files.model.ParsedTransaction has this shape)."""

    @property
    def key(self) -> str: ...  # the natural key within the account

    @property
    def timestamp(self) -> datetime: ...

    @property
    def type(self) -> str: ...  # a TransactionType name

    @property
    def flows(self) -> Sequence[FlowRecord]: ...

    @property
    def description(self) -> str: ...

    @property
    def tx_hash(self) -> str | None: ...

    @property
    def label(self) -> str | None: ...

    @property
    def review(self) -> str | None: ...  # why the user should review it; None when nothing is odd


_TRANSACTION_TYPES = frozenset(TransactionType.__members__)
_DIRECTIONS = {"IN": FlowDirection.INFLOW.value, "OUT": FlowDirection.OUTFLOW.value}


@dataclass(frozen=True, slots=True)
class EncodedBatch:
    """A batch of a file's transactions in COPY text, for `AccountImport.write`."""

    size: int
    transactions: bytes
    flows: bytes
    symbols: frozenset[str]
    labelled: bool  # some transaction carries a label


def encode_batch(batch: Sequence[TransactionRecord]) -> EncodedBatch:
    """Encode a batch (pure Python: any thread may do it while another writes the previous batch).
    Raises ValueError on a type or direction the ledger does not know."""
    transactions: list[str] = []
    flows: list[str] = []
    symbols: set[str] = set()
    for seq, tx in enumerate(batch):
        if tx.type not in _TRANSACTION_TYPES:
            raise ValueError(f"{tx.type!r} is not a transaction type")
        transactions.append(
            f"{seq}\t{text_field(tx.key)}\t{time_field(tx.timestamp)}\t{tx.type}\t"
            f"{text_field(tx.description)}\t{text_field(tx.tx_hash)}\t{text_field(tx.label)}\t"
            f"{text_field(tx.review)}\n"
        )
        for position, flow in enumerate(tx.flows):
            direction = _DIRECTIONS.get(flow.direction)
            if direction is None:
                raise ValueError(f"{flow.direction!r} is not a flow direction")
            symbols.add(flow.asset)
            flows.append(
                f"{seq}\t{position}\t{direction}\t{text_field(flow.asset)}\t{number_field(flow.quantity)}\t"
                f"{number_field(flow.value)}\t{text_field(flow.value_currency)}\t{bool_field(flow.is_fee)}\n"
            )
    return EncodedBatch(
        size=len(batch),
        transactions="".join(transactions).encode(),
        flows="".join(flows).encode(),
        symbols=frozenset(symbols),
        labelled=any(tx.label is not None for tx in batch),
    )


def encode_columns(transactions: pl.DataFrame, flows: pl.DataFrame) -> EncodedBatch:
    """`encode_batch` of a batch held as two frames, a column at a time (the same bytes for the same
    batch). transactions: seq (0, 1, …), key, timestamp (UTC), type, description, tx_hash, label and
    optionally review (absent: none);
    flows: seq, position, direction (IN or OUT), asset, quantity and value (decimal text), value_currency,
    is_fee. Raises ValueError on a type or direction the ledger does not know."""
    unknown = set(transactions["type"].unique()) - _TRANSACTION_TYPES
    if unknown:
        raise ValueError(f"{sorted(unknown)[0]!r} is not a transaction type")
    unknown = set(flows["direction"].unique()) - _DIRECTIONS.keys()
    if unknown:
        raise ValueError(f"{sorted(unknown)[0]!r} is not a flow direction")
    transaction_lines = transactions.select(
        "seq",
        text_column("key"),
        time_column("timestamp"),
        "type",
        text_column("description"),
        text_column("tx_hash"),
        text_column("label"),
        text_column("review") if "review" in transactions.columns else pl.lit(NULL),
    )
    flow_lines = flows.select(
        "seq",
        "position",
        pl.col("direction").replace_strict(_DIRECTIONS),
        text_column("asset"),
        "quantity",
        pl.col("value").fill_null(NULL),
        text_column("value_currency"),
        bool_column("is_fee"),
    )
    return EncodedBatch(
        size=transactions.height,
        transactions=copy_lines(transaction_lines),
        flows=copy_lines(flow_lines),
        symbols=frozenset(flows["asset"].unique().to_list()),
        labelled=transactions["label"].is_not_null().any(),
    )


@dataclass(frozen=True, slots=True)
class ImportSource:
    job_id: str | None  # None for an account sync's batches, which are not one job's single import
    file_key: str
    format_id: str
    format_name: str
    import_type: ImportType = ImportType.GENERIC_CSV


def previous_import(session: Session, job_id: str) -> ImportCounts | None:
    """The counts of the import this job already committed (a retried activity must not import twice)."""
    done = session.scalar(select(Import).where(Import.job_id == job_id))
    if done is None:
        return None
    return _counts(done)


def _counts(record: Import) -> ImportCounts:
    return ImportCounts(
        record.number_total,
        record.number_imported,
        record.number_ignored,
        record.number_skipped,
        record.number_user_defined_tokens,
        record.number_for_review,
        record.number_held_frozen,
    )


class AccountImport:
    """One file's import into one account of one user, within `session`'s transaction (never commits)."""

    def __init__(
        self,
        session: Session,
        *,
        user_id: int,
        account_id: int,
        source: ImportSource,
        fiat_symbols: Collection[str],
    ) -> None:
        # One import at a time per account; the account row may be renamed meanwhile but not deleted.
        session.execute(text(_ACCOUNT_IMPORT_LOCK), {"account_id": account_id})
        account = session.scalar(
            select(Account.id)
            .where(Account.id == account_id, Account.user_id == user_id, Account.will_be_deleted.is_(False))
            .with_for_update(read=True, key_share=True)
        )
        if account is None:
            raise AccountUnavailable(f"Account {account_id} is not available for import.")
        self._session = session
        self._user_id = user_id
        self._fiat = frozenset(fiat_symbols)
        self._asset_ids: dict[str, str] = {}
        self._staged = 0
        self._imported = 0
        self._for_review = 0
        self._held_frozen = 0
        session.execute(text(_SORT_MEMORY))
        session.execute(text(_STAGING_TABLES))
        self._record = Import(
            user_id=user_id,
            account_id=account_id,
            job_id=source.job_id,
            import_type=source.import_type,
            file_key=source.file_key,
            format_id=source.format_id,
            format_name=source.format_name,
            number_total=0,
            number_imported=0,
            number_ignored=0,
            number_skipped=0,
            number_user_defined_tokens=0,
            number_for_review=0,
            number_held_frozen=0,
        )
        session.add(self._record)
        session.flush()
        if session.scalar(text(_MAY_SKIP_ROW_CHECKS)):
            session.execute(text(_SKIP_ROW_CHECKS))
        self._params: dict[str, Any] = {
            "user_id": user_id,
            "account_id": account_id,
            "import_id": self._record.id,
            "frozen_before": locked_before(session, user_id),
            "held": HELD_FOR_REVIEW,
        }

    @property
    def staged(self) -> int:
        """Transactions of the file written so far, new or skipped."""
        return self._staged

    def write(self, batch: EncodedBatch) -> int:
        """Stage and merge one batch of the file's transactions; answers how many were new."""
        if not batch.size:
            return 0
        session = self._session
        self._resolve(batch.symbols)
        session.execute(text(_CLEAR_STAGING))
        copy_text(session, "staging_transactions", _TRANSACTION_COLUMNS, batch.transactions)
        copy_text(session, "staging_flows", _FLOW_COLUMNS, batch.flows)
        if batch.labelled:
            session.execute(text(_CREATE_LABELS), self._params)
        session.execute(text(_ASSET_COUNTS_WRITTEN))
        new, for_review, held_frozen = session.execute(text(_MERGE), self._params).one()
        session.execute(text(_ASSET_COUNTS_TRIGGERED))
        self._staged += batch.size
        self._imported += new
        self._for_review += for_review
        self._held_frozen += held_frozen
        return int(new)

    def finish(self, *, number_ignored: int) -> ImportCounts:
        """Record the import's counts once every batch is written."""
        record, session = self._record, self._session
        record.number_total = self._staged + number_ignored
        record.number_imported = self._imported
        record.number_ignored = number_ignored
        record.number_skipped = self._staged - self._imported
        record.number_for_review = self._for_review
        record.number_held_frozen = self._held_frozen
        tokens = [asset_id for asset_id in self._asset_ids.values() if asset_id.startswith("user_asset_")]
        if tokens:
            params = {**self._params, "tokens": tokens}
            record.number_user_defined_tokens = session.scalar(text(_COUNT_USER_DEFINED_TOKENS), params) or 0
        session.flush()
        return _counts(record)

    def use_assets(self, asset_ids: Mapping[str, str]) -> None:
        """Flows naming these keys belong to these assets (a chain sync's coins and tokens, which the
        caller has stored), instead of the asset of a symbol."""
        new = {key: asset_id for key, asset_id in asset_ids.items() if key not in self._asset_ids}
        if new:
            self._asset_ids.update(new)
            copy_rows(self._session, "staging_assets", ("symbol", "asset_id"), new.items())

    def _resolve(self, symbols: frozenset[str]) -> None:
        """Find (or create) the asset of each symbol not seen yet, for the merge to join."""
        missing = sorted(symbols - self._asset_ids.keys())
        if not missing:
            return
        session = self._session
        found = self._asset_ids
        nfts = [token for token in map(parse_nft_asset_id, missing) if token is not None]
        if nfts:
            session.execute(
                text(_CREATE_NFTS),
                {
                    "ids": [token.asset_id for token in nfts],
                    "symbols": [token.symbol for token in nfts],
                    "names": [token.name for token in nfts],
                    "contracts": [token.contract for token in nfts],
                },
            )
            found.update((token.asset_id, token.asset_id) for token in nfts)
        named = [symbol for symbol in missing if symbol not in found]
        in_symbols: BindParameter[list[str]] = bindparam("symbols", expanding=True)
        shared, fiat, own, users = (text(statement) for statement in _RESOLVE_ASSETS)
        rows = session.execute(shared.bindparams(in_symbols), {"symbols": named})
        found.update({symbol: asset_id for symbol, asset_id in rows})
        fiat_symbols = [symbol for symbol in named if symbol not in found and symbol in self._fiat]
        if fiat_symbols:
            session.execute(fiat, {"symbols": fiat_symbols})
            found.update((symbol, f"fiat_{symbol}") for symbol in fiat_symbols)
        unknown = [symbol for symbol in missing if symbol not in found]
        if unknown:
            session.execute(own, {"symbols": unknown, "user_id": self._user_id})
            rows = session.execute(
                users.bindparams(in_symbols), {"symbols": unknown, "user_id": self._user_id}
            )
            found.update({symbol: asset_id for symbol, asset_id in rows})
        copy_rows(
            session, "staging_assets", ("symbol", "asset_id"), ((symbol, found[symbol]) for symbol in missing)
        )
