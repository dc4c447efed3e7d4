"""Storing a run's results without a foreign-key check per row: an account or transaction deleted while
the results are written leaves no row behind, and one deleted after the check waits for the commit."""

from __future__ import annotations

import threading
import time
import uuid

import polars as pl
import pytest
from sqlalchemy import Engine, delete, select, text
from sqlalchemy.orm import Session

from analytics.lots import compute
from ledger.infra.db import sync_sessions
from ledger.models import Account, AssetDayChange, TaxLot, Transaction, TransactionCallout
from ledger.writes.cost_basis import StoredResults
from tests.analytics.ledgers import buy, flows
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.test_cost_basis import new_user
from vocabulary.enums import CostBasisMethod
from vocabulary.enums import TransactionType as Type

pytestmark = pytest.mark.servers


def two_wallets_of_lots(session: Session) -> tuple[int, Transaction, Transaction, pl.DataFrame]:
    """A user with a buy in each of two wallets, and the engine's lots of them."""
    user = new_user(session)
    a, b = add_wallet(session, user, "A"), add_wallet(session, user, "B")
    first = add_transaction(
        session, a, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    second = add_transaction(
        session, b, "2021-02-01", Type.BUY, out("fiat_USD", "300", "300"), into("crypto_BTC", "1")
    )
    session.commit()
    ledger = flows(
        *buy(str(first.id), "2021-01-01", "BTC", "1", "100", account=str(a.id)),
        *buy(str(second.id), "2021-02-01", "BTC", "1", "300", account=str(b.id)),
    )
    return user.id, first, second, compute(ledger, CostBasisMethod.FIFO).lots


def lot_transactions(engine: Engine, user_id: int) -> list[int]:
    with sync_sessions(engine)() as session:
        return sorted(session.scalars(select(TaxLot.transaction_id).where(TaxLot.user_id == user_id)))


def wait_for_lock_wait(engine: Engine) -> None:
    """Returns once a deletion of transactions waits for a lock."""
    waiting = text(
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM transactions%'"
    )
    deadline = time.monotonic() + 30
    with engine.connect() as connection:
        while not connection.execute(waiting).scalar():
            assert time.monotonic() < deadline, "no deletion waits for a lock"
            time.sleep(0.02)


def test_the_role_may_skip_the_row_checks(db_session: Session) -> None:
    # what the tests below exercise: `stack.servers` grants it as `cairn run` does
    assert db_session.scalar(text("SELECT has_parameter_privilege('session_replication_role', 'SET')"))


def test_a_transaction_deleted_while_the_results_are_written_leaves_no_row(
    db_session: Session, db_engine: Engine
) -> None:
    user_id, first, second, lots = two_wallets_of_lots(db_session)
    stored = StoredResults(sync_sessions(db_engine), user_id, uuid.uuid4())
    stored.write([("lots", lots)])

    with sync_sessions(db_engine).begin() as other:  # not held up: the rows are not checked yet
        other.execute(delete(Transaction).where(Transaction.id == first.id))
    stored.close()

    assert lot_transactions(db_engine, user_id) == [second.id]


def test_an_account_deleted_while_the_results_are_written_leaves_no_row(
    db_session: Session, db_engine: Engine
) -> None:
    user_id, first, second, lots = two_wallets_of_lots(db_session)
    stored = StoredResults(sync_sessions(db_engine), user_id, uuid.uuid4())
    stored.write([("lots", lots)])

    with sync_sessions(db_engine).begin() as other:
        other.execute(delete(Account).where(Account.id == second.account_id))
    stored.close()

    assert lot_transactions(db_engine, user_id) == [first.id]


def test_the_ledgers_rows_written_first_leave_with_an_account_deleted_meanwhile(
    db_session: Session, db_engine: Engine
) -> None:
    """The day changes and callouts of the ledger are written first, unchecked too: rows of an account
    deleted before the check leave with it, the other account's stay."""
    user_id, first, second, lots = two_wallets_of_lots(db_session)
    short = {}  # a sale of more than each wallet holds: a MISSING_BALANCE callout of the ledger
    for transaction in (first, second):
        wallet = db_session.get_one(Account, transaction.account_id)
        sale = add_transaction(
            db_session, wallet, "2021-03-01", Type.SELL, out("crypto_BTC", "5"), into("fiat_USD", "9", "9")
        )
        short[transaction.account_id] = sale.id
    db_session.commit()
    stored = StoredResults(sync_sessions(db_engine), user_id, uuid.uuid4())
    stored.write([("lots", lots)])

    with sync_sessions(db_engine).begin() as other:  # not held up
        other.execute(delete(Account).where(Account.id == second.account_id))
    stored.close()

    with sync_sessions(db_engine)() as session:
        changed = session.scalars(select(AssetDayChange.account_id).where(AssetDayChange.user_id == user_id))
        assert set(changed) == {first.account_id}
        callouts = select(TransactionCallout.transaction_id).where(TransactionCallout.user_id == user_id)
        assert session.scalars(callouts).all() == [short[first.account_id]]


def test_a_deletion_after_the_check_waits_for_the_commit_then_cascades(
    db_session: Session, db_engine: Engine
) -> None:
    user_id, first, second, lots = two_wallets_of_lots(db_session)
    sessions = sync_sessions(db_engine)
    stored = StoredResults(sessions, user_id, uuid.uuid4())
    stored.write([("lots", lots)])
    stored._keep_referenced()  # the check of close(), without its commit yet

    def delete_first() -> None:
        with sessions.begin() as other:
            other.execute(delete(Transaction).where(Transaction.id == first.id))

    deleter = threading.Thread(target=delete_first)
    deleter.start()
    wait_for_lock_wait(db_engine)  # the transaction is locked by the run until it commits
    assert deleter.is_alive()
    stored.close()
    deleter.join()

    assert lot_transactions(db_engine, user_id) == [second.id]  # the deletion's cascade took the lot
