"""Kraken trades: a side Kraken may add is imported for review, keyed by its trade id, not refused."""

from __future__ import annotations

from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_text

HEADER = "txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n"


def test_an_unknown_trade_side_is_imported_for_review() -> None:
    parsed = parse_text(
        HEADER
        + '"TX1","O1","XXBTZEUR","2023-01-02 03:04:05.1234","settle","market","20000","2000","3.2","0.1",'
        '"0","",""\n'
        "TX2,O2,XXBTZEUR,2023-01-02 03:05:05.1234,sell,market,20000,2000,3.2,0.1,0,,\n"
    )
    assert (parsed.format_id, parsed.errors, parsed.ignored) == ("kraken-trades", [], [])
    review, sale = parsed.transactions
    assert (review.key, review.type, review.label) == ("TX1", "BUY", "settle")
    assert review.review is not None and "'settle' was not recognised" in review.review
    assert flows(review) == [
        ("IN", "BTC", Decimal("0.1"), False),
        ("OUT", "EUR", Decimal("2000"), False),
        ("OUT", "EUR", Decimal("3.2"), True),
    ]
    assert (sale.type, sale.review, flows(sale)[0]) == ("SELL", None, ("IN", "EUR", Decimal("2000"), False))
