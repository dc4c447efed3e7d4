"""The callouts of the user's last cost-basis run as the API reads them (spec 001 §3): how many
transactions of a period carry each one (the tax page), and the one match of a transaction carrying one
(the transactions search's `callout:` filter), both over the rows the run stored
(ledger.writes.callouts), so the page's count and the search find the same transactions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Transaction, TransactionCallout
from vocabulary.enums import CalloutType


def has_callout(callout: CalloutType) -> Any:
    """The condition on `Transaction` that the last run flagged it with `callout`."""
    return exists().where(
        TransactionCallout.transaction_id == Transaction.id, TransactionCallout.type == callout
    )


async def callout_counts(
    session: AsyncSession, user_id: int, start: datetime, end: datetime
) -> dict[CalloutType, int]:
    """Transactions of [start, end) (by their time) carrying each callout; every type is present."""
    rows = await session.execute(
        select(TransactionCallout.type, func.count())
        .where(
            TransactionCallout.user_id == user_id,
            TransactionCallout.timestamp >= start,
            TransactionCallout.timestamp < end,
        )
        .group_by(TransactionCallout.type)
    )
    found = {CalloutType(kind): count for kind, count in rows}
    return {callout: found.get(callout, 0) for callout in CalloutType}
