"""Etherscan's NFT transfer exports: ERC-721 and ERC-1155 together, and the older ERC-721 one. Each
token is its own asset, by contract and token id, in or out by the account's address."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.ingest.formats.fixtures import Parsed, flows, parse_bytes, parse_text, utc

FIXTURES = Path(__file__).parent / "fixtures"
OWN = "0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c"
BAYC = "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d"
STOREFRONT = "0x495f947276749ce646f68ac8c248420045cb7b5e"
BIG_ID = "53919893334301279589334030174039261347274288845081144962207220498433"
OLDER = (
    '"Txhash","Blockno","UnixTimestamp","DateTime","From","To","ContractAddress","TokenId","TokenName",'
    '"TokenSymbol"\n'
)


def parse_fixture(name: str) -> Parsed:
    return parse_bytes((FIXTURES / name).read_bytes(), name)


def test_nft_transfers_are_one_asset_per_contract_and_token_id() -> None:
    parsed = parse_fixture("etherscan_nft_transfers.csv")
    assert (parsed.format_id, parsed.ignored, parsed.errors) == ("etherscan-nft", [], [])
    mint, bought, swap, sold = parsed.transactions
    assert (mint.key, mint.type, mint.timestamp, mint.label) == (
        "0xdc6f17bbec824fff8f86587966b2047db6ab736785840151f13d1dab124e2a54:nft",
        "RECEIVE",
        utc("2021-08-15T04:00:00+00:00"),
        "nft",
    )
    assert flows(mint) == [("IN", f"nft_{BAYC}_1234", Decimal("1"), False)]
    assert mint.description == "BoredApeYachtClub #1234"
    assert (bought.type, flows(bought)) == (
        "RECEIVE",
        [("IN", f"nft_{STOREFRONT}_{BIG_ID}", Decimal("5"), False)],
    )
    assert (swap.key, swap.type, swap.row) == (
        "0xda47c2f450a4f9d538d86d600d55149afd39d6672fdd1f30c68ad5be21cadad8:nft",
        "TRADE",
        3,
    )
    assert flows(swap) == [
        ("OUT", f"nft_{BAYC}_1234", Decimal("1"), False),
        ("IN", f"nft_{BAYC}_1235", Decimal("1"), False),
    ]
    assert swap.description == "BoredApeYachtClub #1234, BoredApeYachtClub #1235"
    assert (sold.type, flows(sold)) == ("SEND", [("OUT", f"nft_{STOREFRONT}_{BIG_ID}", Decimal("2"), False)])
    assert all(type(flow.quantity) is Decimal for tx in parsed.transactions for flow in tx.flows)


def test_the_older_erc721_export_moves_one_token_a_row() -> None:
    rows = (
        f'"0xaa","1","1630000000","2021-08-26 17:46:40","0x9f3b5f2d8e1c4a7b6d0e2f1a3c5b7d9e8f6a4c21","{OWN}",'
        f'"{BAYC.upper().replace("0X", "0x")}","00042","BoredApeYachtClub","BAYC"\n'
        f'"0xbb","2","1631000000","2021-09-07 07:33:20","{OWN}","{OWN}","{BAYC}","42","BoredApeYachtClub",'
        '"BAYC"\n'
    )
    parsed = parse_text(OLDER + rows, f"export-tokennft-{OWN}.csv")
    assert parsed.format_id == "etherscan-nft"
    [received] = parsed.transactions
    assert (received.key, received.type, flows(received)) == (
        "0xaa:nft",
        "RECEIVE",
        [("IN", f"nft_{BAYC}_42", Decimal("1"), False)],  # "00042" and "42" are one token
    )
    assert [(item.row, item.reason) for item in parsed.ignored] == [
        (2, "a token transfer from the account to itself")
    ]


def test_an_nft_is_never_named_by_its_collection_symbol() -> None:
    erc20 = parse_text(
        '"Txhash","UnixTimestamp","DateTime","From","To","TokenValue","USDValueDayOfTx","ContractAddress",'
        '"TokenName","TokenSymbol"\n'
        f'"0xcc","1630000000","2021-08-26 17:46:40","0x01","{OWN}","3","","0xdd","Bayc","BAYC"\n',
        f"{OWN}.csv",
    )
    nft = parse_fixture("etherscan_nft_transfers.csv")
    fungible = {flow.asset for tx in erc20.transactions for flow in tx.flows}
    nfts = {flow.asset for tx in nft.transactions for flow in tx.flows}
    assert fungible == {"BAYC"} and fungible.isdisjoint(nfts)


def test_a_token_id_that_is_not_a_whole_number_is_a_row_error() -> None:
    rows = f'"0xaa","1","1630000000","2021-08-26 17:46:40","0x01","{OWN}","{BAYC}","0x2a","B","B"\n'
    parsed = parse_text(OLDER + rows, f"{OWN}.csv")
    assert [(error.row, error.column) for error in parsed.errors] == [(1, "TokenId")]
