"""The compact set of natural-key prefixes answers as a Python set would, across its growth."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ingest.files.seen import SeenNumbers


@given(st.lists(st.one_of(st.integers(0, 2**64 - 1), st.sampled_from([0, 1, 2**64 - 1, 2**16, 2**17]))))
def test_it_answers_as_a_set(numbers: list[int]) -> None:
    seen, expected = SeenNumbers(), set[int]()
    for number in numbers:
        assert (number in seen) == (number in expected)
        assert seen.add(number) == (number not in expected)
        expected.add(number)
        assert number in seen


def test_it_keeps_every_number_through_growth_and_colliding_slots() -> None:
    rng = random.Random(5)
    # A thousand numbers share their low 16 bits, so they probe past each other in the first table.
    numbers = [rng.getrandbits(64) for _ in range(200_000)] + [
        rng.getrandbits(48) << 16 | 7 for _ in range(1000)
    ]
    seen = SeenNumbers()
    assert all(seen.add(number) for number in numbers)
    assert not any(seen.add(number) for number in numbers)
    assert all(number in seen for number in numbers)
    assert not any(rng.getrandbits(48) << 16 | 9 in seen for _ in range(1000))
