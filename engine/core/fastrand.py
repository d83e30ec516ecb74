"""A compiled Fisher-Yates that draws exactly as ``random.Random.shuffle`` does (mypyc builds it: ``python -m
engine.native build``; pure Python otherwise).

``random.Random.shuffle`` is Python code: for each place ``i`` from the last down to 1 it draws
``j = _randbelow(i + 1)``, by rejection on ``getrandbits(k)`` with ``k = (i + 1).bit_length()``. This is the
same loop, compiled, over the same generator: the same seed gives the same order. :class:`~.rng.SeededRng`
checks that once at import against the running Python's own shuffle, and uses this only if they agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def shuffle_bits(getrandbits: Callable[[int], int], items: list[Any]) -> None:
    """Shuffle ``items`` in place, each swap index drawn by rejection on ``getrandbits``."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        items[i], items[r] = items[r], items[i]
