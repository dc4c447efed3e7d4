"""How a flow is valued and where its value comes from (ledger.writes.prices), as the cost-basis run
reads it (flows_query) and the transaction page shows it (flow_values): the user's word, the trade's
own fiat side or the price the user's fiat trades imply that day, then a provider's close over the
bundled table's, else no value at all. Everything in one rolled-back session: the shared price table
is left as it was."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ledger.models import Flow, Price, Transaction, User
from ledger.reference.seed import PriceRow, seed_prices
from ledger.writes.cost_basis import flows_query
from ledger.writes.prices import flow_values, store_closes
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, out
from tests.workflows.test_cost_basis import new_user
from vocabulary.enums import TransactionType as Type
from vocabulary.price_sources import BUNDLED_PRICE_SOURCE, COINGECKO, ValueSource

pytestmark = pytest.mark.servers


@pytest.fixture
def session(db_session: Session) -> Iterator[Session]:
    yield db_session
    db_session.rollback()


def close(session: Session, symbol: str, day: date) -> Decimal:
    found = session.scalar(
        select(Price.close).where(Price.symbol == symbol, Price.quote == "USD", Price.date == day)
    )
    assert found is not None
    return found


def run_values(session: Session, user: User) -> dict[int, Decimal | None]:
    """Each transaction's flows' values as the run reads them (its last flow's, by transaction)."""
    rows = session.execute(flows_query(user.id)).all()
    return {int(row.tx_id): None if row.value is None else Decimal(row.value) for row in rows}


def shown(session: Session, user: User, transaction: Transaction) -> list[tuple[Decimal | None, str | None]]:
    rows = session.execute(flow_values(user.id, transaction.id, transaction.timestamp)).all()
    return [(None if value is None else Decimal(value), source) for _, value, source in rows]


def test_a_fiat_trade_prices_the_days_other_flows_of_its_asset(session: Session) -> None:
    user = new_user(session)
    wallet = add_wallet(session, user)
    buy = add_transaction(
        session, wallet, "2021-01-05 09:00", Type.BUY, out("fiat_USD", "45000"), into("crypto_BTC", "1.5")
    )
    sell = add_transaction(
        session, wallet, "2021-01-05 18:00", Type.SELL, out("crypto_BTC", "0.5"), into("fiat_EUR", "12000")
    )
    received = add_transaction(session, wallet, "2021-01-05 20:00", Type.RECEIVE, into("crypto_BTC", "0.25"))
    next_day = add_transaction(session, wallet, "2021-01-06 10:00", Type.RECEIVE, into("crypto_BTC", "0.25"))

    eur = close(session, "EUR", date(2021, 1, 5))
    implied = (Decimal(45000) + 12000 * eur) / 2  # both trades of the day: their USD over their BTC
    assert shown(session, user, received) == [(pytest.approx(implied * Decimal("0.25")), ValueSource.TRADE)]
    assert run_values(session, user)[received.id] == pytest.approx(implied * Decimal("0.25"))
    table = close(session, "BTC", date(2021, 1, 6))
    assert shown(session, user, next_day) == [(table * Decimal("0.25"), ValueSource.TABLE)]
    # the trades' own legs: dollars are their own amount, the crypto at the price its trade implies, and
    # euros at the FX table's close
    assert [source for _, source in shown(session, user, buy)] == [ValueSource.TRADE, ValueSource.TRADE]
    assert [source for _, source in shown(session, user, sell)] == [ValueSource.TRADE, ValueSource.TABLE]


def test_a_stated_value_is_the_trades_and_the_users_word_comes_first(session: Session) -> None:
    user = new_user(session)
    wallet = add_wallet(session, user)
    stated = add_transaction(
        session, wallet, "2022-03-01 10:00", Type.RECEIVE, into("crypto_ETH", "2", "5000", "USD")
    )
    overridden = add_transaction(session, wallet, "2022-03-02 10:00", Type.RECEIVE, into("crypto_ETH", "1"))
    session.execute(
        update(Flow).where(Flow.transaction_id == overridden.id).values(value_override=Decimal("7"))
    )
    assert shown(session, user, stated) == [(Decimal(5000), ValueSource.TRADE)]
    assert shown(session, user, overridden) == [(Decimal(7), ValueSource.USER)]


def test_a_providers_close_replaces_the_tables_and_a_new_seed_keeps_it(session: Session) -> None:
    user = new_user(session)
    wallet = add_wallet(session, user)
    day = date(2023, 6, 1)
    received = add_transaction(session, wallet, "2023-06-01 12:00", Type.RECEIVE, into("crypto_SOL", "10"))
    bundled = close(session, "SOL", day)
    assert shown(session, user, received) == [(bundled * 10, ValueSource.TABLE)]

    store_closes(session, [PriceRow("SOL", "USD", day, Decimal("19.75"), COINGECKO)])
    assert shown(session, user, received) == [(Decimal("197.5"), ValueSource.PROVIDER)]
    seed_prices(session, [PriceRow("SOL", "USD", day, bundled, BUNDLED_PRICE_SOURCE)])
    assert close(session, "SOL", day) == Decimal("19.75")
    assert run_values(session, user)[received.id] == Decimal("197.5")


def test_a_flow_without_any_price_has_no_value_never_a_zero(session: Session) -> None:
    user = new_user(session)
    wallet = add_wallet(session, user)
    beyond = add_transaction(session, wallet, "2031-01-01 12:00", Type.RECEIVE, into("crypto_BTC", "1"))
    assert shown(session, user, beyond) == [(None, None)]
    assert run_values(session, user)[beyond.id] is None


def test_another_users_fiat_trades_imply_nothing(session: Session) -> None:
    owner, other = new_user(session), new_user(session)
    add_transaction(
        session,
        add_wallet(session, other),
        "2021-01-05 09:00",
        Type.BUY,
        out("fiat_USD", "1"),
        into("crypto_BTC", "1"),
    )
    received = add_transaction(
        session, add_wallet(session, owner), "2021-01-05 20:00", Type.RECEIVE, into("crypto_BTC", "1")
    )
    assert shown(session, owner, received) == [(close(session, "BTC", date(2021, 1, 5)), ValueSource.TABLE)]
    assert shown(session, other, received) == []
