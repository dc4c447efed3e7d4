"""The one list of fiat codes, checked against ISO 4217 as published (the `iso4217` package ships ISO's
current list), and used alike by the importer and the lot engine."""

from __future__ import annotations

from datetime import date

import iso4217

from analytics.lots import compute
from ingest.files.check import iter_transactions
from tests.analytics.ledgers import buy, flows
from vocabulary.enums import CostBasisMethod, TransactionType
from vocabulary.fiat import CURRENT_CODES, FIAT_CODES, WITHDRAWN_CODES

ISO_CURRENT = frozenset(currency.code for currency in iso4217.Currency)
# Current ISO 4217 codes that are not a currency anyone holds (vocabulary/fiat.py says why).
NOT_HELD = frozenset(
    {
        *("BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"),  # funds codes
        *("XAD", "XBA", "XBB", "XBC", "XBD", "XDR", "XSU", "XUA"),  # units of account
        *("XAG", "XAU", "XPD", "XPT"),  # precious metals
        *("XTS", "XXX"),  # testing, no currency
    }
)


def test_the_current_codes_are_iso_4217_as_published_less_what_is_not_held() -> None:
    assert iso4217.__published__ == date(2026, 1, 1)
    assert NOT_HELD <= ISO_CURRENT
    assert CURRENT_CODES == ISO_CURRENT - NOT_HELD


def test_the_withdrawn_codes_are_withdrawn_since_2010() -> None:
    assert not WITHDRAWN_CODES.keys() & ISO_CURRENT
    assert all(
        date(2010, 1, 1) <= withdrawn <= iso4217.__published__ for withdrawn in WITHDRAWN_CODES.values()
    )
    assert {"HRK", "SLL", "ZWL", "ANG"} <= WITHDRAWN_CODES.keys()


def test_every_fiat_code_is_a_current_or_withdrawn_iso_code() -> None:
    assert ISO_CURRENT | WITHDRAWN_CODES.keys() >= FIAT_CODES


def test_a_kuna_flow_is_money_in_the_importer_and_in_the_engine() -> None:
    """Croatia paid in kuna until 2023: a 2019 purchase paid in HRK is a BUY, and kuna received are
    money, not a lot."""
    csv = (
        "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
        "2019-05-01 10:00:00,0.1,BTC,4000,HRK,,,\n"
    )
    [imported] = iter_transactions(csv.encode(), "croatia.csv")
    assert imported.type == TransactionType.BUY

    ledger = flows(
        *buy("t1", "2019-05-01", "BTC", "1", "5000"),
        ("t2", "2019-06-01", "exchange", "RECEIVE", "HRK", "IN", "1000", ""),
    )
    assert compute(ledger, CostBasisMethod.FIFO).lots["asset"].to_list() == ["BTC"]
