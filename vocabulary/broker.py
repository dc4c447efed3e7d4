"""The broker demo of spec 001 §2, §6 (a demo portal of an exchange-reporting cost basis engine, CBE): its
one broker id, the words it answers with and the tax year its sidebar opens."""

from __future__ import annotations

DEMO_BROKER_ID = "cbe_demo"  # spec 001 §6: reset demo account (broker id cbe_demo)
BROKER_TAX_YEAR = 2025  # spec 001 §9: the broker sidebar uses 2025
DEMO_ACCOUNT_NAME = "Cairn Exchange"  # the exchange account the demo deposits and sells in

NOT_FOUND = "Not found."
RESET_FAILED = "The demo account could not be reset. Try again."
