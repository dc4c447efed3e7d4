"""The ledger's callout rules (ledger.writes.callouts) on the real database: each flags exactly the
transactions its rule names, and a rerun replaces the previous callouts."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from ledger.models import Flow, Price, Transaction, TransactionCallout, User
from ledger.writes.callouts import VALUE_BOUND, store_ledger_callouts, store_result_callouts
from ledger.writes.day_totals import store_ledger_day_totals, store_result_day_totals
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, link_transfer, out
from tests.workflows.test_cost_basis import new_user
from vocabulary.enums import CalloutType
from vocabulary.enums import TransactionType as Type

pytestmark = pytest.mark.servers


def flagged(session: Session, user: User, callout: CalloutType) -> set[int]:
    store_ledger_day_totals(session, user.id)  # as a run stores them: the callouts read them
    store_ledger_callouts(session, user.id)
    store_result_day_totals(session, user.id)
    store_result_callouts(session, user.id)
    return set(
        session.scalars(
            select(TransactionCallout.transaction_id).where(
                TransactionCallout.user_id == user.id, TransactionCallout.type == callout
            )
        )
    )


def btc_close(session: Session, day: date) -> Decimal:
    close = session.scalar(
        select(Price.close).where(Price.symbol == "BTC", Price.quote == "USD", Price.date == day)
    )
    assert close is not None
    return close


def test_an_outflow_beyond_the_wallets_balance_is_missing_balance(db_session: Session) -> None:
    user = new_user(db_session)
    exchange, cold = add_wallet(db_session, user, "Exchange"), add_wallet(db_session, user, "Cold")
    add_transaction(
        db_session, exchange, "2021-01-01 10:00", Type.BUY, out("fiat_USD", "100"), into("crypto_BTC", "2")
    )
    within = add_transaction(db_session, exchange, "2021-02-01 10:00", Type.SELL, out("crypto_BTC", "1.5"))
    # 0.5 left on the exchange: selling 0.6 takes more than it holds; the cold wallet held none
    beyond = add_transaction(db_session, exchange, "2021-03-01 10:00", Type.SELL, out("crypto_BTC", "0.6"))
    from_cold = add_transaction(db_session, cold, "2021-03-02 10:00", Type.SEND, out("crypto_BTC", "0.1"))
    # a deposit brings the exchange back above zero: what it sends after is covered
    add_transaction(db_session, exchange, "2021-04-01 10:00", Type.RECEIVE, into("crypto_BTC", "1"))
    covered = add_transaction(db_session, exchange, "2021-05-01 10:00", Type.SEND, out("crypto_BTC", "0.8"))
    # money is not checked; an ignored transaction is not read
    add_transaction(db_session, exchange, "2021-05-02 10:00", Type.FIAT_WITHDRAWAL, out("fiat_USD", "1000"))
    add_transaction(db_session, cold, "2021-05-03 10:00", Type.SEND, out("crypto_BTC", "5"), ignored=True)

    found = flagged(db_session, user, CalloutType.MISSING_BALANCE)

    assert found == {beyond.id, from_cold.id}
    assert within.id not in found and covered.id not in found


# a ledger of two accounts and two assets over four days: (account, day, minute, moves), each move
# (inflow?, asset, quantity, fee?)
ASSETS = ["crypto_BTC", "crypto_ETH"]
LEDGERS = st.lists(
    st.tuples(
        st.sampled_from([0, 1]),
        st.integers(0, 3),
        st.integers(0, 2),  # few minutes: transactions at the same instant go by id
        st.lists(
            st.tuples(st.booleans(), st.sampled_from(ASSETS), st.integers(1, 4), st.booleans()),
            min_size=1,
            max_size=3,
        ),
    ),
    min_size=1,
    max_size=12,
)


def short_by_walk(ledger: list[tuple[int, int, int, list[tuple[bool, str, int, bool]]]]) -> set[int]:
    """Positions in `ledger` of the transactions whose net outflow of an asset leaves their account's
    running balance of it below zero, walking every transaction in order."""
    order = sorted(range(len(ledger)), key=lambda n: (ledger[n][1], ledger[n][2], n))
    held: dict[tuple[int, str], int] = {}
    short = set()
    for n in order:
        account, _, _, moves = ledger[n]
        for asset in {asset for _, asset, _, _ in moves}:
            net = sum(quantity if inflow else -quantity for inflow, a, quantity, _ in moves if a == asset)
            held[(account, asset)] = held.get((account, asset), 0) + net
            if net < 0 and held[(account, asset)] < 0:
                short.add(n)
    return short


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ledger=LEDGERS, since_day=st.integers(0, 4))
def test_missing_balance_is_the_walk_of_every_transaction_in_order(
    db_engine: Engine, ledger: list[tuple[int, int, int, list[tuple[bool, str, int, bool]]]], since_day: int
) -> None:
    """Only the days whose outflows exceed what they started with are walked: the same transactions as
    a walk of all of them, for a whole run and for one from a later day on (which starts from the day
    totals stored before it)."""
    with Session(db_engine) as session:
        user = new_user(session)
        wallets = [add_wallet(session, user, "A"), add_wallet(session, user, "B")]
        added = [
            add_transaction(
                session,
                wallets[account],
                f"2021-01-0{day + 1} 10:0{minute}",
                Type.TRADE,
                *(
                    into(asset, str(quantity)) if inflow else out(asset, str(quantity), fee=fee)
                    for inflow, asset, quantity, fee in moves
                ),
            )
            for account, day, minute, moves in ledger
        ]
        expected = {added[n].id for n in short_by_walk(ledger)}
        assert flagged(session, user, CalloutType.MISSING_BALANCE) == expected
        since = datetime(2021, 1, since_day + 1, tzinfo=UTC)
        store_ledger_callouts(session, user.id, since)  # a run from `since` on, over the day totals stored
        store_result_callouts(session, user.id, since)
        assert (
            set(
                session.scalars(
                    select(TransactionCallout.transaction_id).where(
                        TransactionCallout.user_id == user.id,
                        TransactionCallout.type == CalloutType.MISSING_BALANCE,
                    )
                )
            )
            == expected
        )


def test_a_trade_without_both_sides_or_a_transfer_without_its_leg_is_unbalanced(db_session: Session) -> None:
    user = new_user(db_session)
    wallet, other = add_wallet(db_session, user), add_wallet(db_session, user, "Other")
    whole = add_transaction(
        db_session, wallet, "2022-01-01 10:00", Type.TRADE, out("fiat_USD", "10"), into("crypto_ETH", "1")
    )
    one_sided = add_transaction(db_session, wallet, "2022-01-02 10:00", Type.TRADE, into("crypto_ETH", "1"))
    # a fee is not a side: a buy paying only a fee received nothing for what it gave
    fee_only = add_transaction(
        db_session,
        wallet,
        "2022-01-03 10:00",
        Type.BUY,
        into("crypto_ETH", "1"),
        out("fiat_USD", "1", fee=True),
    )
    sent = add_transaction(db_session, wallet, "2022-01-04 10:00", Type.TRANSFER, out("crypto_ETH", "1"))
    received = add_transaction(db_session, other, "2022-01-04 10:05", Type.TRANSFER, into("crypto_ETH", "1"))
    link_transfer(db_session, sent, received)
    unmatched = add_transaction(db_session, wallet, "2022-01-05 10:00", Type.TRANSFER, out("crypto_ETH", "1"))
    # a send to someone else has one side by nature
    add_transaction(db_session, wallet, "2022-01-06 10:00", Type.SEND, out("crypto_ETH", "1"))

    found = flagged(db_session, user, CalloutType.UNBALANCED_TRANSACTION)

    assert found == {one_sided.id, fee_only.id, unmatched.id}
    assert whole.id not in found


def test_a_value_far_from_the_days_price_is_out_of_bounds(db_session: Session) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    day = date(2021, 6, 1)
    market = btc_close(db_session, day)  # the USD value of 1 BTC that day

    def bought_for(value: Decimal, time: str = "10:00") -> Transaction:
        return add_transaction(
            db_session,
            wallet,
            f"2021-06-01 {time}",
            Type.BUY,
            out("fiat_USD", str(value)),
            into("crypto_BTC", "1", str(value)),
        )

    fair = bought_for(market * Decimal("1.2"))
    at_the_bound = bought_for(market * VALUE_BOUND, "11:00")
    too_high = bought_for(market * VALUE_BOUND + 1, "12:00")
    too_low = bought_for(market / VALUE_BOUND - 1, "13:00")
    overridden = bought_for(market * 100, "14:00")
    db_session.execute(
        update(Flow)
        .where(Flow.transaction_id == overridden.id, Flow.asset_id == "crypto_BTC")
        .values(value_override=market * 100)
    )
    # a value stated in euros is compared in USD, at that day's EUR close
    usd_per_eur = db_session.scalar(
        select(Price.close).where(Price.symbol == "EUR", Price.quote == "USD", Price.date == day)
    )
    assert usd_per_eur is not None
    in_euros = add_transaction(
        db_session,
        wallet,
        "2021-06-01 15:00",
        Type.BUY,
        out("fiat_EUR", "1"),
        into("crypto_BTC", "1", str(market / usd_per_eur), "EUR"),
    )

    found = flagged(db_session, user, CalloutType.VALUE_OUT_OF_BOUNDS)

    assert found == {too_high.id, too_low.id}
    assert not found & {fair.id, at_the_bound.id, overridden.id, in_euros.id}


def test_a_rerun_replaces_the_callouts_and_keeps_other_users(db_session: Session) -> None:
    user, other = new_user(db_session), new_user(db_session)
    wallet, theirs = add_wallet(db_session, user), add_wallet(db_session, other)
    one_sided = add_transaction(db_session, wallet, "2022-01-02 10:00", Type.TRADE, into("crypto_ETH", "1"))
    their_one = add_transaction(db_session, theirs, "2022-01-02 10:00", Type.TRADE, into("crypto_ETH", "1"))
    assert flagged(db_session, other, CalloutType.UNBALANCED_TRANSACTION) == {their_one.id}
    assert flagged(db_session, user, CalloutType.UNBALANCED_TRANSACTION) == {one_sided.id}

    one_sided.is_ignored = True
    db_session.flush()

    assert flagged(db_session, user, CalloutType.UNBALANCED_TRANSACTION) == set()
    stored = db_session.scalars(
        select(TransactionCallout).where(TransactionCallout.user_id == other.id)
    ).all()
    assert [(row.transaction_id, row.type) for row in stored] == [
        (their_one.id, CalloutType.UNBALANCED_TRANSACTION)
    ]
