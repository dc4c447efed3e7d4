"""Which tokens a wallet holds are spam, by a stated heuristic.

A token is automatically marked as spam when nothing vouches for it — its contract is not one of the
tokens Cairn prices — and either:

- its name or symbol advertises: a URL or domain (`http`, `www.`, `t.me/`, `.com`, `.io`, `.xyz`, …)
  or a call to act (`claim`, `visit`, `reward`, `airdrop`, `voucher`, `redeem`), the way
  address-poisoning and phishing tokens lure their recipients; or
- it was unsolicited: it never moved in a transaction the wallet sent (every transfer of it, either
  way, came in someone else's transaction: an airdrop, or a zero-value "poisoning" transfer that
  fakes the wallet as its sender), and it has no price.

Marked tokens keep their transactions. The verdict is the token's, made when a sync first finds it; each
user may overrule it for themselves in the spam center (ledger.scope.spam), and a later sync does not
mark again an asset the user has resolved. The words of the first rule are vocabulary.spam's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vocabulary.spam import advertises


@dataclass(frozen=True, slots=True)
class TokenTransfer:
    """One transfer of a token to or from the wallet, with who sent the transaction it is part of."""

    contract: str
    initiated_by_wallet: bool  # the wallet sent the transaction (a swap, a claim it asked for)


def spam_contracts(
    names: dict[str, tuple[str, str]], transfers: Iterable[TokenTransfer], priced: frozenset[str]
) -> set[str]:
    """The contracts of `names` (contract → (name, symbol)) the heuristic marks as spam."""
    solicited = {transfer.contract for transfer in transfers if transfer.initiated_by_wallet}
    return {
        contract
        for contract, (name, symbol) in names.items()
        if contract not in priced and (advertises(name, symbol) or contract not in solicited)
    }
