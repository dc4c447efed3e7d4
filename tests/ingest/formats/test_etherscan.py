from decimal import Decimal

from tests.ingest.formats.fixtures import flows, parse_export, parse_text, utc

OWN = "0xf98c96b5d10faafc2324847c82305bd5fd7e5ad3"
NORMAL = (
    '"Txhash","Blockno","UnixTimestamp","DateTime (UTC)","From","To","ContractAddress","Value_IN(ETH)",'
    '"Value_OUT(ETH)","CurrentValue @ $1/Eth","TxnFee(ETH)","TxnFee(USD)","Historical $Price/Eth",'
    '"Status","ErrCode","Method"\n'
)


def test_normal_transactions_fixture() -> None:
    parsed = parse_export("etherscan/privatefolio__0xf98_etherscan.csv")
    assert parsed.format_id == "etherscan"
    assert (parsed.types(), parsed.ignored, parsed.errors) == ({"SEND": 7, "RECEIVE": 2}, [], [])
    received = parsed.at_row(1)
    assert received.timestamp == utc("2017-09-09T11:58:09+00:00")
    assert flows(received) == [("IN", "ETH", Decimal("0.09"), False)]  # the sender paid the fee
    sent = parsed.at_row(3)
    assert sent.key == "0xfbc404ce56a5b591c989551f39a8b7a5009b022873645d78acee1f8305bd4e34"
    assert flows(sent) == [("OUT", "ETH", Decimal("0.1"), False), ("OUT", "ETH", Decimal("0.00042102"), True)]
    assert sent.flows[1].value == Decimal("1.06407085693918")


def test_failed_transaction_carries_only_its_fee() -> None:
    rows = (
        f'"0xaa","1","1504963955","2017-09-09 13:32:35","{OWN}","0x01","","0","1","0","0.002","0.5","300",'
        '"Error(0)","Out of gas","Transfer"\n'
        f'"0xbb","2","1504963956","2017-09-09 13:32:36","0x02","{OWN}","","1","0","0","0.001","0.2","300",'
        '"Error(0)","Reverted","Transfer"\n'
    )
    parsed = parse_text(NORMAL + rows, f"{OWN}.csv")
    (failed,) = parsed.transactions
    assert (failed.type, flows(failed)) == ("FEE", [("OUT", "ETH", Decimal("0.002"), True)])
    assert [item.row for item in parsed.ignored] == [2]


def test_internal_fixture_with_extra_trailing_field() -> None:
    parsed = parse_export("etherscan/privatefolio__0x003dc_etherscan-internal.csv")
    assert parsed.format_id == "etherscan-internal"
    assert (parsed.types(), parsed.ignored, parsed.errors) == ({"RECEIVE": 48}, [], [])
    first = parsed.transactions[0]
    assert first.key == "0x8e94d2b8ac7c7582b108c928d54b5eb0f1eb9cebf99b4bae0db7ea2123bbf813:internal"
    assert first.timestamp == utc("2018-09-26T19:16:26+00:00")
    assert flows(first) == [("IN", "ETH", Decimal("2.079696004929649789"), False)]


def test_empty_internal_fixture_is_recognised() -> None:
    parsed = parse_export("etherscan/privatefolio__0xf98_etherscan-internal.csv")
    assert (parsed.format_id, parsed.transactions, parsed.errors) == ("etherscan-internal", [], [])


def test_internal_row_with_a_misplaced_value_is_an_error() -> None:
    header = (
        '"Txhash","Blockno","UnixTimestamp","DateTime (UTC)","ParentTxFrom","ParentTxTo","ParentTxETH_Value",'
        '"From","TxTo","ContractAddress","Value_IN(ETH)","Value_OUT(ETH)","CurrentValue @ $1/Eth",'
        '"Historical $Price/Eth","Status","ErrCode","Type"\n'
    )
    row = '"0xaa","1","1537989386","2018-09-26 19:16:26","0x1","0x2","0","0x2","0x3","","1","0","1","2",'
    row += '"0","","call","x"\n'
    parsed = parse_text(header + row)
    assert [(error.row, error.column) for error in parsed.errors] == [(1, "(row)")]


def test_erc20_fixture_infers_the_address_and_groups_swaps() -> None:
    parsed = parse_export("etherscan/privatefolio__0x003dc_etherscan-erc20.csv")
    assert parsed.format_id == "etherscan-erc20"
    assert parsed.types() == {"RECEIVE": 146, "SEND": 98, "TRADE": 74}
    assert (len(parsed.ignored), parsed.errors) == (9, [])  # zero-value transfers
    assert {item.reason for item in parsed.ignored} == {"the token amount is zero"}
    mana = parsed.at_row(4)
    assert mana.key == "0x35b1d2ef648a40dfa7492dfd188c30257565a205b6559c18955e9598c23c70d8:erc20"
    assert mana.timestamp == utc("2018-01-07T13:02:04+00:00")
    assert flows(mana) == [("IN", "MANA", Decimal("3067.671"), False)]
    assert (mana.flows[0].value, mana.flows[0].value_currency) == (Decimal("709.50"), "USD")
    remove = parsed.at_row(324)
    assert [flow[:2] for flow in flows(remove)] == [("OUT", "UNI-V2"), ("IN", "SLP"), ("IN", "YFI")]
