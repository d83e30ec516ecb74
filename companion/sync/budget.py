"""Attempt budgets for joining a table: PIN guesses are few, and nothing is held open for a stranger.

* :class:`Budget` — per source address, shared by everything one process serves (every table's sync port
  and the web UI's PIN form): at most ``per_address`` PIN attempts per ``window`` seconds (an attempt that
  succeeds is given back, so honest devices never run out), at most ``pending_per_address`` handshakes in
  progress from one address and ``pending_total`` in all, and ``returns_per_address`` returns of devices
  that proved the PIN before (their own budget: they never meet the wrong-PIN caps).
* :class:`TableCap` — per table: at most ``per_table`` wrong PINs per window for that table, whoever makes
  them and by whichever door (sync port or web form).

A success refunds only its own attempt: it never resets anyone else's budget. A handshake slot is held
by a ``with budget.slot(addr)`` block, so it is given back on every path out of it.
"""

from __future__ import annotations

import collections
import contextlib
import time
from collections.abc import Callable, Iterator


class TableCap:
    """Wrong PINs at one table, across every door to it."""

    def __init__(self, per_table: int, window: float, clock: Callable[[], float]) -> None:
        self.per_table = per_table
        self.window = window
        self._clock = clock
        self._failures: collections.deque[float] = collections.deque()

    def _trim(self) -> collections.deque[float]:
        edge = self._clock() - self.window
        while self._failures and self._failures[0] <= edge:
            self._failures.popleft()
        return self._failures

    def full(self) -> str:
        """Why no PIN may be tried at this table now, or ""."""
        if len(self._trim()) >= self.per_table:
            return "too many wrong PINs at this table lately; wait a minute"
        return ""

    def failed(self) -> None:
        self._failures.append(self._clock())
        self._trim()


class Budget:
    def __init__(
        self,
        per_address: int = 10,
        per_table: int = 60,
        window: float = 60.0,
        pending_per_address: int = 8,
        pending_total: int = 4096,
        returns_per_address: int = 60,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_address = per_address
        self.per_table = per_table  # the cap of each table's TableCap (see table())
        self.window = window
        self.pending_per_address = pending_per_address
        self.pending_total = pending_total
        self.returns_per_address = returns_per_address
        self._clock = clock
        self._attempts: dict[str, collections.deque[float]] = {}
        self._returns: dict[str, collections.deque[float]] = {}
        self._pending: collections.Counter[str] = collections.Counter()

    def table(self) -> TableCap:
        """A new table's wrong-PIN cap (one per table, whatever the doors to it)."""
        return TableCap(self.per_table, self.window, self._clock)

    def _trim(self, q: collections.deque[float]) -> collections.deque[float]:
        edge = self._clock() - self.window
        while q and q[0] <= edge:
            q.popleft()
        return q

    def _forget_old(self) -> None:
        for book in (self._attempts, self._returns):
            if len(book) > 4096:  # addresses whose attempts are all older than the window
                for a in [a for a, q in book.items() if not self._trim(q)]:
                    del book[a]

    # -- connections --------------------------------------------------------------------------------
    def admit(self, addr: str) -> str:
        """Whether a new connection from ``addr`` may start a handshake: "" when it may, else why not.
        Nothing is held: the slot is taken by :meth:`slot` when the handshake starts."""
        self._forget_old()
        if sum(self._pending.values()) >= self.pending_total:
            return "too many joins in progress; try again in a few seconds"
        if self._pending[addr] >= self.pending_per_address:
            return "too many joins in progress from this address"
        return ""

    @contextlib.contextmanager
    def slot(self, addr: str) -> Iterator[str]:
        """Hold one handshake slot for ``addr`` for the block; yields "" when held, else why not (then
        nothing is held). The slot is given back however the block ends."""
        why = self.admit(addr)
        if why:
            yield why
            return
        self._pending[addr] += 1
        try:
            yield ""
        finally:
            self._pending[addr] -= 1
            if self._pending[addr] <= 0:
                del self._pending[addr]

    def pending(self, addr: str | None = None) -> int:
        """Handshakes in progress (from ``addr``, or in all)."""
        return sum(self._pending.values()) if addr is None else self._pending.get(addr, 0)

    # -- PIN attempts -------------------------------------------------------------------------------
    def allowed(self, addr: str, cap: TableCap | None = None) -> str:
        """Why ``addr`` may not try a PIN now (at the table of ``cap``), or ""; charges nothing."""
        q = self._trim(self._attempts.get(addr, collections.deque()))
        if len(q) >= self.per_address:
            return f"too many PIN attempts from this address; wait {self.wait(addr):.0f} s"
        return cap.full() if cap is not None else ""

    def attempt(self, addr: str, cap: TableCap | None = None) -> str:
        """Charge one PIN attempt to ``addr``; "" when allowed, else why not (then nothing is charged)."""
        why = self.allowed(addr, cap)
        if why:
            return why
        self._attempts.setdefault(addr, collections.deque()).append(self._clock())
        return ""

    def succeeded(self, addr: str) -> None:
        q = self._attempts.get(addr)
        if q:
            q.pop()
        if q is not None and not q:
            del self._attempts[addr]

    def wait(self, addr: str) -> float:
        q = self._attempts.get(addr)
        return max(0.0, q[0] + self.window - self._clock()) if q else 0.0

    # -- devices coming back ------------------------------------------------------------------------
    def returning(self, addr: str) -> str:
        """Charge one return (a device proving its own key) to ``addr``: "" when allowed, else why not.
        Returns have their own budget: a stranger guessing PINs never keeps a joined device out."""
        q = self._trim(self._returns.setdefault(addr, collections.deque()))
        if len(q) >= self.returns_per_address:
            return "too many returns from this address; wait a minute"
        q.append(self._clock())
        return ""

    def __len__(self) -> int:  # addresses remembered: bounded by the attempts of one window
        return len(self._attempts)


__all__ = ["Budget", "TableCap"]
