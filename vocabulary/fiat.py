"""Fiat currencies: the assets that are money. Ingest calls a trade for fiat a BUY or a SELL by them,
and the lot engine values transactions in them and never opens a lot of them.

The codes are ISO 4217's: its current list as published on 1 January 2026, less the codes that are
not a currency anyone holds — funds codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), units of
account (XAD, XBA, XBB, XBC, XBD, XDR, XSU, XUA), precious metals (XAG, XAU, XPD, XPT: held and
disposed of like any asset, so they are lots) and the testing and no-currency codes (XTS, XXX).

A withdrawn code stays fiat: a file states what was true when it was written, and a 2019 export of a
Croatian exchange pays in HRK. Every code withdrawn since 2010, when the first exchanges opened (so
the oldest file Cairn can be given), is listed in `WITHDRAWN_CODES` with the day it was withdrawn.
"""

from datetime import date

# fmt: off
CURRENT_CODES: frozenset[str] = frozenset({
    "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BHD", "BIF",
    "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CLP", "CNY",
    "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD",
    "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR",
    "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW",
    "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK",
    "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR",
    "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF",
    "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP",
    "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU",
    "UZS", "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW",
    "ZWG",
})
# fmt: on

WITHDRAWN_CODES: dict[str, date] = {
    "EEK": date(2011, 1, 1),  # Estonian kroon → EUR
    "ZMK": date(2013, 1, 1),  # Zambian kwacha → ZMW
    "LVL": date(2014, 1, 1),  # Latvian lats → EUR
    "LTL": date(2015, 1, 1),  # Lithuanian litas → EUR
    "BYR": date(2016, 7, 1),  # Belarusian ruble → BYN
    "MRO": date(2018, 1, 1),  # Mauritanian ouguiya → MRU
    "STD": date(2018, 1, 1),  # São Tomé and Príncipe dobra → STN
    "VEF": date(2018, 8, 20),  # Venezuelan bolívar fuerte → VES
    "CUC": date(2021, 1, 1),  # Cuban convertible peso → CUP
    "HRK": date(2023, 1, 1),  # Croatian kuna → EUR
    "SLL": date(2023, 12, 31),  # Sierra Leonean leone → SLE
    "ZWL": date(2024, 9, 1),  # Zimbabwe dollar → ZWG
    "ANG": date(2025, 3, 31),  # Netherlands Antillean guilder → XCG
    "BGN": date(2026, 1, 1),  # Bulgarian lev → EUR
}

FIAT_CODES: frozenset[str] = CURRENT_CODES.union(WITHDRAWN_CODES)


def is_fiat(symbol: str) -> bool:
    return symbol in FIAT_CODES
