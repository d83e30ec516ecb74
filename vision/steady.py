"""A steadiness filter over a stream of reads, so that a hand passing by triggers nothing.

A code is reported *appeared* once it is seen in at least ``k`` of the last ``n`` frames, and *gone* once
it is seen in at most ``gone_at`` of the last ``n`` frames (default ``max(0, k - 2)``: with 3 of 5, seen in
at most one of the last five). The gap between the two thresholds is the hysteresis: the count of
sightings moves by at most one per frame, so a code seen in about ``k`` of ``n`` frames (a flickering
read) can no longer flip "appeared" / "gone" on consecutive frames. A token that a hand covers for
fewer than ``n - gone_at`` frames stays put, and a token carried across the view in fewer than ``k``
frames is never reported. Codes are told apart by component id; a foreign code by its raw text.

Frames are numbered from 1, as in ``tablekeeper scan``: the first frame given to :meth:`Steady.update` is
frame 1, and each :class:`Change` carries the number of the frame that caused it (``Steady.frames``
counts the frames fed so far).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .reader import Read


@dataclass(frozen=True)
class Change:
    kind: Literal["appeared", "gone"]
    component_id: str | None  # None for a foreign code
    raw: str
    read: Read  # the latest read of that code (for "gone": the last one seen)
    frame: int = 0  # the frame (numbered from 1) whose update reported it; flush: the last frame fed

    @property
    def foreign(self) -> bool:
        return self.component_id is None

    def to_json(self) -> dict[str, object]:
        return {"change": self.kind, "id": self.component_id, "raw": self.raw, "frame": self.frame}


def _key(r: Read) -> str:
    return r.component_id if r.component_id is not None else "\0" + r.raw


class Steady:
    def __init__(self, k: int = 3, n: int = 5, *, foreign: bool = True, gone_at: int | None = None) -> None:
        if not isinstance(k, int) or not isinstance(n, int) or isinstance(k, bool) or isinstance(n, bool):
            raise TypeError("k and n must be integers")
        if n < 1 or not 1 <= k <= n:
            raise ValueError(f"need 1 <= k <= n, got k={k}, n={n}")
        gone_at = max(0, k - 2) if gone_at is None else gone_at
        if not isinstance(gone_at, int) or isinstance(gone_at, bool) or not 0 <= gone_at < k:
            raise ValueError(f"need 0 <= gone_at < k, got gone_at={gone_at!r}, k={k}")
        self.k, self.n, self.foreign, self.gone_at = k, n, foreign, gone_at
        self.frames = 0  # frames fed so far; the first one is frame 1
        self._window: deque[frozenset[str]] = deque(maxlen=n)
        self._last: dict[str, Read] = {}
        self._present: set[str] = set()

    @property
    def present(self) -> dict[str, Read]:
        """The codes currently reported present, by component id (foreign ones by ``"\\0" + raw``)."""
        return {key: self._last[key] for key in sorted(self._present)}

    def update(self, reads: Iterable[Read]) -> list[Change]:
        """Feed one frame's reads; returns what appeared and what went, in a stable order."""
        seen: dict[str, Read] = {}
        for r in reads:
            if r.foreign and not self.foreign:
                continue
            key = _key(r)
            if key not in seen or r.confidence > seen[key].confidence:
                seen[key] = r
        self.frames += 1
        self._window.append(frozenset(seen))
        self._last.update(seen)
        changes: list[Change] = []
        for key in sorted(set(self._last)):
            hits = sum(1 for frame in self._window if key in frame)
            r = self._last[key]
            if key not in self._present and hits >= self.k:
                self._present.add(key)
                changes.append(Change("appeared", r.component_id, r.raw, r, self.frames))
            elif key in self._present and hits <= self.gone_at:
                self._present.discard(key)
                changes.append(Change("gone", r.component_id, r.raw, r, self.frames))
            elif key not in self._present and hits == 0:
                del self._last[key]  # forget codes glimpsed once and long gone
        return changes

    def flush(self) -> list[Change]:
        """End of stream: everything still present is reported gone."""
        out = [
            Change("gone", self._last[key].component_id, self._last[key].raw, self._last[key], self.frames)
            for key in sorted(self._present)
        ]
        self._present.clear()
        self._window.clear()
        self._last.clear()
        return out
