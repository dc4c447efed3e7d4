"""Credentials under check are removed by the request that made them; a row its request left behind (the
process stopped mid-check) is removed by the next check after ten minutes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.infra.credentials import seal
from ledger.models import CredentialCheck
from ledger.writes.account_sync import forget_abandoned_checks
from tests.workflows.ledger_rows import new_wallet

pytestmark = pytest.mark.servers


def test_checks_left_behind_for_ten_minutes_are_removed_and_current_ones_kept(db_session: Session) -> None:
    user, _ = new_wallet(db_session)
    sealed = seal({"apiKey": "k", "apiSecret": "s"}, ("server secret",))
    now = datetime.now(UTC)
    ages = {"abandoned": timedelta(minutes=11), "waited on": timedelta(seconds=20)}
    rows = {
        name: CredentialCheck(user_id=user.id, exchange="kraken", credentials=sealed, created_at=now - age)
        for name, age in ages.items()
    }
    db_session.add_all(rows.values())
    db_session.commit()

    forget_abandoned_checks(db_session)
    db_session.commit()

    left = db_session.scalars(select(CredentialCheck.id).where(CredentialCheck.user_id == user.id)).all()
    assert left == [rows["waited on"].id]
