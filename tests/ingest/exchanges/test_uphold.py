from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from ingest.exchanges.client import Backoff, Credentials
from ingest.exchanges.connect import connect
from ingest.exchanges.failures import ExchangeFailure, FailureKind
from ingest.exchanges.model import Connector
from ingest.files.check import iter_transactions
from tests.fakes.server import Answer, Request
from tests.fakes.uphold import UpholdFake
from tests.ingest.exchanges.syncs import (
    Sleeps,
    refused_as_an_auth_failure,
    retried_into_a_malformed_failure,
    synced,
)

TOKEN = "uphold-access-token"


@pytest.fixture
def fake() -> Iterator[UpholdFake]:
    with UpholdFake(TOKEN, transactions=130) as fake:
        yield fake


def connector(fake: UpholdFake, token: str = TOKEN, sleeps: Sleeps | None = None) -> Connector:
    return connect(
        "uphold",
        Credentials({"token": token}),
        fake.url,
        throttle=False,
        backoff=Backoff(attempts=3, first=0.01),
        sleep=Sleeps() if sleeps is None else sleeps,
    )


def test_a_sync_gives_every_transaction_as_the_export_keys_it(fake: UpholdFake) -> None:
    transactions, _ = synced(connector(fake), {})
    exported = {t.key: t for t in iter_transactions(fake.history_csv(), "uphold.csv")}
    conversions = {t.id for t in fake.transactions if t.kind == "conversion"}
    assert set(transactions) == set(exported) and set(exported) <= {t.id for t in fake.transactions}
    assert conversions <= set(transactions)  # a conversion between two cards is a trade
    for key, transaction in transactions.items():
        assert (transaction.type, transaction.timestamp) == (exported[key].type, exported[key].timestamp)
        assert {(f.direction, f.asset, f.quantity, f.is_fee) for f in transaction.flows} == {
            (f.direction, f.asset, f.quantity, f.is_fee) for f in exported[key].flows
        }


def test_a_withdrawal_keeps_its_network_fee_apart(fake: UpholdFake) -> None:
    withdrawal = next(t for t in fake.transactions if t.kind == "withdrawal")
    transactions, _ = synced(connector(fake), {})
    flows = {(f.direction, f.asset, f.quantity, f.is_fee) for f in transactions[withdrawal.id].flows}
    assert flows == {("OUT", "BTC", withdrawal.destination[1], False), ("OUT", "BTC", withdrawal.fee, True)}


def test_a_second_sync_with_the_cursor_asks_only_the_newest_page(fake: UpholdFake) -> None:
    _, cursors = synced(connector(fake), {})
    asked = fake.requests
    assert synced(connector(fake), cursors) == ({}, cursors)
    assert fake.requests == asked + 1
    fake.add_transactions(60)
    new, _ = synced(connector(fake), cursors)
    assert set(new) == {t.id for t in fake.transactions[130:]}


def test_a_pending_transaction_is_asked_for_until_it_completes(fake: UpholdFake) -> None:
    pending = fake.transactions[-3] = replace(fake.transactions[-3], status="pending")
    transactions, cursors = synced(connector(fake), {})
    assert pending.id not in transactions and fake.transactions[-1].id in transactions
    fake.transactions[-3] = replace(pending, status="completed")
    completed, after = synced(connector(fake), cursors)
    assert set(completed) == {pending.id, fake.transactions[-2].id, fake.transactions[-1].id}
    assert synced(connector(fake), after) == ({}, after)


def test_an_empty_history_gives_nothing() -> None:
    with UpholdFake(TOKEN) as empty:
        assert synced(connector(empty), {}) == ({}, {})


def test_429_then_500_then_malformed_is_a_malformed_failure(fake: UpholdFake) -> None:
    retried_into_a_malformed_failure(fake, lambda sleeps: connector(fake, sleeps=sleeps))


def test_a_revoked_token_is_an_auth_failure(fake: UpholdFake) -> None:
    refused_as_an_auth_failure(connector(fake), connector(fake, token="revoked"))


def test_an_answer_that_is_not_a_list_is_malformed(fake: UpholdFake, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fake, "answer", lambda request: Answer(200, {"transactions": []}))
    with pytest.raises(ExchangeFailure) as failure:
        synced(connector(fake), {})
    assert failure.value.kind is FailureKind.MALFORMED


def test_every_page_asks_a_range_of_fifty(fake: UpholdFake, monkeypatch: pytest.MonkeyPatch) -> None:
    ranges: list[str] = []
    answer = fake.answer

    def recorded(request: Request) -> Answer:
        ranges.append(request.headers["range"])
        return answer(request)

    monkeypatch.setattr(fake, "answer", recorded)
    synced(connector(fake), {})
    assert ranges == ["items=0-49", "items=50-99", "items=100-149"]
