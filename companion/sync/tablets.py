"""Which devices may act as the table's shared tablet, and the devices asking the host to.

Anyone who proved the PIN may open the ``table`` seat and see what is public. Acting as the table — its undo
of anyone's action, its moves for a player — needs the host's approval of that device: the first time a
tablet tries, its request is listed on the host's screen (:meth:`Tablets.watch`) until the host allows or
refuses it; the host's own screens need none. What the host allowed is kept with the device in the save file
(:mod:`.hosting` writes it).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable

import msgspec

from companion.session import Rejected

log = logging.getLogger("tablekeeper.sync")

MAX_REQUESTS = 32  # devices waiting for the host's answer (the oldest ask is dropped first)


class TabletRequest(msgspec.Struct, frozen=True):
    """A device that asked to act as the table's shared tablet, waiting for the host's answer."""

    device: str
    name: str  # what the device said it is ("Tablette Gallia"), for the host's screen; may be ""
    since: float  # time.monotonic() of its last ask


class Tablets:
    def __init__(self) -> None:
        self._allowed: set[str] = set()
        self.requests: dict[str, TabletRequest] = {}
        self._watchers: list[Callable[[], None]] = []  # told when requests or seat holders change

    def load(self, allowed: set[str]) -> None:
        """The devices allowed (from the save file); requests are forgotten."""
        self._allowed = set(allowed)
        self.requests.clear()
        self.changed()

    def allowed(self, device: str) -> bool:
        return device in self._allowed

    def allow(self, device: str, allowed: bool = True) -> None:
        if allowed:
            self._allowed.add(device)
        else:
            self._allowed.discard(device)
        self.requests.pop(device, None)
        self.changed()

    def refuse(self, device: str) -> None:
        if self.requests.pop(device, None) is not None:
            self.changed()

    def ask(self, device: str, name: str) -> Rejected:
        """``device`` acted as the table without the host's approval: its request is listed for the host,
        and the refusal it is told is returned."""
        if device not in self.requests and len(self.requests) >= MAX_REQUESTS:
            oldest = min(self.requests.values(), key=lambda r: r.since)
            del self.requests[oldest.device]
        self.requests[device] = TabletRequest(device, name[:40], time.monotonic())
        self.changed()
        return Rejected(
            "tablet-approval",
            "this tablet is not allowed to act for the table yet: the host must allow it on its screen",
        )

    def watch(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn`` whenever requests or seat holders change; returns the function that stops it."""
        self._watchers.append(fn)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self._watchers.remove(fn)

        return stop

    def changed(self) -> None:
        for fn in list(self._watchers):
            try:
                fn()
            except Exception:
                log.exception("a host screen's watcher failed")

    def stop(self) -> None:
        self._watchers.clear()


__all__ = ["TabletRequest", "Tablets"]
