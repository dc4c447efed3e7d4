"""Properties of transfer matching over generated ledgers with many near-misses and ties."""

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from decimal import Context, Decimal, localcontext
from typing import Literal

from hypothesis import given
from hypothesis import strategies as st

from analytics.transfers import LINKED_BY_HAND, Leg, MatchResult, match_transfers, plausible_fee
from analytics.transfers.confidence import penalty
from tests.analytics.transfers.legs import NOON, may_pair

ACCOUNTS = ("kraken", "ledger", "trezor")
ASSETS = ("BTC", "ETH")
# Near-equal quantities, and fees around the allowances, so that many pairs fit and compete.
QUANTITIES = tuple(Decimal(text) for text in ("1", "0.9995", "0.999", "0.995", "0.99", "0.98", "2", "1.99"))
FEES = tuple(Decimal(text) for text in ("0", "0", "0.0005", "0.001", "0.005", "0.01", "0.02"))


@dataclass(frozen=True)
class Ledger:
    sends: list[Leg]
    receives: list[Leg]
    linked: list[tuple[str, str]]
    forbidden: list[tuple[str, str]]
    window: timedelta

    def match(self) -> MatchResult:
        return match_transfers(
            self.sends,
            self.receives,
            already_linked=self.linked,
            forbidden=self.forbidden,
            window=self.window,
        )


def _legs(draw: st.DrawFn, prefix: str, direction: Literal["OUT", "IN"]) -> list[Leg]:
    rows = draw(
        st.lists(
            st.tuples(
                st.sampled_from(ACCOUNTS),
                st.sampled_from(ASSETS),
                st.integers(min_value=0, max_value=3 * 24 * 60),
                st.one_of(
                    st.sampled_from(QUANTITIES),
                    st.decimals(min_value=Decimal("0.001"), max_value=Decimal(3), places=4),
                ),
            ),
            max_size=10,
        )
    )
    return [
        Leg(f"{prefix}{n}", account, asset, NOON + timedelta(minutes=minutes), quantity, direction)
        for n, (account, asset, minutes, quantity) in enumerate(rows)
    ]


def _arrivals(draw: st.DrawFn, sends: list[Leg]) -> list[Leg]:
    """Receives made from some of the sends: another account, a delay (or clock skew), a fee."""
    arrivals = []
    for n, out in enumerate(draw(st.lists(st.sampled_from(sends), max_size=10)) if sends else []):
        account = draw(st.sampled_from([account for account in ACCOUNTS if account != out.account_id]))
        delay = timedelta(minutes=draw(st.integers(min_value=-15, max_value=26 * 60)))
        quantity = out.quantity - draw(st.sampled_from(FEES))
        if quantity > 0:
            arrivals.append(Leg(f"a{n}", account, out.asset, out.timestamp + delay, quantity, "IN"))
    return arrivals


@st.composite
def ledgers(draw: st.DrawFn) -> Ledger:
    sends = _legs(draw, "s", "OUT")
    receives = _arrivals(draw, sends) + _legs(draw, "r", "IN")
    pairs = [(out.transaction_id, into.transaction_id) for out in sends for into in receives]
    forbidden = draw(st.lists(st.sampled_from(pairs), max_size=4, unique=True)) if pairs else []
    linkable = [
        (out.transaction_id, into.transaction_id)
        for out in sends
        for into in receives
        if out.asset == into.asset and (out.transaction_id, into.transaction_id) not in forbidden
    ]
    wanted = draw(st.lists(st.sampled_from(linkable), max_size=3, unique=True)) if linkable else []
    linked: list[tuple[str, str]] = []
    for pair in wanted:
        if not {leg for link in linked for leg in link} & set(pair):
            linked.append(pair)
    window = draw(st.sampled_from((timedelta(hours=24), timedelta(hours=2), timedelta(minutes=5))))
    return Ledger(sends, receives, linked, forbidden, window)


@given(ledgers())
def test_each_leg_is_in_at_most_one_match(ledger: Ledger) -> None:
    result = ledger.match()

    uses = Counter(leg for match in result.matches for leg in (match.send_id, match.receive_id))
    assert all(count == 1 for count in uses.values())


@given(ledgers())
def test_matches_and_unmatched_account_for_every_leg_exactly_once(ledger: Ledger) -> None:
    result = ledger.match()

    sends = [match.send_id for match in result.matches] + [
        item.transaction_id for item in result.unmatched_sends
    ]
    receives = [match.receive_id for match in result.matches] + [
        item.transaction_id for item in result.unmatched_receives
    ]
    assert sorted(sends) == sorted(leg.transaction_id for leg in ledger.sends)
    assert sorted(receives) == sorted(leg.transaction_id for leg in ledger.receives)
    assert all(item.reason for item in result.unmatched_sends + result.unmatched_receives)


@given(ledgers())
def test_every_match_keeps_the_rules(ledger: Ledger) -> None:
    legs = {leg.transaction_id: leg for leg in ledger.sends + ledger.receives}
    result = ledger.match()

    by_hand = {
        (match.send_id, match.receive_id) for match in result.matches if match.reason == LINKED_BY_HAND
    }
    assert by_hand == set(ledger.linked)
    for match in result.matches:
        out, into = legs[match.send_id], legs[match.receive_id]
        assert match.asset == out.asset == into.asset
        assert match.fee == out.quantity - into.quantity
        if match.reason == LINKED_BY_HAND:
            assert match.confidence == 1
            continue
        assert may_pair(out, into, ledger.window)
        assert (match.send_id, match.receive_id) not in ledger.forbidden
        assert 0 <= match.fee <= plausible_fee(out.asset, out.quantity)
        assert 0 <= match.confidence <= 1
        assert match.confidence.as_tuple().exponent == -2


@given(ledgers(), st.data())
def test_output_does_not_depend_on_input_order(ledger: Ledger, data: st.DataObject) -> None:
    shuffled = match_transfers(
        data.draw(st.permutations(ledger.sends)),
        data.draw(st.permutations(ledger.receives)),
        already_linked=data.draw(st.permutations(ledger.linked)),
        forbidden=data.draw(st.permutations(ledger.forbidden)),
        window=ledger.window,
    )

    assert shuffled == ledger.match()


@given(ledgers())
def test_no_two_unmatched_legs_could_have_paired(ledger: Ledger) -> None:
    legs = {leg.transaction_id: leg for leg in ledger.sends + ledger.receives}
    result = ledger.match()

    for lone_send in result.unmatched_sends:
        for lone_receive in result.unmatched_receives:
            pair = (lone_send.transaction_id, lone_receive.transaction_id)
            if pair not in ledger.forbidden:
                assert not may_pair(legs[pair[0]], legs[pair[1]], ledger.window)


@given(ledgers())
def test_same_pairs_as_greedy_over_all_pairs(ledger: Ledger) -> None:
    """The indexed search finds exactly the pairs that trying every send with every receive finds."""
    linked_legs = {leg for pair in ledger.linked for leg in pair}
    window_us = ledger.window // timedelta(microseconds=1)
    ranked = []
    with localcontext(Context(prec=80)):
        for out in ledger.sends:
            for into in ledger.receives:
                pair = (out.transaction_id, into.transaction_id)
                if (
                    linked_legs & set(pair)
                    or pair in ledger.forbidden
                    or not may_pair(out, into, ledger.window)
                ):
                    continue
                gap_us = abs(into.timestamp - out.timestamp) // timedelta(microseconds=1)
                fee = out.quantity - into.quantity
                ranked.append(
                    (penalty(gap_us, fee, plausible_fee(out.asset, out.quantity), window_us), gap_us, *pair)
                )
    expected = set(ledger.linked)
    used = set(linked_legs)
    for _, _, send_id, receive_id in sorted(ranked):
        if send_id not in used and receive_id not in used:
            used.update((send_id, receive_id))
            expected.add((send_id, receive_id))

    assert {(match.send_id, match.receive_id) for match in ledger.match().matches} == expected
