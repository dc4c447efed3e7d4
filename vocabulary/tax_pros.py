"""Tax professionals and firms (spec 001 §3): firm roles and who started an invite."""

from __future__ import annotations

from enum import StrEnum


class TaxFirmRole(StrEnum):
    TAX_FIRM_ADMIN = "TAX_FIRM_ADMIN"
    TAX_PRO = "TAX_PRO"


class InviteInitiator(StrEnum):
    CLIENT = "CLIENT"
    TAX_PRO = "TAX_PRO"


class InviteKind(StrEnum):
    """Ours: an invite between a client and a tax pro, or a firm's invite to a tax pro to join it."""

    CLIENT_TAX_PRO = "CLIENT_TAX_PRO"
    TAX_FIRM = "TAX_FIRM"
