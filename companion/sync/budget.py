"""Attempt budgets for joining a table: PIN guesses are few, and nothing is held open for a stranger.

* at most ``per_address`` PIN attempts per ``window`` seconds from one source address (an attempt that
  succeeds is given back, so honest devices never run out), and at most ``per_table`` failed attempts per
  window for the whole table, whoever makes them;
* at most ``pending_per_address`` handshakes in progress from one address and ``pending_total`` in all;
  a connection over those caps is refused at once, before its websocket upgrade.

A success refunds only its own attempt: it never resets anyone else's budget.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable


class Budget:
    def __init__(
        self,
        per_address: int = 10,
        per_table: int = 60,
        window: float = 60.0,
        pending_per_address: int = 8,
        pending_total: int = 4096,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_address = per_address
        self.per_table = per_table
        self.window = window
        self.pending_per_address = pending_per_address
        self.pending_total = pending_total
        self._clock = clock
        self._attempts: dict[str, collections.deque[float]] = {}
        self._failures: collections.deque[float] = collections.deque()
        self._pending: collections.Counter[str] = collections.Counter()

    def _trim(self, q: collections.deque[float]) -> collections.deque[float]:
        edge = self._clock() - self.window
        while q and q[0] <= edge:
            q.popleft()
        return q

    # -- connections --------------------------------------------------------------------------------
    def admit(self, addr: str) -> str:
        """Reserve a handshake slot for ``addr``; "" when admitted, else why not (then nothing is held)."""
        if len(self._attempts) > 4096:  # forget addresses whose attempts are all older than the window
            for a in [a for a, q in self._attempts.items() if not self._trim(q)]:
                del self._attempts[a]
        if sum(self._pending.values()) >= self.pending_total:
            return "too many joins in progress; try again in a few seconds"
        if self._pending[addr] >= self.pending_per_address:
            return "too many joins in progress from this address"
        if len(self._trim(self._attempts.get(addr, collections.deque()))) >= self.per_address:
            return f"too many PIN attempts from this address; wait {self.wait(addr):.0f} s"
        self._pending[addr] += 1
        return ""

    def done(self, addr: str) -> None:
        """The handshake of a connection admitted for ``addr`` ended (either way)."""
        if self._pending[addr] > 0:
            self._pending[addr] -= 1
        if self._pending[addr] <= 0:
            del self._pending[addr]

    # -- PIN attempts -------------------------------------------------------------------------------
    def attempt(self, addr: str) -> str:
        """Charge one PIN attempt to ``addr``; "" when allowed, else why not."""
        q = self._trim(self._attempts.setdefault(addr, collections.deque()))
        if len(q) >= self.per_address:
            return f"too many PIN attempts from this address; wait {self.wait(addr):.0f} s"
        if len(self._trim(self._failures)) >= self.per_table:
            return "too many wrong PINs at this table lately; wait a minute"
        q.append(self._clock())
        return ""

    def succeeded(self, addr: str) -> None:
        q = self._attempts.get(addr)
        if q:
            q.pop()
        if q is not None and not q:
            del self._attempts[addr]

    def failed(self, addr: str) -> None:
        self._failures.append(self._clock())
        self._trim(self._failures)

    def wait(self, addr: str) -> float:
        q = self._attempts.get(addr)
        return max(0.0, q[0] + self.window - self._clock()) if q else 0.0

    def __len__(self) -> int:  # addresses remembered: bounded by the attempts of one window
        return len(self._attempts)
