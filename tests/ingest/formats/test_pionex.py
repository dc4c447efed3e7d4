from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc


def test_transfers_fixture() -> None:
    parsed = parse_export("pionex/dali-rp2__test_pionex_transfers.csv")
    assert parsed.format_id == "pionex-transfers"
    assert (len(parsed.transactions), parsed.ignored, parsed.errors) == (2, [], [])
    deposit, withdrawal = parsed.transactions
    assert (deposit.type, deposit.key, deposit.timestamp) == (
        "DEPOSIT",
        "12345",
        utc("2022-02-27T12:02:00+00:00"),
    )
    assert flows(deposit) == [("IN", "BUSD", Decimal("115"), False)]
    assert withdrawal.type == "WITHDRAWAL"
    assert flows(withdrawal) == [("OUT", "BUSD", Decimal("100"), False)]


def test_withdrawal_fee_and_unknown_type_for_review() -> None:
    parsed = parse_text(
        "date(UTC+0),tx_type,amount,coin,network,txid,fee\n"
        "1/5/2023 10:00,WITHDRAW,2,USDTTRC20,TRC20,abc,1\n"
        "1/6/2023 10:00,AIRDROP,2,USDT,,,0\n"
    )
    assert flows(parsed.transactions[0]) == [
        ("OUT", "USDT", Decimal("2"), False),
        ("OUT", "USDT", Decimal("1"), True),
    ]
    assert parsed.errors == []
    airdrop = parsed.at_row(2)
    assert (airdrop.type, airdrop.label, flows(airdrop)) == (
        "RECEIVE",
        "AIRDROP",
        [("IN", "USDT", Decimal("2"), False)],
    )
    assert airdrop.review is not None and "'AIRDROP'" in airdrop.review
