"""The user's taxability settings as the cost-basis run reads them: the lot engine on the flows query
of a user who calls staking rewards, lending, wrapping, liquid staking or liquidity not taxable
(TREATMENTS.md, "Taxability settings")."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

import polars as pl
import pytest
from sqlalchemy.orm import Session

from activities.cost_basis_ledger import EngineLedger
from analytics.lots import LotResult, compute
from ledger.models import User
from ledger.writes.cost_basis import flow_batches
from tests.workflows.cost_basis_rows import add_transaction, add_user_token, add_wallet, into, out
from vocabulary.enums import CostBasisMethod
from vocabulary.enums import TransactionType as Type
from vocabulary.taxability import TAXABILITY_KEY, TaxabilityCategory

pytestmark = pytest.mark.servers


def new_user(session: Session) -> User:
    user = User(email=f"tax-{uuid.uuid4().hex[:12]}@example.com", password_hash="not used")
    session.add(user)
    session.flush()
    return user


def say(session: Session, user: User, category: TaxabilityCategory, taxable: bool) -> None:
    user.settings = {TAXABILITY_KEY: {category.value: taxable}}
    session.commit()


def computed(session: Session, user: User) -> LotResult:
    batches = list(EngineLedger(flow_batches(session, user.id)))
    return compute(pl.concat(batches), CostBasisMethod.FIFO)


def disposals(result: LotResult) -> list[tuple[str, Decimal, Decimal, Decimal]]:
    rows = result.disposals.select("type", "proceeds", "cost_basis", "gain").rows()
    return [(kind, Decimal(proceeds), Decimal(cost), Decimal(gain)) for kind, proceeds, cost, gain in rows]


def test_staking_rewards_not_taxable_are_zero_basis_acquisitions_not_income(db_session: Session) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    reward = add_transaction(
        db_session, wallet, "2023-01-01", Type.STAKING_REWARD, into("crypto_BTC", "2", "200")
    )
    add_transaction(
        db_session, wallet, "2023-06-01", Type.SELL, out("crypto_BTC", "2"), into("fiat_USD", "500", "500")
    )
    db_session.commit()

    taxable = computed(db_session, user)
    assert taxable.income.select("type", "value").rows() == [("STAKING_REWARD", Decimal(200))]
    assert disposals(taxable) == [("SELL", Decimal(500), Decimal(200), Decimal(300))]

    say(db_session, user, TaxabilityCategory.STAKING_REWARDS, False)
    untaxed = computed(db_session, user)
    assert untaxed.income.is_empty()
    assert disposals(untaxed) == [("SELL", Decimal(500), Decimal(0), Decimal(500))]

    # the user's word on one transaction outweighs the setting
    reward.is_taxable = True
    db_session.commit()
    assert computed(db_session, user).income.select("value").rows() == [(Decimal(200),)]

    say(db_session, user, TaxabilityCategory.STAKING_REWARDS, True)
    reward.is_taxable = None
    db_session.commit()
    assert disposals(computed(db_session, user)) == disposals(taxable)


def test_lending_not_taxable_keeps_what_was_lent_in_its_lots(db_session: Session) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    add_transaction(
        db_session, wallet, "2023-01-01", Type.BUY, out("fiat_USD", "100", "100"), into("crypto_BTC", "1")
    )
    add_transaction(
        db_session,
        wallet,
        "2023-02-01",
        Type.LENDING_DEPOSIT,
        out("crypto_BTC", "0.999", "150"),
        out("crypto_BTC", "0.001", "0.15", fee=True),
    )
    add_transaction(
        db_session, wallet, "2023-06-01", Type.LENDING_WITHDRAWAL, into("crypto_BTC", "0.999", "300")
    )
    add_transaction(
        db_session,
        wallet,
        "2023-07-01",
        Type.SELL,
        out("crypto_BTC", "0.999"),
        into("fiat_USD", "400", "400"),
    )
    db_session.commit()

    taxable = computed(db_session, user)
    # the deposit disposes of the coins at market value and the withdrawal acquires them anew
    assert sorted(kind for kind, *_ in disposals(taxable)) == ["FEE", "SELL", "TRANSFER"]
    assert disposals(taxable)[-1] == ("SELL", Decimal(400), Decimal(300), Decimal(100))

    say(db_session, user, TaxabilityCategory.LENDING, False)
    untaxed = computed(db_session, user)
    # only the fee is a disposal; the sale takes the bought lot, bought for 100 (0.999 of it)
    assert disposals(untaxed) == [
        ("FEE", Decimal("0.15"), Decimal("0.1"), Decimal("0.05")),
        ("SELL", Decimal(400), Decimal("99.9"), Decimal("300.1")),
    ]
    assert untaxed.lots.select("acquired_at").n_unique() == 1


@pytest.mark.parametrize(
    ("category", "kind"),
    [
        (TaxabilityCategory.WRAPPING, Type.WRAP),
        (TaxabilityCategory.LIQUID_STAKING, Type.STAKE),
        (TaxabilityCategory.LIQUIDITY, Type.ADD_LIQUIDITY),
    ],
)
def test_conversions_not_taxable_carry_the_basis_and_date_into_the_new_asset(
    db_session: Session, category: TaxabilityCategory, kind: Type
) -> None:
    user = new_user(db_session)
    wallet = add_wallet(db_session, user)
    token = add_user_token(db_session, user, "WETH")
    add_transaction(
        db_session,
        wallet,
        "2023-01-01",
        Type.BUY,
        out("fiat_USD", "1001", "1001"),
        into("crypto_ETH", "1.001"),
    )
    conversion = add_transaction(
        db_session,
        wallet,
        "2023-02-01",
        kind,
        out("crypto_ETH", "1", "1500"),
        into(token, "0.98", "1500"),
        out("crypto_ETH", "0.001", "1.5", fee=True),
    )
    add_transaction(
        db_session, wallet, "2023-06-01", Type.SELL, out(token, "0.98"), into("fiat_USD", "2000", "2000")
    )
    db_session.commit()

    taxable = computed(db_session, user)
    # a trade at market value: the conversion disposes of the ETH, the sale gains over its new price
    assert len(disposals(taxable)) == 3
    kind_sold, proceeds, cost, _ = disposals(taxable)[-1]
    assert (kind_sold, proceeds) == ("SELL", Decimal(2000)) and cost >= Decimal(1500)

    say(db_session, user, category, False)
    untaxed = computed(db_session, user)
    # only the fee and the sale are disposals; the sale takes the ETH's basis and date
    assert disposals(untaxed) == [
        ("FEE", Decimal("1.5"), Decimal(1), Decimal("0.5")),
        ("SELL", Decimal(2000), Decimal(1000), Decimal(1000)),
    ]
    assert untaxed.disposals["acquired_at"].dt.date().to_list() == [date(2023, 1, 1), date(2023, 1, 1)]

    # the user's word on one transaction outweighs the setting, either way
    conversion.is_taxable = True
    db_session.commit()
    assert disposals(computed(db_session, user)) == disposals(taxable)
    say(db_session, user, category, True)
    conversion.is_taxable = False
    db_session.commit()
    assert disposals(computed(db_session, user)) == disposals(untaxed)
