"""A set of 64-bit numbers (digest prefixes) in one array of machine words: 11 to 21 bytes a number,
where a Python set of ints takes about 75, so a file's natural keys stay small at millions of rows."""

from __future__ import annotations

from array import array

_FIRST_SLOTS = 1 << 16


class SeenNumbers:
    """Open addressing with linear probing over an array of unsigned 64-bit words, slotted by their low
    bits, which must be evenly spread (as a digest's are); 0 marks a free slot (the number 0 is kept
    apart). The table doubles when three quarters full."""

    def __init__(self) -> None:
        self._table = array("Q", bytes(8 * _FIRST_SLOTS))
        self._count = 0
        self._zero = False

    def add(self, number: int) -> bool:
        """Add `number` (0 ≤ number < 2**64); True when it was not there yet."""
        if not number:
            new, self._zero = not self._zero, True
            return new
        table = self._table
        mask = len(table) - 1
        slot = number & mask
        held = table[slot]
        while held:
            if held == number:
                return False
            slot = (slot + 1) & mask
            held = table[slot]
        table[slot] = number
        self._count += 1
        if self._count * 4 > len(table) * 3:
            self._grow()
        return True

    def __contains__(self, number: object) -> bool:
        if not isinstance(number, int):
            return False
        if not number:
            return self._zero
        table = self._table
        mask = len(table) - 1
        slot = number & mask
        while held := table[slot]:
            if held == number:
                return True
            slot = (slot + 1) & mask
        return False

    def _grow(self) -> None:
        old = self._table
        table = self._table = array("Q", bytes(16 * len(old)))
        mask = len(table) - 1
        for number in old:
            if number:
                slot = number & mask
                while table[slot]:
                    slot = (slot + 1) & mask
                table[slot] = number
