"""The catalogue's chains Cairn does not sync yet. Adding a wallet on one is refused (its transactions
come from a file), the catalogue's coverage text says so, and the frontend's NOT_SYNCED_CHAINS mirrors
this set. Dogecoin is among them: its sync speaks Esplora, and no public Esplora serves Dogecoin."""

from __future__ import annotations

NOT_SYNCED_CHAINS = frozenset({"bitcoin-cash", "cardano", "dogecoin", "tron", "xrp"})
