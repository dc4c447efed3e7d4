from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc

HEADER = "Date & Time;Type;Transaction ID;Addresses;Fee;Total\n"


def test_fixture_coin_from_file_name() -> None:
    parsed = parse_export("trezor/dali-rp2__test_trezor_alice_btc.csv")
    assert parsed.format_id == "trezor"
    received, sent = parsed.transactions
    assert (received.type, received.timestamp) == ("RECEIVE", utc("2022-01-25T02:58:40+00:00"))
    assert flows(received) == [("IN", "BTC", Decimal("0.05"), False)]  # the sender's fee is not ours
    assert sent.key == "73085629ae85678f90238d45239815ee94237fb2340634355fac24982e245b234"
    assert flows(sent) == [("OUT", "BTC", Decimal("0.019"), False), ("OUT", "BTC", Decimal("0.001"), True)]


def test_coin_from_address_else_an_error() -> None:
    rows = "1/25/2022, 2:58:40 AM;SELF;tx1;bc1qxyz;0.0001;0\n1/26/2022, 2:58:40 AM;RECV;tx2;3Abc;0;0.1\n"
    parsed = parse_text(HEADER + rows, "account.csv")
    assert [(tx.type, flows(tx)) for tx in parsed.transactions] == [
        ("FEE", [("OUT", "BTC", Decimal("0.0001"), True)])
    ]
    assert [(error.row, error.column) for error in parsed.errors] == [(2, "Addresses")]
