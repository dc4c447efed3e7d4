"""Locks the API and the worker both take on one user's data, so that they meet in one order.

Transfer links: matching (worker) and the user's own link edits (API) write `transaction_links`, whose
foreign keys lock the linked transactions' rows in whatever order the writes come. Each takes this
per-user lock first, for the rest of its database transaction, so the two never wait on each other's
rows in opposite orders (a deadlock PostgreSQL would end by failing one of them)."""

from __future__ import annotations

from sqlalchemy import TextClause, text

_TRANSFER_LINKS = text("SELECT pg_advisory_xact_lock(hashtextextended('transfer-matching/' || :user_id, 0))")


def transfer_links_lock(user_id: int) -> TextClause:
    return _TRANSFER_LINKS.bindparams(user_id=user_id)
