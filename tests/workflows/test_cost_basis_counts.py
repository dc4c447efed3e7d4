"""The cost-basis run folds the user's transaction-count rows (one per statement, account and UTC day
that added or removed transactions) into one per account and day, so the transactions page sums few rows
however often the ledger changed."""

from __future__ import annotations

from typing import cast

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from temporalio.client import Client
from temporalio.testing import ActivityEnvironment

from activities.cost_basis import CostBasisActivities
from ledger.infra.db import sync_sessions
from ledger.infra.settings import Settings
from ledger.infra.storage import Storage
from ledger.models import TransactionCountDelta
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.test_cost_basis import new_user
from vocabulary.enums import TransactionType as Type

pytestmark = pytest.mark.servers


def deltas(session: Session, user_id: int) -> list[tuple[str, int]]:
    """The user's count rows: (UTC day, delta), sorted."""
    found = session.execute(
        select(TransactionCountDelta.utc_day, TransactionCountDelta.delta).where(
            TransactionCountDelta.user_id == user_id
        )
    )
    return sorted((day.isoformat(), delta) for day, delta in found)


def test_a_run_leaves_one_count_row_per_account_and_day(
    db_session: Session, db_engine: Engine, servers: Settings
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    add_transaction(
        db_session, wallet, "2021-01-01", Type.BUY, out("fiat_USD", "50", "50"), into("crypto_BTC", "0.5")
    )
    add_transaction(
        db_session, wallet, "2021-02-01", Type.SELL, out("crypto_BTC", "1"), into("fiat_USD", "150", "150")
    )
    db_session.commit()
    assert deltas(db_session, user.id) == [("2021-01-01", 1), ("2021-01-01", 1), ("2021-02-01", 1)]

    activities = CostBasisActivities(
        sync_sessions(db_engine), cast(Client, None), "unused", Storage(servers)
    )  # needs no client
    ActivityEnvironment().run(activities.compute_cost_basis, user.id)

    db_session.expire_all()
    assert deltas(db_session, user.id) == [("2021-01-01", 2), ("2021-02-01", 1)]
