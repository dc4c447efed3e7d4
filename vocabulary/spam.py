"""Spam tokens: the words of the heuristic that marks them (ingest.chains.spam), why the spam center says a
token was marked, and the errors of marking one spam or not spam (spec 001 §7 "toggle spam").

The heuristic marks a token when nothing vouches for it (Cairn does not price it) and either its name or
symbol advertises, or it arrived unsolicited. The first reason can be read again from the token's name and
symbol at any time; a marked token that does not advertise was therefore marked for the second."""

from __future__ import annotations

import re
from enum import StrEnum

from vocabulary.enums import CurrencyType

_ADVERTISING = re.compile(
    r"https?:|www\.|t\.me/|\.(com|io|xyz|org|net|app|site|online|top|vip|cc|finance|claims?)\b"
    r"|\b(claim|visit|rewards?|airdrop|voucher|redeem)",
    re.IGNORECASE,
)


def advertises(name: str, symbol: str) -> bool:
    """The name or symbol carries a URL or domain, or a call to act, the way phishing tokens lure."""
    return bool(_ADVERTISING.search(name) or _ADVERTISING.search(symbol))


class SpamReason(StrEnum):
    ADVERTISES = "ADVERTISES"
    UNSOLICITED = "UNSOLICITED"


SPAM_REASON_TEXTS = {
    SpamReason.ADVERTISES: "Its name or symbol advertises a website or asks you to claim, visit or redeem "
    "something, as phishing tokens do.",
    SpamReason.UNSOLICITED: "It was sent to you unsolicited: it never moved in a transaction your wallet "
    "sent, and it has no price.",
}


def automark_reason(name: str, symbol: str) -> SpamReason:
    """Why the heuristic marked a token it marked."""
    return SpamReason.ADVERTISES if advertises(name, symbol) else SpamReason.UNSOLICITED


class SpamError(StrEnum):
    SPAM_ASSET_NOT_FOUND = "spam_asset_not_found"
    NOT_A_TOKEN = "not_a_token"


SPAM_ERROR_MESSAGES = {
    SpamError.SPAM_ASSET_NOT_FOUND: "This asset is not in your transactions.",
    SpamError.NOT_A_TOKEN: "Only tokens can be marked as spam.",
}


# What a user may mark as spam: tokens, never a coin or a fiat currency.
MARKABLE_TYPES = frozenset({CurrencyType.BLOCKCHAIN_TOKEN, CurrencyType.NFT, CurrencyType.USER_DEFINED_TOKEN})
