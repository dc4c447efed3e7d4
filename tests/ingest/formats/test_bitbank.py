from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, utc


def test_fiat_deposits_fixture_in_japan_time() -> None:
    parsed = parse_export("bitbank/dali-rp2__test_bitbank_fiat_deposits.csv")
    assert parsed.format_id == "bitbank-fiat-deposits"
    assert (len(parsed.transactions), [item.row for item in parsed.ignored], parsed.errors) == (1, [2], [])
    (deposit,) = parsed.transactions
    assert deposit.type == "FIAT_DEPOSIT"
    assert deposit.timestamp == utc("2022-04-19T22:19:00+00:00")  # 07:19 JST
    assert flows(deposit) == [("IN", "JPY", Decimal("6900"), False)]


def test_withdrawals_fixture() -> None:
    parsed = parse_export("bitbank/dali-rp2__test_bitbank_withdrawals.csv")
    assert parsed.format_id == "bitbank-withdrawals"
    assert (len(parsed.transactions), [item.row for item in parsed.ignored], parsed.errors) == (2, [3], [])
    xlm, eth = parsed.transactions
    assert (xlm.type, xlm.key, xlm.tx_hash) == ("WITHDRAWAL", "TXID12345", "TXID12345")
    assert xlm.timestamp == utc("2022-04-20T07:20:00+00:00")
    assert flows(xlm) == [("OUT", "XLM", Decimal("900"), False), ("OUT", "XLM", Decimal("0.01"), True)]
    assert flows(eth) == [("OUT", "ETH", Decimal("0.125"), False), ("OUT", "ETH", Decimal("0.0001"), True)]
