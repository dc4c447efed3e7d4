"""The flows a transactions report lists (listed_flows) and a Canadian or UK return runs the engine on
(flows_in) are read on the implied prices stored first (ledger.writes.prices.store_implied_prices, as
the cost-basis run's load reads them), in the report's snapshot: the same rows as the flows query with
the implied prices computed inline."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

import polars as pl
import pytest
from sqlalchemy import Select, delete, select
from sqlalchemy.orm import Session, sessionmaker

from activities import tax_report
from activities.tax_report import in_currency
from ledger.models import User
from ledger.writes import tax_reports
from ledger.writes.cost_basis import flow_batches, flows_query
from ledger.writes.tax_reports import INSTANT, ReadFlows, flows_in, listed_flows
from tests.workflows.cost_basis_rows import add_transaction, add_wallet, into, link_transfer, out
from tests.workflows.test_cost_basis import new_user
from vocabulary.enums import TransactionType as Type

pytestmark = pytest.mark.servers


@pytest.fixture
def user_id(db_session: Session) -> Iterator[int]:
    """A committed ledger (the reports read it on a connection of their own): fiat trades that imply a
    day's BTC and ETH prices (in dollars, in euros, two of one day together), flows those prices value,
    flows a close values, a transfer, a fee."""
    user = new_user(db_session)
    wallet, other = add_wallet(db_session, user), add_wallet(db_session, user, "Cold")
    add_transaction(
        db_session, wallet, "2021-01-05 09:00", Type.BUY, out("fiat_USD", "45000"), into("crypto_BTC", "1.5")
    )
    add_transaction(
        db_session, wallet, "2021-01-05 18:00", Type.SELL, out("crypto_BTC", "0.5"), into("fiat_EUR", "12000")
    )
    add_transaction(db_session, wallet, "2021-01-05 20:00", Type.RECEIVE, into("crypto_BTC", "0.25"))
    add_transaction(db_session, wallet, "2021-01-06 10:00", Type.RECEIVE, into("crypto_BTC", "0.25"))
    add_transaction(
        db_session, wallet, "2021-03-02 12:00", Type.BUY, out("fiat_USD", "3000"), into("crypto_ETH", "2")
    )
    sent = add_transaction(
        db_session,
        wallet,
        "2021-03-02 15:00",
        Type.SEND,
        out("crypto_ETH", "1"),
        out("crypto_ETH", "0.01", fee=True),
    )
    received = add_transaction(db_session, other, "2021-03-02 15:05", Type.RECEIVE, into("crypto_ETH", "1"))
    link_transfer(db_session, sent, received)
    add_transaction(db_session, other, "2021-03-09 08:00", Type.STAKING_REWARD, into("crypto_ETH", "0.1"))
    created = user.id
    db_session.commit()
    yield created
    db_session.rollback()
    db_session.execute(delete(User).where(User.id == created))
    db_session.commit()


def inline(user_id: int, within: tuple[datetime, datetime] | None = None) -> tuple[Select[Any], list[str]]:
    """The reports' flows as they were read before: the flows query with the implied prices inline,
    nothing stored first."""
    assert within is None
    return flows_query(user_id), []


def read(sessions: sessionmaker[Session], load: Any) -> pl.DataFrame:
    with sessions() as session:
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        frame: pl.DataFrame = load(session)
        return frame


@pytest.mark.parametrize(
    "load",
    [
        lambda user_id: lambda session: listed_flows(session, user_id, None, (1, 1), "USD"),
        lambda user_id: lambda session: listed_flows(session, user_id, "BTC", (1, 1), "EUR"),
        lambda user_id: lambda session: flows_in(session, user_id, "USD"),
        lambda user_id: lambda session: flows_in(session, user_id, "EUR"),
    ],
    ids=["listed", "listed found, in EUR", "flows_in USD", "flows_in EUR"],
)
def test_the_flows_are_those_the_inline_implied_prices_give(
    db_session: Session, user_id: int, load: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sessions = sessionmaker(db_session.get_bind())
    stored = read(sessions, load(user_id))
    with monkeypatch.context() as patched:
        patched.setattr(tax_reports, "_flows", inline)
        computed = read(sessions, load(user_id))
    assert stored.height > 0
    assert stored.equals(computed, null_equal=True)


def test_a_days_implied_price_values_its_other_flows(db_session: Session, user_id: int) -> None:
    sessions = sessionmaker(db_session.get_bind())
    flows = read(sessions, lambda session: listed_flows(session, user_id, None, (1, 1), "USD"))
    received = flows.filter(pl.col("type") == "RECEIVE").sort("timestamp")
    eur = {row.value for row in db_session.execute(flows_query(user_id)).all() if row.asset == "EUR"}
    (in_usd,) = eur  # the euros' dollars at the day's close, as the run values them
    implied = (Decimal(45000) + Decimal(in_usd)) / 2  # both trades of the day: their USD over their BTC
    assert Decimal(received["value"][0]) == pytest.approx(implied * Decimal("0.25"))
    assert received["value"][1] is not None  # the next day: the price table's close


def test_the_flows_are_read_in_the_reports_snapshot(db_session: Session, user_id: int) -> None:
    """A trade committed after the report's snapshot was taken changes no implied price it reads."""
    sessions = sessionmaker(db_session.get_bind())
    with sessions() as session:
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        session.execute(select(1))  # the report's snapshot
        before = listed_flows(session, user_id, None, (1, 1), "USD")
        user = db_session.get_one(User, user_id)
        wallet = add_wallet(db_session, user, "Late")
        add_transaction(
            db_session, wallet, "2021-01-05 21:00", Type.BUY, out("fiat_USD", "1"), into("crypto_BTC", "1")
        )
        db_session.commit()
        assert listed_flows(session, user_id, None, (1, 1), "USD").equals(before, null_equal=True)
        flows_in(session, user_id, "USD")  # a second stored table in a new transaction: no clash
    after = read(sessions, lambda session: listed_flows(session, user_id, None, (1, 1), "USD"))
    assert after.height == before.height + 2
    received = after.filter(pl.col("type") == "RECEIVE").sort("timestamp")
    assert received["value"][0] != before.filter(pl.col("type") == "RECEIVE").sort("timestamp")["value"][0]


def test_a_periods_flows_are_valued_and_linked_as_in_the_whole_ledger(
    db_session: Session, user_id: int
) -> None:
    """From the evening of 5 January (the day's implied price made by that morning's trades) to just
    after the send of 2 March (its receipt, five minutes later, outside: the link still shows)."""
    start, end = datetime(2021, 1, 5, 19, tzinfo=UTC), datetime(2021, 3, 2, 15, 3, tzinfo=UTC)
    sessions = sessionmaker(db_session.get_bind())
    whole = read(sessions, lambda session: listed_flows(session, user_id, None, (1, 1), "USD"))
    period = read(
        sessions, lambda session: listed_flows(session, user_id, None, (1, 1), "USD", within=(start, end))
    )
    expected = whole.filter(pl.col("timestamp").is_between(start, end, closed="left"))
    assert 0 < period.height < whole.height
    assert period.equals(expected, null_equal=True)
    assert period.filter(pl.col("type") == "SEND")["link_id"].drop_nulls().len() == 1
    assert period.filter(pl.col("type") == "RECEIVE")["value"].null_count() == 0


def test_a_period_ending_before_a_days_later_trade_values_by_the_whole_days_price(
    db_session: Session, user_id: int
) -> None:
    """From 5 January 08:00 to noon: the buy of 09:00 is valued at the price both of the day's trades
    imply, the sale of 18:00 included."""
    start, end = datetime(2021, 1, 5, 8, tzinfo=UTC), datetime(2021, 1, 5, 12, tzinfo=UTC)
    sessions = sessionmaker(db_session.get_bind())
    whole = read(sessions, lambda session: listed_flows(session, user_id, None, (1, 1), "USD"))
    period = read(
        sessions, lambda session: listed_flows(session, user_id, None, (1, 1), "USD", within=(start, end))
    )
    assert period.height == 2
    assert period.equals(
        whole.filter(pl.col("timestamp").is_between(start, end, closed="left")), null_equal=True
    )
    bought = period.filter(pl.col("asset") == "BTC")["value"][0]
    assert Decimal(bought) != Decimal(45000)  # not the buy's own price: the day's, with the sale's


@pytest.mark.parametrize("currency", ["USD", "EUR", "JPY"])
@pytest.mark.parametrize("query", [None, "BTC", "crypto_id:crypto_ETH"])
@pytest.mark.parametrize(
    "valid_before",
    [None, datetime(2021, 3, 2, 15, tzinfo=UTC), datetime(2020, 6, 1, tzinfo=UTC)],
    ids=["all read", "read before the send", "read before the period"],
)
def test_the_flows_a_run_read_are_listed_as_sql_values_them(
    db_session: Session,
    user_id: int,
    tmp_path: Path,
    query: str | None,
    valid_before: datetime | None,
    currency: str,
) -> None:
    """The flows a full run read (LedgerRead.batches, as its ledger file keeps them) stand for those
    before `valid_before`; the rest are valued in SQL: together, the rows SQL gives for all of them,
    named (public ids, account names, symbols) and found by the page's query alike; in another currency,
    the run's dollars converted (in_currency) as SQL converts them, to the last decimal (EUR: by the
    inverse of the EUR-USD close, a long fraction; JPY: by the USD-JPY close)."""
    within = (datetime(2021, 1, 5, 19, tzinfo=UTC), datetime(2021, 12, 31, tzinfo=UTC))
    sessions = sessionmaker(db_session.get_bind())
    with sessions() as session:
        pl.concat(list(flow_batches(session, user_id))).write_parquet(tmp_path / "ledger.parquet")

    def by_the_run(session: Session) -> pl.DataFrame:
        flows = pl.read_parquet(tmp_path / "ledger.parquet")
        if currency != "USD":
            converted = in_currency(session, flows, currency)
            assert converted is not None
            flows = converted
        kept = ReadFlows(flows.lazy(), valid_before, currency)
        return listed_flows(session, user_id, query, (1, 1), currency, within, kept)

    valued = read(sessions, lambda session: listed_flows(session, user_id, query, (1, 1), currency, within))
    listed = read(sessions, by_the_run)
    assert valued.height > 0
    if currency != "USD":
        assert valued.get_column("value").drop_nulls().len() > 0  # the currency's rates are there
    assert listed.equals(valued, null_equal=True)


def test_the_flows_a_run_read_are_in_dollars_and_of_a_period(db_session: Session, user_id: int) -> None:
    kept = ReadFlows(pl.LazyFrame(), None)
    within = (datetime(2021, 1, 1, tzinfo=UTC), datetime(2022, 1, 1, tzinfo=UTC))
    with pytest.raises(ValueError, match="in the currency they are in"):
        listed_flows(db_session, user_id, None, (1, 1), "EUR", within, kept)
    with pytest.raises(ValueError, match="for a period"):
        listed_flows(db_session, user_id, None, (1, 1), "USD", None, kept)


def test_flows_that_cannot_be_converted_exactly_are_left_to_sql(monkeypatch: pytest.MonkeyPatch) -> None:
    """in_currency answers None (the export then values them in SQL) for a rate that is not a number or
    is finer than 10**-36, a value or a result beyond 38 digits with 18 decimals; else the exact text."""
    day = datetime(2021, 1, 5, 12, tzinfo=UTC)
    cases = [
        (Decimal("NaN"), "1.5", None),
        (Decimal("1E-37"), "1", None),
        (Decimal("0.9"), "1" + "0" * 20, None),  # 10**20 dollars
        (Decimal("1E+3"), "1" + "0" * 18, None),  # 10**21 euros
        (Decimal("0.5"), "-1.5", "-0.750000000000000000"),
        (Decimal("0.333333333333333333333333333333"), "1", "0.333333333333333333"),
    ]
    for rate, value, expected in cases:
        monkeypatch.setattr(
            tax_report, "usd_rates", lambda session, currency, days, rate=rate: {day.date(): rate}
        )
        flows = pl.DataFrame(
            {"timestamp": [day], "value": [value]}, schema={"timestamp": INSTANT, "value": pl.String}
        )
        converted = in_currency(cast(Session, None), flows, "EUR")
        assert (None if converted is None else converted.item(0, "value")) == expected
