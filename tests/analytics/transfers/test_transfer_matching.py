"""Hand-worked transfer matches: each expected confidence is worked out in its comment."""

from datetime import timedelta, timezone
from decimal import Decimal

import pytest

from analytics.transfers import LINKED_BY_HAND, Leg, Match, Unmatched, match_transfers, plausible_fee
from tests.analytics.transfers.legs import NOON, receive, send

NO_RECEIVE = "no receive of BTC into another account from 10 min before to 24 h after the send"
NO_SEND = "no send of BTC from another account from 24 h before to 10 min after the receive"


def test_exact_quantity_within_minutes_is_certain() -> None:
    result = match_transfers([send("s1", "kraken", "1.2")], [receive("r1", "ledger", "1.2", minutes=5)])

    assert result.matches == (
        Match("s1", "r1", "BTC", Decimal(0), Decimal("1.00"), "same quantity, received 5 min after the send"),
    )
    assert result.unmatched_sends == result.unmatched_receives == ()


def test_fee_deducted_on_the_way() -> None:
    # allowance max(0.001, 1 % of 0.5) = 0.005; fee share 0.0005 / 0.005 = 0.1 → 0.3 × 0.1 = 0.03;
    # 20 min past the prompt 10 → 0.5 × 20/1440 = 0.00694; 1 − 0.03694 = 0.963 → 0.96
    result = match_transfers([send("s1", "kraken", "0.5")], [receive("r1", "ledger", "0.4995", minutes=30)])

    (match,) = result.matches
    assert match.fee == Decimal("0.0005")
    assert match.confidence == Decimal("0.96")
    assert match.reason == "0.0005 BTC less (network fee), received 30 min after the send"


def test_receive_stamped_before_the_send_within_the_clock_skew() -> None:
    result = match_transfers([send("s1", "kraken", "1")], [receive("r1", "ledger", "1", minutes=-10)])

    (match,) = result.matches
    assert match.confidence == Decimal("1.00")
    assert match.reason == "same quantity, received 10 min before the send (clock skew)"


def test_receive_earlier_than_the_clock_skew_is_not_a_transfer() -> None:
    result = match_transfers([send("s1", "kraken", "1")], [receive("r1", "ledger", "1", minutes=-10.5)])

    assert result.matches == ()
    assert result.unmatched_sends == (Unmatched("s1", NO_RECEIVE),)
    assert result.unmatched_receives == (Unmatched("r1", NO_SEND),)


def test_receive_at_the_end_of_the_window_matches_at_half_confidence() -> None:
    # 1430 min past the prompt: 0.5 × 1430/1440 = 0.4965; 1 − 0.4965 = 0.5035 → 0.50
    result = match_transfers([send("s1", "kraken", "1")], [receive("r1", "ledger", "1", minutes=24 * 60)])

    (match,) = result.matches
    assert match.confidence == Decimal("0.50")
    assert match.reason == "same quantity, received 24 h after the send"


def test_receive_beyond_the_window_is_not_a_transfer() -> None:
    result = match_transfers([send("s1", "kraken", "1")], [receive("r1", "ledger", "1", minutes=24 * 60 + 1)])

    assert result.matches == ()
    assert result.unmatched_sends == (Unmatched("s1", NO_RECEIVE),)
    assert result.unmatched_receives == (Unmatched("r1", NO_SEND),)


def test_a_wider_window_reaches_further() -> None:
    legs = [send("s1", "kraken", "1")], [receive("r1", "ledger", "1", minutes=36 * 60)]

    assert match_transfers(*legs).matches == ()
    (match,) = match_transfers(*legs, window=timedelta(hours=48)).matches
    # 0.5 × (2160 − 10)/2880 = 0.3733; 1 − 0.3733 = 0.6267 → 0.63
    assert match.confidence == Decimal("0.63")
    assert match.reason == "same quantity, received 36 h after the send"


def test_different_assets_do_not_match() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1")], [receive("r1", "ledger", "1", minutes=5, asset="ETH")]
    )

    assert result.matches == ()
    assert result.unmatched_sends == (Unmatched("s1", NO_RECEIVE),)
    assert result.unmatched_receives == (
        Unmatched("r1", "no send of ETH from another account from 24 h before to 10 min after the receive"),
    )


def test_a_send_and_receive_in_the_same_account_are_not_a_transfer() -> None:
    result = match_transfers([send("s1", "kraken", "1")], [receive("r1", "kraken", "1", minutes=5)])

    assert result.matches == ()
    assert result.unmatched_sends == (Unmatched("s1", NO_RECEIVE),)
    assert result.unmatched_receives == (Unmatched("r1", NO_SEND),)


def test_of_two_receives_the_closer_in_time_wins() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1")],
        [receive("r-late", "trezor", "1", minutes=180), receive("r-near", "ledger", "1", minutes=20)],
    )

    assert [(match.send_id, match.receive_id) for match in result.matches] == [("s1", "r-near")]
    assert result.unmatched_receives == (
        Unmatched("r-late", "every send that fits was matched to another receive that fits it better"),
    )


def test_of_two_receives_at_the_same_time_the_one_with_the_smaller_fee_wins() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1")],
        [receive("r-short", "ledger", "0.999", minutes=20), receive("r-whole", "trezor", "1", minutes=20)],
    )

    assert [(match.send_id, match.receive_id) for match in result.matches] == [("s1", "r-whole")]


def test_of_two_sends_the_closer_in_time_wins() -> None:
    result = match_transfers(
        [send("s-early", "kraken", "1", minutes=-300), send("s-late", "coinbase", "1", minutes=-15)],
        [receive("r1", "ledger", "1")],
    )

    assert [(match.send_id, match.receive_id) for match in result.matches] == [("s-late", "r1")]
    assert result.unmatched_sends == (
        Unmatched("s-early", "every receive that fits was matched to another send that fits it better"),
    )


def test_exact_tie_goes_to_the_smaller_ids() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1")],
        [receive("r2", "ledger", "1", minutes=5), receive("r1", "trezor", "1", minutes=5)],
    )

    assert [(match.send_id, match.receive_id) for match in result.matches] == [("s1", "r1")]


def test_a_pair_unlinked_by_hand_is_never_matched() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1")], [receive("r1", "ledger", "1", minutes=5)], forbidden=[("s1", "r1")]
    )

    assert result.matches == ()
    assert result.unmatched_sends == (
        Unmatched("s1", "every receive that fits was unlinked from it by hand"),
    )
    assert result.unmatched_receives == (
        Unmatched("r1", "every send that fits was unlinked from it by hand"),
    )


def test_unlinking_by_hand_leaves_the_next_best_receive() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1")],
        [receive("r1", "ledger", "1", minutes=5), receive("r2", "trezor", "1", minutes=60)],
        forbidden={("s1", "r1")},
    )

    assert [(match.send_id, match.receive_id) for match in result.matches] == [("s1", "r2")]
    assert result.unmatched_receives == (
        Unmatched("r1", "every send that fits was unlinked from it by hand"),
    )


def test_a_pair_linked_by_hand_is_kept_even_outside_the_rules() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1")],
        [receive("r1", "ledger", "0.9", minutes=3 * 24 * 60), receive("r2", "trezor", "1", minutes=5)],
        already_linked=[("s1", "r1")],
    )

    assert result.matches == (Match("s1", "r1", "BTC", Decimal("0.1"), Decimal("1.00"), LINKED_BY_HAND),)
    assert result.unmatched_receives == (Unmatched("r2", NO_SEND),)


def test_a_shortfall_beyond_a_plausible_fee_is_left_for_review() -> None:
    result = match_transfers(
        [send("s1", "kraken", "1", asset="ETH")], [receive("r1", "ledger", "0.98", minutes=5, asset="ETH")]
    )

    assert result.matches == ()
    assert result.unmatched_sends == (
        Unmatched(
            "s1",
            "receives of ETH into other accounts within 24 h, but none of 0.99 to 1: "
            "the difference is more than a plausible network fee (0.01 ETH)",
        ),
    )
    assert result.unmatched_receives == (
        Unmatched(
            "r1",
            "sends of ETH from other accounts within 24 h, "
            "but none of 0.98 or at most a plausible network fee more",
        ),
    )


def test_receiving_more_than_was_sent_is_not_a_transfer() -> None:
    result = match_transfers([send("s1", "kraken", "1")], [receive("r1", "ledger", "1.0001", minutes=5)])

    assert result.matches == ()
    assert [item.transaction_id for item in result.unmatched_sends] == ["s1"]


def test_a_stablecoin_may_lose_a_few_units() -> None:
    # allowance max(5, 1 % of 100) = 5; fee share 3/5 → 0.3 × 0.6 = 0.18 → 0.82
    result = match_transfers(
        [send("s1", "kraken", "100", asset="USDC")], [receive("r1", "ledger", "97", minutes=2, asset="USDC")]
    )

    (match,) = result.matches
    assert (match.fee, match.confidence) == (Decimal(3), Decimal("0.82"))


def test_an_unlisted_asset_may_lose_one_percent() -> None:
    sends = [send("s1", "kraken", "100", asset="FOO"), send("s2", "kraken", "100", minutes=60, asset="FOO")]
    receives = [
        receive("r1", "ledger", "99", minutes=2, asset="FOO"),
        receive("r2", "ledger", "98.9", minutes=62, asset="FOO"),
    ]

    result = match_transfers(sends, receives)

    # fee share 1/1 → 0.30 off
    assert [(match.send_id, match.receive_id, match.confidence) for match in result.matches] == [
        ("s1", "r1", Decimal("0.70"))
    ]
    assert [item.transaction_id for item in result.unmatched_receives] == ["r2"]


def test_results_come_in_time_order() -> None:
    sends = [
        send("s-b", "kraken", "2", minutes=120),
        send("s-a", "kraken", "1"),
        send("s-c", "kraken", "3", minutes=60),
    ]
    receives = [receive("r-b", "ledger", "2", minutes=121), receive("r-a", "ledger", "1", minutes=1)]

    result = match_transfers(sends, receives)

    assert [match.send_id for match in result.matches] == ["s-a", "s-b"]
    assert [item.transaction_id for item in result.unmatched_sends] == ["s-c"]


def test_plausible_fees() -> None:
    assert plausible_fee("BTC", Decimal("0.05")) == Decimal("0.001")
    assert plausible_fee("BTC", Decimal("3")) == Decimal("0.03")
    assert plausible_fee("eth", Decimal("0.2")) == Decimal("0.01")
    assert plausible_fee("USDT", Decimal("250")) == Decimal("5")
    assert plausible_fee("FOO", Decimal("40")) == Decimal("0.4")


PAIR = ([send("s1", "a", "1")], [receive("r1", "b", "1")])


@pytest.mark.parametrize(
    ("sends", "receives", "linked", "forbidden", "message"),
    [
        ([send("s1", "a", "1")], [send("s2", "b", "1")], [], [], "s2 is OUT, given among IN legs"),
        ([send("s1", "a", "1")], [receive("s1", "b", "1")], [], [], "s1 is given twice"),
        (*PAIR, [("r1", "s1")], [], "r1 is not among the sends"),
        (*PAIR, [("s1", "r9")], [], "r9 is not among the receives"),
        (
            [send("s1", "a", "1")],
            [receive("r1", "b", "1"), receive("r2", "c", "1")],
            [("s1", "r1"), ("s1", "r2")],
            [],
            "already linked to another",
        ),
        (*PAIR, [("s1", "r1")], [("s1", "r1")], "both linked and unlinked"),
        (
            [send("s1", "a", "1")],
            [receive("r1", "b", "1", asset="ETH")],
            [("s1", "r1")],
            [],
            "a single asset",
        ),
    ],
)
def test_contradictory_input_is_refused(
    sends: list[Leg],
    receives: list[Leg],
    linked: list[tuple[str, str]],
    forbidden: list[tuple[str, str]],
    message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        match_transfers(sends, receives, already_linked=linked, forbidden=forbidden)


def test_window_must_be_positive() -> None:
    with pytest.raises(ValueError, match="window must be positive"):
        match_transfers([], [], window=timedelta(0))


def test_legs_must_be_utc_and_positive() -> None:
    with pytest.raises(ValueError, match="UTC"):
        Leg("s1", "a", "BTC", NOON.replace(tzinfo=None), Decimal(1), "OUT")
    with pytest.raises(ValueError, match="UTC"):
        Leg("s1", "a", "BTC", NOON.replace(tzinfo=timezone(timedelta(hours=2))), Decimal(1), "OUT")
    with pytest.raises(ValueError, match="positive"):
        Leg("s1", "a", "BTC", NOON, Decimal(0), "OUT")
