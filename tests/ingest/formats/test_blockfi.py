from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc

HEADER = "Cryptocurrency,Amount,Transaction Type,Confirmed At\n"


def test_fixture() -> None:
    parsed = parse_export("blockfi/rotki__blockfi-transactions.csv")
    assert parsed.format_id == "blockfi"
    assert parsed.types() == {
        "TRADE": 2,  # the two legs carry different times, so they stay one-sided
        "INTEREST": 1,
        "REFERRAL_REWARD": 1,
        "WITHDRAWAL": 2,
        "REWARD": 1,
        "DEPOSIT": 2,
    }
    assert (parsed.ignored, parsed.errors) == ([], [])
    interest = parsed.at_row(3)
    assert interest.timestamp == utc("2021-01-30T23:59:59+00:00")
    assert flows(interest) == [("IN", "ETH", Decimal("0.56469042"), False)]
    assert flows(parsed.at_row(9)) == [("OUT", "BTC", Decimal("2.11415058"), False)]


def test_trade_legs_of_one_time_make_one_trade() -> None:
    parsed = parse_text(
        HEADER
        + "LTC,-42.2,Trade,2021-02-05 11:45:58\n"
        + "USDC,6404.6,Trade,2021-02-05 11:45:58\n"
        + "BTC,0,Deposit,2021-02-06 10:00:00\n"
    )
    (trade,) = parsed.transactions
    assert (trade.type, trade.row) == ("TRADE", 1)
    assert flows(trade) == [("OUT", "LTC", Decimal("42.2"), False), ("IN", "USDC", Decimal("6404.6"), False)]
    assert [item.row for item in parsed.ignored] == [3]
