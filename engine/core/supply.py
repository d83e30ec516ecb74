"""Counted pieces: a supply that can run out, and a track with a marker."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec


class Exhausted(Exception):
    """Taking more pieces than a supply holds."""

    def __init__(self, name: str, wanted: int, left: int) -> None:
        super().__init__(f"supply {name!r} exhausted: wanted {wanted}, {left} left")
        self.name, self.wanted, self.left = name, wanted, left


class Supply(msgspec.Struct, frozen=True):
    """``left`` pieces of one kind out of ``total``."""

    name: str
    total: int
    left: int

    @classmethod
    def full(cls, name: str, total: int) -> Supply:
        return cls(name, total, total)

    @property
    def exhausted(self) -> bool:
        return self.left == 0

    @property
    def out(self) -> int:
        return self.total - self.left

    def take(self, n: int = 1) -> Supply:
        if n < 0:
            raise ValueError("take a positive number")
        if n > self.left:
            raise Exhausted(self.name, n, self.left)
        return Supply(self.name, self.total, self.left - n)

    def put_back(self, n: int = 1) -> Supply:
        if n < 0 or self.left + n > self.total:
            raise ValueError(f"supply {self.name!r}: cannot put back {n} (would exceed {self.total})")
        return Supply(self.name, self.total, self.left + n)


class Track(msgspec.Struct, frozen=True):
    """A marker on a track of values; ``position`` indexes ``values``. The last space is the end."""

    name: str
    values: tuple[int, ...]
    position: int = 0

    @classmethod
    def of(cls, name: str, values: Sequence[int], position: int = 0) -> Track:
        if not values:
            raise ValueError("a track needs at least one space")
        return cls(name, tuple(values), position)

    @property
    def value(self) -> int:
        return self.values[min(self.position, len(self.values) - 1)]

    @property
    def at_end(self) -> bool:
        return self.position >= len(self.values) - 1

    @property
    def past_end(self) -> bool:
        return self.position >= len(self.values)

    def advance(self, steps: int = 1) -> Track:
        """Move the marker; it may go one space past the end (a loss condition on some tracks)."""
        return Track(self.name, self.values, min(self.position + steps, len(self.values)))
