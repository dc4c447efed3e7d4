"""EVM wallets: history through the Etherscan v2 API, balances through JSON-RPC.

One Etherscan v2 base URL serves every chain, told apart by `chainid`. Three streams are read per
address — `txlist` (normal transactions), `txlistinternal` and `tokentx` (ERC-20 transfers) —
oldest first from the block after the stream's cursor, 10,000 rows a call; a full answer is cut
before its last block, which the next call starts from, so no block is read half. Transactions are
booked as the Etherscan file importer books the same exports, with the same natural keys (the hash;
`hash:internal`, `hash:erc20`), so a file import and a sync of one address add nothing twice: only
the sender pays the fee, a failed transaction moves nothing but it, zero-value and self transfers
are not booked.

Reported balances come from the chain's JSON-RPC (`eth_getBalance`, `balanceOf` through `eth_call`)
when CAIRN_EVM_RPC_URLS names one, else from Etherscan's `balance` and `tokenbalance`; spam tokens'
balances are not asked for.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx

from ingest.catalogue import load_integrations
from ingest.chains.etherscan import STREAMS, Etherscan, EvmEndpoints
from ingest.chains.http import rpc
from ingest.chains.model import ChainAsset, ChainSync
from ingest.chains.spam import TokenTransfer, spam_contracts
from ingest.files.formats.etherscan import single_type
from ingest.files.model import Flow, ParsedTransaction
from ingest.files.values import trade_type
from vocabulary.enums import TransactionType

NATIVE_DECIMALS = 18
BALANCE_OF = "0x70a08231"  # balanceOf(address)


def native_asset(network: str) -> ChainAsset:
    symbol = next(
        i.info.symbol
        for i in load_integrations()
        if i.category == "Blockchain" and i.info.crypto_network == network and i.info.symbol
    )
    return ChainAsset(network, symbol, symbol, NATIVE_DECIMALS)


def _units(amount: int | str, decimals: int) -> Decimal:
    return Decimal(int(amount)).scaleb(-decimals)


def _time(row: dict[str, Any]) -> datetime:
    return datetime.fromtimestamp(int(row["timeStamp"]), UTC)


def _normal(rows: Iterable[dict[str, Any]], own: str, native: ChainAsset) -> list[ParsedTransaction]:
    booked = []
    for row in rows:
        sender, receiver = row["from"].lower(), (row["to"] or "").lower()
        failed = row.get("isError") == "1"
        value = _units(row["value"], native.decimals)
        fee = _units(int(row["gasUsed"]) * int(row["gasPrice"]), native.decimals)
        flows: list[Flow] = []
        if not failed and value and sender != receiver:
            flows.append(Flow("IN" if receiver == own else "OUT", native.key, value))
        if sender == own and fee:
            flows.append(Flow("OUT", native.key, fee, is_fee=True))
        if not flows:
            continue
        if failed:
            kind = TransactionType.FEE
        elif all(flow.is_fee for flow in flows):
            kind = TransactionType.CONTRACT_INTERACTION
        else:
            kind = single_type(flows)
        method = row.get("functionName", "").partition("(")[0]
        booked.append(
            ParsedTransaction(
                key=row["hash"],
                timestamp=_time(row),
                type=kind,
                flows=tuple(flows),
                row=0,
                description=f"failed: {row.get('txreceipt_status') or 'error'}" if failed else method,
                tx_hash=row["hash"],
                label=method or None,
            )
        )
    return booked


def _grouped(movements: Iterable[tuple[dict[str, Any], Flow]], suffix: str) -> list[ParsedTransaction]:
    by_hash: dict[str, list[tuple[dict[str, Any], Flow]]] = defaultdict(list)
    for row, flow in movements:
        by_hash[row["hash"]].append((row, flow))
    booked = []
    for tx_hash, group in by_hash.items():
        flows = tuple(flow for _, flow in group)
        received = [flow.asset for flow in flows if flow.direction == "IN"]
        sent = [flow.asset for flow in flows if flow.direction == "OUT"]
        kind = trade_type(received[0], sent[0]) if received and sent else single_type(flows)
        first = group[0][0]
        booked.append(
            ParsedTransaction(
                f"{tx_hash}:{suffix}", _time(first), kind, flows, 0, tx_hash=tx_hash, label=suffix
            )
        )
    return booked


def _internal(rows: Iterable[dict[str, Any]], own: str, native: ChainAsset) -> list[ParsedTransaction]:
    movements = [
        (
            row,
            Flow(
                "IN" if row["to"].lower() == own else "OUT", native.key, _units(row["value"], native.decimals)
            ),
        )
        for row in rows
        if row.get("isError", "0") == "0" and int(row["value"]) and row["from"].lower() != row["to"].lower()
    ]
    return _grouped(movements, "internal")


def _token_asset(row: dict[str, Any], network: str) -> ChainAsset:
    symbol = (row.get("tokenSymbol") or row.get("tokenName") or row["contractAddress"]).upper()
    return ChainAsset(
        network,
        symbol,
        row.get("tokenName") or symbol,
        int(row["tokenDecimal"] or 0),
        row["contractAddress"].lower(),
    )


async def _reported(
    client: httpx.AsyncClient,
    etherscan: Etherscan,
    endpoints: EvmEndpoints,
    own: str,
    assets: Sequence[ChainAsset],
) -> dict[str, Decimal]:
    async def balance(asset: ChainAsset) -> Decimal:
        if endpoints.rpc_url is None:
            if asset.contract is None:
                amount = await etherscan.call(module="account", action="balance", address=own, tag="latest")
            else:
                amount = await etherscan.call(
                    module="account",
                    action="tokenbalance",
                    contractaddress=asset.contract,
                    address=own,
                    tag="latest",
                )
            return _units(amount, asset.decimals)
        if asset.contract is None:
            answer = await rpc(client, endpoints.rpc_url, "eth_getBalance", [own, "latest"])
        else:
            data = BALANCE_OF + own[2:].rjust(64, "0")
            answer = await rpc(
                client, endpoints.rpc_url, "eth_call", [{"to": asset.contract, "data": data}, "latest"]
            )
        return _units(int(answer, 16) if answer not in ("0x", "") else 0, asset.decimals)

    amounts = await asyncio.gather(*(balance(asset) for asset in assets))
    return {asset.key: amount for asset, amount in zip(assets, amounts, strict=True)}


async def sync_evm_address(
    client: httpx.AsyncClient,
    endpoints: EvmEndpoints,
    network: str,
    address: str,
    cursors: Mapping[str, str],
    *,
    held_tokens: Sequence[ChainAsset] = (),
    priced_contracts: frozenset[str] = frozenset(),
) -> ChainSync:
    """What is new for `address` on `network` since `cursors` (the last block read of each stream).

    `held_tokens` are the tokens earlier syncs found, whose balances are reported too;
    `priced_contracts` are the token contracts Cairn prices, never spam."""
    own = address.lower()
    native = native_asset(network)
    etherscan = Etherscan(client, endpoints, network)
    normal, internal, tokens = await asyncio.gather(
        *(etherscan.rows(stream, own, int(cursors.get(stream, -1))) for stream in STREAMS)
    )
    sent_by_wallet = {row["hash"] for row in normal if row["from"].lower() == own}

    token_assets: dict[str, ChainAsset] = {token.contract or "": token for token in held_tokens}
    transfers, movements = [], []
    for row in tokens:
        asset = token_assets.setdefault(row["contractAddress"].lower(), _token_asset(row, network))
        sender, receiver = row["from"].lower(), row["to"].lower()
        transfers.append(TokenTransfer(asset.contract or "", row["hash"] in sent_by_wallet))
        quantity = _units(row["value"], asset.decimals)
        if quantity and sender != receiver:
            movements.append((row, Flow("IN" if receiver == own else "OUT", asset.key, quantity)))
    new_tokens = {c: t for c, t in token_assets.items() if t not in held_tokens}
    spam = spam_contracts({c: (t.name, t.symbol) for c, t in new_tokens.items()}, transfers, priced_contracts)
    for contract in spam:
        token_assets[contract] = replace(token_assets[contract], is_spam=True, was_automarked_as_spam=True)

    booked = sorted(
        [*_normal(normal, own, native), *_internal(internal, own, native), *_grouped(movements, "erc20")],
        key=lambda t: (t.timestamp, t.key),
    )
    assets = {native.key: native, **{t.key: t for t in token_assets.values()}}
    reported = await _reported(
        client, etherscan, endpoints, own, [native, *(t for t in token_assets.values() if not t.is_spam)]
    )
    new_cursors = dict(cursors)
    for stream, rows in zip(STREAMS, (normal, internal, tokens), strict=True):
        if rows:
            new_cursors[stream] = str(max(int(row["blockNumber"]) for row in rows))
    return ChainSync(booked, assets, reported, new_cursors)
