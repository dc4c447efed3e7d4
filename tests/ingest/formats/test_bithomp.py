from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc

SWAP = "5BB713EC5F49EFCEAD0143B1428005814D8A8C997B25AB2975AA27B39DD4A0BF"


def test_legacy_export_groups_rows_of_one_transaction() -> None:
    parsed = parse_export("bithomp/koinly-bithomp-import__test.csv")
    assert parsed.format_id == "bithomp-legacy"
    assert (len(parsed.transactions), parsed.ignored, parsed.errors) == (
        45,
        [],
        [],
    )  # 54 rows, 9 swaps of two
    assert parsed.types() == {"RECEIVE": 25, "TRADE": 9, "SEND": 6, "FEE": 5}
    swap = parsed.at_row(5)
    assert (swap.key, swap.timestamp) == (
        f"{SWAP}:r4JDoQzeTYensJJNxFWsnSchbpkcuU5Y7M",
        utc("2025-01-22T09:16:20+00:00"),
    )
    assert flows(swap) == [
        ("IN", "DONNIE", Decimal("28320.4362474"), False),  # currency 444F4E4E4945… decoded
        ("OUT", "XRP", Decimal("5"), False),
        ("OUT", "XRP", Decimal("0.000012"), True),
    ]
    assert flows(parsed.at_row(7)) == [("OUT", "XRP", Decimal("0.000012"), True)]  # TrustSet: the fee only


def test_current_export_with_several_addresses() -> None:
    parsed = parse_export("bithomp/koinly-bithomp-import__3-accounts-30days-test.csv")
    assert parsed.format_id == "bithomp"
    assert (len(parsed.transactions), parsed.ignored, parsed.errors) == (331, [], [])  # 379 rows
    assert parsed.types() == {
        "RECEIVE": 143,
        "FEE": 130,
        "TRADE": 36,
        "SEND": 13,
        "NFT_SALE": 5,
        "REMOVE_LIQUIDITY": 4,
    }
    first = parsed.at_row(1)
    assert first.timestamp == utc("2025-01-31T14:40:21+00:00")
    assert flows(first) == [("IN", "OAR", Decimal("1640"), False)]
    evr = parsed.at_row(338)  # 400 EVR left the balance, 0.7984031936 of it the issuer's transfer fee
    assert flows(evr)[0] == ("OUT", "EVR", Decimal("399.2015968064"), False)
    assert ("OUT", "EVR", Decimal("0.7984031936"), True) in flows(evr)
