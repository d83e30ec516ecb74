"""The hosting device's own screens: a :class:`LocalSession` is a seat's window onto the table with no network
between (the desktop window, or a browser page of the web UI served by the hosting process)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from companion.session import Rejected, Snapshot

from .devices import HOST_DEVICE, Host, LocalDevice

log = logging.getLogger("tablekeeper.sync")


class LocalSession:
    """The hosting device's own screen: a :class:`companion.session.Session` with no network between.

    ``device`` is the device id of the screen (a browser page's, or :data:`HOST_DEVICE`): its actions are
    recorded under it, and a table tablet's rights are checked against it."""

    def __init__(self, server: Host, seat: str, device: str = HOST_DEVICE) -> None:
        assert server.table is not None
        self._server = server
        self.seat = seat
        self._callbacks: list[Callable[[Snapshot], None]] = []
        self._lost_callbacks: list[Callable[[Rejected], None]] = []
        self.device = LocalDevice(self, seat, server.table.seq, device)
        self._snapshot: Snapshot | None = server.snapshot(seat)
        self._closed = False
        self._lost_reason: Rejected | None = None

    @property
    def snapshot(self) -> Snapshot | None:
        return self._snapshot

    def on_change(self, callback: Callable[[Snapshot], None]) -> None:
        self._callbacks.append(callback)

    def refresh(self) -> None:
        """The table changed: the seat's new snapshot, to every callback."""
        if self._closed:
            return
        snap = self._server.snapshot(self.seat)
        self.device.sent_seq = snap.seq
        self._snapshot = snap
        for cb in list(self._callbacks):
            try:
                cb(snap)
            except Exception:
                log.exception("on_change callback failed")

    async def send(self, intent: dict[str, Any]) -> None:
        self._check()
        await self._server.call(lambda: self._server.act(self.seat, intent, device=self.device.device))

    async def undo(self) -> None:
        self._check()
        await self._server.call(lambda: self._server.undo(self.seat, device=self.device.device))

    async def release(self) -> None:
        """Give this seat up: another device may open it."""
        self._check()
        await self._server.call(lambda: self._server.release(self.seat, self.device.device))
        await self.close()

    def on_lost(self, callback: Callable[[Rejected], None]) -> None:
        """Called when the seat is handed over to another device (this screen may no longer act)."""
        self._lost_callbacks.append(callback)

    def lost(self, why: Rejected) -> None:
        """The seat was handed over to another device: this screen may no longer act."""
        self._lost_reason = why
        self._closed = True
        for cb in list(self._lost_callbacks):
            try:
                cb(why)
            except Exception:
                log.exception("on_lost callback failed")

    @property
    def is_lost(self) -> bool:
        return self._lost_reason is not None

    async def free_away(self, seat: str) -> None:
        """Free ``seat``, whose device has been gone a while, so that this screen (a province tablet, the
        host's) can play it meanwhile; its device takes it again when it comes back."""
        self._check()
        await self._server.call(lambda: self._server.free_away(seat))

    async def here(self, present: bool) -> None:
        """This screen's browser went away, or came back (the host tells who is at the table)."""
        if not self._closed:
            await self._server.call(lambda: self._server.set_here(self.device, present))

    async def close(self) -> None:
        self._closed = True
        self._server.detach(self.device)

    def _check(self) -> None:
        if self._lost_reason is not None:
            raise self._lost_reason
        if self._closed:
            raise Rejected("closed", "this session is closed")
        if self._server.table is None or self._server.store is None:
            raise Rejected("closed", "the host has stopped")


__all__ = ["HOST_DEVICE", "LocalSession"]
