"""Injected randomness: seeded for tests and simulations, OS entropy for play."""

from __future__ import annotations

import random
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

from .fastrand import shuffle_bits

T = TypeVar("T")


class Rng(Protocol):
    """The only source of chance the engine uses."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        ...

    def token_hex(self, nbytes: int) -> str:
        """Salt for shuffle commitments."""
        ...


class SeededRng:
    """Deterministic: the same seed gives the same game. For tests, simulations and benchmarks."""

    def __init__(self, seed: int | str = 0) -> None:
        self._r = random.Random(seed)
        # randrange(n) is _randbelow(n) behind argument checks: the same draws, called directly
        # (randrange itself should a future Python rename it)
        self._below = getattr(self._r, "_randbelow", self._r.randrange)

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        return self._below(n)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """The same Fisher-Yates (the same draws, in the same order) as :func:`shuffle_in_place`: that of
        ``random.Random.shuffle``, compiled (:mod:`.fastrand`) when it draws exactly as this Python's does."""
        if _SAME_AS_RANDOM and type(items) is list:
            shuffle_bits(self._r.getrandbits, items)
        else:
            self._r.shuffle(items)

    def token_hex(self, nbytes: int) -> str:
        return self._r.randbytes(nbytes).hex()


def _same_as_random() -> bool:
    """Does :func:`.fastrand.shuffle_bits` give the orders of this Python's ``random.Random.shuffle``?"""
    for seed in range(8):
        a, b = list(range(seed * 13 + 2)), list(range(seed * 13 + 2))
        random.Random(seed).shuffle(a)
        shuffle_bits(random.Random(seed).getrandbits, b)
        if a != b:
            return False
    return True


_SAME_AS_RANDOM = _same_as_random()


class OsRng:
    """OS entropy: what a real table plays with."""

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        return secrets.randbelow(n)

    def token_hex(self, nbytes: int) -> str:
        return secrets.token_hex(nbytes)


def shuffled(rng: Rng, items: Sequence[T]) -> list[T]:
    """A new list with the items in a uniformly random order (Fisher-Yates on `rng`)."""
    out = list(items)
    shuffle_in_place(rng, out)
    return out


def shuffle_in_place(rng: Rng, items: MutableSequence[T]) -> None:
    """Fisher-Yates on ``rng``: from the last place down, swap with a place drawn below it."""
    fast = getattr(rng, "shuffle", None)
    if fast is not None:
        fast(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: Rng, items: Sequence[T]) -> T:
    if not items:
        raise ValueError("choice from an empty sequence")
    return items[rng.randbelow(len(items))]


def roll(rng: Rng, sides: int = 6, count: int = 1) -> tuple[int, ...]:
    """`count` dice of `sides` faces each."""
    return tuple(rng.randbelow(sides) + 1 for _ in range(count))
