"""Transfers between a user's own accounts: which transaction types are their two legs, and who linked
them. Transfer matching (worker) and linking by hand (API) share these."""

from vocabulary.enums import TransactionType

SEND_TYPES = (TransactionType.SEND, TransactionType.WITHDRAWAL)
RECEIVE_TYPES = (TransactionType.RECEIVE, TransactionType.DEPOSIT)
LINKED_BY_USER = "user"  # transaction_links.created_by of a link made by hand ("auto": by matching)
