"""The tax-loss harvesting rules (ledger/scope/harvest_rules.py), pure: ranking, term, and each
country's 30-day window worked by hand, then held to their invariants by hypothesis."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from ledger.scope.harvest_rules import HarvestRule, OpenLot, Purchase, harvest, term_of, warning_for

SALE = date(2026, 11, 25)


def lot(
    lot_id: str,
    basis: str,
    value: str,
    quantity: str = "1",
    asset: str = "BTC",
    acquired: date = date(2025, 1, 1),
) -> OpenLot:
    return OpenLot(lot_id, asset, acquired, Decimal(quantity), Decimal(basis), Decimal(value))


def test_only_losing_lots_ranked_by_loss_with_their_term() -> None:
    lots = [
        lot("1:0", "100", "150"),  # a gain: not a candidate
        lot("2:0", "100", "90", acquired=date(2025, 11, 25)),  # 10 lost, held exactly a year: short
        lot("3:0", "500", "300", asset="ETH", acquired=date(2025, 11, 24)),  # 200 lost, long
        lot("4:0", "100", "100"),  # even: not a candidate
    ]

    found = harvest(lots, [], {}, None, SALE)

    assert [(c.lot.lot_id, c.loss, c.term, c.warning) for c in found] == [
        ("3:0", Decimal(-200), "LONG", None),
        ("2:0", Decimal(-10), "SHORT", None),
    ]


def test_term_counts_from_the_day_after_and_29_february() -> None:
    assert term_of(date(2024, 1, 1), date(2025, 1, 1)) == "SHORT"
    assert term_of(date(2024, 1, 1), date(2025, 1, 2)) == "LONG"
    assert term_of(date(2024, 2, 29), date(2025, 2, 28)) == "SHORT"
    assert term_of(date(2024, 2, 29), date(2025, 3, 1)) == "LONG"


def test_us_wash_sale_is_information_from_buys_30_days_either_side() -> None:
    losing = lot("1:0", "1000", "600", quantity="2")
    recent = Purchase("BTC", SALE - timedelta(days=30), Decimal("0.5"), lot_id="9:0")
    too_early = Purchase("BTC", SALE - timedelta(days=31), Decimal(5), lot_id="8:0")
    other_asset = Purchase("ETH", SALE, Decimal(5), lot_id="7:0")
    planned = Purchase("BTC", SALE + timedelta(days=30), Decimal(1), planned=True)

    (found,) = harvest([losing], [recent, too_early, other_asset, planned], {"BTC": Decimal(9)}, "US", SALE)

    assert found.warning is not None
    assert found.warning.rule is HarvestRule.WASH_SALE and not found.warning.applies
    assert found.warning.purchases == (recent, planned)
    assert found.warning.matched_quantity == Decimal("1.5")
    assert found.warning.affected_loss == Decimal(-400) * Decimal("1.5") / 2


def test_a_lots_own_purchase_is_no_repurchase() -> None:
    bought_lately = lot("5:0", "100", "80", acquired=SALE - timedelta(days=3))
    own = Purchase("BTC", SALE - timedelta(days=3), Decimal(1), lot_id="5:0")

    (found,) = harvest([bought_lately], [own], {"BTC": Decimal(1)}, "US", SALE)

    assert found.warning is None


def test_ca_superficial_loss_needs_the_units_still_held_at_day_30() -> None:
    losing = lot("1:0", "1000", "400", quantity="2")  # 600 lost on 2 units
    bought = Purchase("BTC", SALE - timedelta(days=10), Decimal(1), lot_id="9:0")

    # 3 held (this lot and the one bought): 1 is left after the sale, so 1 of 2 units is superficial
    (kept,) = harvest([losing], [bought], {"BTC": Decimal(3)}, "CA", SALE)
    assert kept.warning is not None and kept.warning.applies
    assert kept.warning.rule is HarvestRule.SUPERFICIAL_LOSS
    assert (kept.warning.matched_quantity, kept.warning.affected_loss) == (Decimal(1), Decimal(-300))

    # only this lot is held: the purchase was sold since, nothing is held at day 30
    (sold_since,) = harvest([losing], [bought], {"BTC": Decimal(2)}, "CA", SALE)
    assert sold_since.warning is None

    # a planned buy after the sale is held at day 30
    planned = Purchase("BTC", SALE + timedelta(days=5), Decimal(4), planned=True)
    (rebought,) = harvest([losing], [planned], {"BTC": Decimal(2)}, "CA", SALE)
    assert rebought.warning is not None
    assert (rebought.warning.matched_quantity, rebought.warning.affected_loss) == (Decimal(2), Decimal(-600))


def test_uk_30_day_rule_looks_only_at_the_sale_day_and_after() -> None:
    losing = lot("1:0", "1000", "400", quantity="2")
    before = Purchase("BTC", SALE - timedelta(days=1), Decimal(1), lot_id="9:0")
    same_day = Purchase("BTC", SALE, Decimal("0.5"), lot_id="10:0")

    (found,) = harvest([losing], [before, same_day], {"BTC": Decimal(3)}, "GB", SALE)
    assert found.warning is not None
    assert found.warning.rule is HarvestRule.BED_AND_BREAKFAST and found.warning.applies
    assert found.warning.purchases == (same_day,)
    assert found.warning.matched_quantity == Decimal("0.5")

    (only_before,) = harvest([losing], [before], {"BTC": Decimal(3)}, "GB", SALE)
    assert only_before.warning is None


def test_countries_without_a_rule_here_get_no_warning() -> None:
    losing = lot("1:0", "1000", "400")
    bought = Purchase("BTC", SALE, Decimal(1), planned=True)
    for country in (None, "DE", "FR"):
        (found,) = harvest([losing], [bought], {"BTC": Decimal(1)}, country, SALE)
        assert found.warning is None


amounts = st.decimals(min_value=Decimal("0.01"), max_value=Decimal(10_000), places=2)
offsets = st.integers(min_value=-60, max_value=60)
purchases = st.lists(st.tuples(offsets, amounts, st.booleans()), max_size=6)


@given(
    basis=amounts,
    value=amounts,
    quantity=amounts,
    bought=purchases,
    extra_held=st.decimals(min_value=0, max_value=100, places=2),
    rule=st.sampled_from(list(HarvestRule)),
)
def test_a_warning_never_reaches_past_the_sale_or_its_loss(
    basis: Decimal,
    value: Decimal,
    quantity: Decimal,
    bought: list[tuple[int, Decimal, bool]],
    extra_held: Decimal,
    rule: HarvestRule,
) -> None:
    losing = OpenLot("1:0", "BTC", date(2025, 1, 1), quantity, basis, value)
    made = [Purchase("BTC", SALE + timedelta(days=days), q, planned=plan) for days, q, plan in bought]

    warning = warning_for(rule, losing, SALE, made, quantity + extra_held)

    if warning is None:
        return
    first = SALE if rule is HarvestRule.BED_AND_BREAKFAST else SALE - timedelta(days=30)
    assert all(first <= purchase.day <= SALE + timedelta(days=30) for purchase in warning.purchases)
    assert 0 < warning.matched_quantity <= quantity
    assert warning.matched_quantity <= sum((p.quantity for p in warning.purchases), Decimal(0))
    loss = min(value - basis, Decimal(0))
    assert loss <= warning.affected_loss <= 0  # never more than the loss, never a gain
    assert warning.applies is (rule is not HarvestRule.WASH_SALE)


@given(
    st.lists(st.tuples(amounts, amounts), min_size=1, max_size=20),
    st.sampled_from([None, "US", "CA", "GB"]),
)
def test_candidates_are_exactly_the_losing_lots_largest_loss_first(
    pairs: list[tuple[Decimal, Decimal]], country: str | None
) -> None:
    lots = [OpenLot(f"{i}:0", "BTC", date(2025, 1, 1), Decimal(1), b, v) for i, (b, v) in enumerate(pairs)]

    found = harvest(lots, [], {}, country, SALE)

    assert sorted(c.lot.lot_id for c in found) == sorted(
        x.lot_id for x in lots if x.market_value < x.cost_basis
    )
    assert [c.loss for c in found] == sorted(c.loss for c in found)
    assert all(c.loss < 0 and c.warning is None for c in found)
