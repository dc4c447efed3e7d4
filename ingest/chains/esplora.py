"""Bitcoin, Litecoin and Dogecoin wallets through Esplora's HTTP API.

A wallet is a set of addresses — pasted ones, or those an extended key's chains derive up to the gap
limit. Each address's stats come first (`/address/:a`: its confirmed transaction count, which
answers the gap scan's "is it used", and its balance); when the count moved since the address's
cursor, its confirmed history is read newest first, 25 a page (`/address/:a/txs/chain`, then
`/txs/chain/:last_seen_txid`), down to the newest txid the previous sync saw. So a resync that finds
nothing new costs one request per address and adds nothing. Unconfirmed transactions wait for their
block.

A transaction is booked once per wallet (natural key: its txid), netted over the wallet's own inputs
and outputs: outputs back to the wallet are change, not receipts. When the wallet funded every input
the fee is its own and booked once as a fee flow; when others funded some inputs too (a coinjoin) the
wallet's share of the fee stays inside its net amount.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx

from ingest.chains.hd import ExtendedKey, chain_derivers, scan_chain
from ingest.chains.http import get_json
from ingest.chains.model import ChainAsset, ChainSync
from ingest.chains.networks import SATOSHI_DECIMALS, UtxoNetwork
from ingest.files.model import Flow, ParsedTransaction
from vocabulary.enums import TransactionType

PAGE_SIZE = 25  # confirmed transactions per page of /txs/chain
CONCURRENCY = 16  # requests in flight at once against one Esplora server


def _coins(satoshis: int) -> Decimal:
    return Decimal(satoshis).scaleb(-SATOSHI_DECIMALS)


class _Reader:
    """Reads address histories since their cursors, keeping each transaction once by txid.

    An address's cursor is "TX_COUNT:TXID": its confirmed transaction count and newest txid when last
    read. Its stats (`/address/:a`, which also give its balance) come first; only an address whose
    count moved has its history read, down to that txid."""

    def __init__(self, client: httpx.AsyncClient, base_url: str, cursors: Mapping[str, str]) -> None:
        self._client = client
        self._base = base_url.rstrip("/")
        self._gate = asyncio.Semaphore(CONCURRENCY)
        self.cursors = dict(cursors)
        self.transactions: dict[str, dict[str, Any]] = {}
        self.balances: dict[str, int] = {}  # satoshis, confirmed, by address read

    async def _get(self, path: str) -> Any:
        async with self._gate:
            return await get_json(self._client, f"{self._base}{path}")

    async def read_new(self, address: str) -> bool:
        """Read `address`'s confirmed transactions newer than its cursor; True when it was ever used."""
        stats = (await self._get(f"/address/{address}"))["chain_stats"]
        self.balances[address] = int(stats["funded_txo_sum"]) - int(stats["spent_txo_sum"])
        count, _, seen = self.cursors.get(address, "0:").partition(":")
        if int(stats["tx_count"]) == int(count):
            return int(count) > 0
        path = f"/address/{address}/txs/chain"
        newest: str | None = None
        while True:
            page: list[dict[str, Any]] = await self._get(path)
            for transaction in page:
                if transaction["txid"] == seen:
                    page = []
                    break
                newest = newest or transaction["txid"]
                self.transactions[transaction["txid"]] = transaction
            if len(page) < PAGE_SIZE:
                break
            path = f"/address/{address}/txs/chain/{page[-1]['txid']}"
        self.cursors[address] = f"{stats['tx_count']}:{newest or seen}"
        return True


def _booked(transaction: dict[str, Any], wallet: frozenset[str], asset: str) -> ParsedTransaction | None:
    """The transaction as the wallet sees it, or None when it moves nothing of the wallet's."""
    inputs = [vin["prevout"] for vin in transaction["vin"] if vin.get("prevout")]
    own_in = sum(int(p["value"]) for p in inputs if p.get("scriptpubkey_address") in wallet)
    own_out = sum(int(o["value"]) for o in transaction["vout"] if o.get("scriptpubkey_address") in wallet)
    funded_all = (
        own_in > 0
        and len(inputs) == len(transaction["vin"])
        and own_in == sum(int(p["value"]) for p in inputs)
    )
    fee = int(transaction.get("fee") or 0) if funded_all else 0
    net = own_out - own_in + fee  # what the wallet gained or lost, fee aside
    flows: list[Flow] = []
    if net:
        flows.append(Flow("IN" if net > 0 else "OUT", asset, _coins(abs(net))))
    if fee:
        flows.append(Flow("OUT", asset, _coins(fee), is_fee=True))
    if not flows:
        return None
    if net > 0:
        kind = TransactionType.RECEIVE
    else:
        kind = TransactionType.SEND if net < 0 else TransactionType.NETWORK_FEE
    return ParsedTransaction(
        key=transaction["txid"],
        timestamp=datetime.fromtimestamp(transaction["status"]["block_time"], UTC),
        type=kind,
        flows=tuple(flows),
        row=0,
        tx_hash=transaction["txid"],
    )


def _result(reader: _Reader, network: UtxoNetwork, wallet: Iterable[str]) -> ChainSync:
    asset = ChainAsset(network.slug, network.symbol, network.symbol, SATOSHI_DECIMALS)
    own = frozenset(wallet)
    ordered = sorted(reader.transactions.values(), key=lambda t: (t["status"]["block_height"], t["txid"]))
    booked = [t for t in (_booked(raw, own, asset.key) for raw in ordered) if t is not None]
    return ChainSync(
        transactions=booked,
        assets={asset.key: asset},
        reported={asset.key: _coins(sum(reader.balances[address] for address in own))},
        cursors=reader.cursors,
    )


async def sync_addresses(
    client: httpx.AsyncClient,
    base_url: str,
    network: UtxoNetwork,
    addresses: Sequence[str],
    cursors: Mapping[str, str],
) -> ChainSync:
    """What is new in a wallet of plain addresses since `cursors` (empty on the first sync)."""
    reader = _Reader(client, base_url, cursors)
    await asyncio.gather(*(reader.read_new(address) for address in addresses))
    return _result(reader, network, addresses)


async def sync_extended_keys(
    client: httpx.AsyncClient,
    base_url: str,
    keys: Sequence[ExtendedKey],
    cursors: Mapping[str, str],
) -> ChainSync:
    """What is new in an HD wallet — one key's receive and change chains, or a receive key and a change
    key — scanning each chain to the gap limit past its last used address."""
    reader = _Reader(client, base_url, cursors)
    chains = await asyncio.gather(*(scan_chain(derive, reader.read_new) for derive in chain_derivers(keys)))
    return _result(reader, keys[0].network, [address for chain in chains for address in chain])
