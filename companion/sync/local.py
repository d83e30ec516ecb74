"""The hosting device's own screens: a :class:`LocalSession` is a seat's window onto the table with no network
between (the desktop window, or a browser page of the web UI served by the hosting process)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.session import Rejected, Snapshot

if TYPE_CHECKING:
    from .hosting import HostServer

log = logging.getLogger("tablekeeper.sync")

HOST_DEVICE = "host"  # the device id of the hosting device's own screens


class _Device:
    """One connected screen: a remote websocket or the host's own local session."""

    def __init__(self, seat: str, sent_seq: int, device: str) -> None:
        self.seat = seat
        self.sent_seq = sent_seq
        self.device = device  # device id (hash of its token), or HOST_DEVICE

    def notify(self) -> None:
        raise NotImplementedError


class _LocalDevice(_Device):
    def __init__(self, session: LocalSession, seat: str, seq: int, device: str) -> None:
        super().__init__(seat, seq, device)
        self.session = session

    def notify(self) -> None:
        self.session._refresh()


class LocalSession:
    """The hosting device's own screen: a :class:`companion.session.Session` with no network between."""

    def __init__(self, server: HostServer, seat: str, device: str = HOST_DEVICE) -> None:
        assert server.table is not None
        self._server = server
        self.seat = seat
        self._callbacks: list[Callable[[Snapshot], None]] = []
        self._device = _LocalDevice(self, seat, server.table.seq, device)
        self._snapshot: Snapshot | None = server.snapshot(seat)
        self._closed = False
        self._lost_reason: Rejected | None = None

    @property
    def snapshot(self) -> Snapshot | None:
        return self._snapshot

    def on_change(self, callback: Callable[[Snapshot], None]) -> None:
        self._callbacks.append(callback)

    def _refresh(self) -> None:
        if self._closed:
            return
        snap = self._server.snapshot(self.seat)
        self._device.sent_seq = snap.seq
        self._snapshot = snap
        for cb in list(self._callbacks):
            try:
                cb(snap)
            except Exception:
                log.exception("on_change callback failed")

    async def send(self, intent: dict[str, Any]) -> None:
        self._check()
        await self._server.call(lambda: self._server.act(self.seat, intent))

    async def undo(self) -> None:
        self._check()
        await self._server.call(lambda: self._server.undo(self.seat))

    async def release(self) -> None:
        """Give this seat up: another device may open it."""
        self._check()
        await self._server.call(lambda: self._server.release(self.seat, self._device.device))
        await self.close()

    def _lost(self, why: Rejected) -> None:
        """The seat was handed over to another device: this screen may no longer act."""
        self._lost_reason = why
        self._closed = True

    async def close(self) -> None:
        self._closed = True
        if self._device in self._server._devices:
            self._server._devices.remove(self._device)

    def _check(self) -> None:
        if self._lost_reason is not None:
            raise self._lost_reason
        if self._closed:
            raise Rejected("closed", "this session is closed")
        if self._server.table is None or self._server.store is None:
            raise Rejected("closed", "the host has stopped")
