"""Which devices holding a seat are at the table right now, and which have been gone a while.

A seat belongs to its device (:mod:`.hosting`); a device is *here* while one of its screens is connected
and its browser is not away (a phone locked in a pocket, a dead battery, a page closed). One gone for
:data:`AWAY_AFTER_S` or more makes its seat *away*: every screen says so (``SeatInfo.away``), and a
province tablet or the host may play it meanwhile (:meth:`companion.sync.hosting.HostServer.free_away`).
After a host restart every holder counts as gone from the moment the host started.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Mapping

AWAY_AFTER_S = float(os.environ.get("TABLEKEEPER_AWAY_AFTER", "60"))


class Presence:
    def __init__(self, changed: Callable[[], None], away_after: float | None = None) -> None:
        self.away_after = AWAY_AFTER_S if away_after is None else float(away_after)
        self._changed = changed  # called when a seat may have turned away or come back
        self._gone: dict[str, float] = {}  # device id -> time.monotonic() it was last here
        self._timer: asyncio.TimerHandle | None = None

    def left(self, device: str, at: float | None = None) -> None:
        """``device`` has no screen here any more (from ``at``, by default now)."""
        if device not in self._gone:
            self._gone[device] = time.monotonic() if at is None else at

    def back(self, device: str) -> bool:
        """``device`` is here again; True when it had been gone."""
        return self._gone.pop(device, None) is not None

    def gone_for(self, device: str) -> float | None:
        """How long ``device`` has been gone (s), None while it is here."""
        since = self._gone.get(device)
        return None if since is None else max(0.0, time.monotonic() - since)

    def away(self, owners: Mapping[str, str]) -> dict[str, float]:
        """seat → how long its holder has been gone, for the seats whose holder has been gone long enough."""
        out = {}
        for seat, device in owners.items():
            gone = self.gone_for(device)
            if gone is not None and gone >= self.away_after:
                out[seat] = gone
        return out

    def arm(self, owners: Mapping[str, str]) -> None:
        """Call back when the next holder gone crosses the line (one timer, on the running loop)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        now = time.monotonic()
        due = [
            self._gone[d] + self.away_after - now
            for d in set(owners.values())
            if d in self._gone and now - self._gone[d] < self.away_after
        ]
        if not due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timer = loop.call_later(max(0.0, min(due)) + 0.05, self._fire)

    def _fire(self) -> None:
        self._timer = None
        self._changed()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


__all__ = ["AWAY_AFTER_S", "Presence"]
