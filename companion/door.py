"""The web port's listening socket: held connections never starve honest browsers nor exhaust memory.

Every TLS connection costs the app ~300 KB from the moment it is accepted (asyncio's buffers), whether it
ever says a word or not. :class:`Door` accepts at most :attr:`Door.per_address` connections from one
address and :attr:`Door.total` in all. A connection is *vouched for* once a whole request came through it
(:meth:`Door.vouch`, called by the web gate); when a new connection would go over a cap, the oldest
connection not vouched for is cut to make room, so a stranger's silent or half-open sockets give way to a
browser that speaks. Memory of connections gone is handed back to the system (:meth:`Door.trim`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import socket
import time
from typing import Any

log = logging.getLogger("tablekeeper.web")


class Door(socket.socket):
    def __init__(self, family: int, per_address: int = 32, total: int = 512) -> None:
        super().__init__(family, socket.SOCK_STREAM)
        self.per_address = per_address
        self.total = total
        self.open: collections.Counter[str] = collections.Counter()  # counted connections by address
        self.conns: collections.OrderedDict[tuple[str, int], _Counted] = collections.OrderedDict()
        self.refused = 0  # new connections closed at once (over a cap, nothing to make room with)
        self.cut = 0  # connections not vouched for, cut to make room
        self.closed = 0  # connections gone since their memory was last handed back (trim())

    @classmethod
    def listen_on(cls, host: str, port: int, **caps: int) -> Door:
        """A listening door on ``host:port`` (IPv6 when ``host`` is an IPv6 address)."""
        d = cls(socket.AF_INET6 if ":" in host else socket.AF_INET, **caps)
        d.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        d.bind((host, port))
        d.listen(2048)
        d.setblocking(False)
        return d

    # -- accepting ----------------------------------------------------------------------------------
    def accept(self) -> tuple[socket.socket, Any]:
        while True:
            fd, addr = self._accept()  # type: ignore[attr-defined]
            host = str(addr[0])
            if self.open[host] >= self.per_address and not self._make_room(host):
                os.close(fd)
                self.refused += 1
                continue
            if sum(self.open.values()) >= self.total and not self._make_room(None):
                os.close(fd)
                self.refused += 1
                continue
            conn = _Counted(self, host, self.family, self.type, self.proto, fileno=fd)
            self.open[host] += 1
            self.conns[(host, int(addr[1]))] = conn
            return conn, addr

    def _make_room(self, host: str | None) -> bool:
        """Cut the oldest connection (from ``host``, or any) that no whole request came through yet."""
        for key, conn in self.conns.items():
            if not conn.vouched and (host is None or key[0] == host):
                self.cut += 1
                conn.cut()
                return True
        return False

    def vouch(self, peer: Any) -> None:
        """A whole request came through the connection from ``peer`` (``(host, port)``): never cut it."""
        if not peer:
            return
        conn = self.conns.get((str(peer[0]), int(peer[1])))
        if conn is not None:
            conn.vouched = True

    def release(self, conn: _Counted) -> None:
        """``conn`` is closed or cut: it no longer counts."""
        host = conn.host
        self.open[host] -= 1
        if self.open[host] <= 0:
            del self.open[host]
        for key, c in list(self.conns.items()):
            if c is conn:
                del self.conns[key]
                break
        self.closed += 1

    # -- memory -------------------------------------------------------------------------------------
    def trim(self) -> None:
        """Hand the memory of connections gone back to the system, once many went: their buffers sit in
        reference cycles, which only a full collection frees (:mod:`companion.runtime.idle_gc` keeps full
        collections for idle moments and freezes what survives), and glibc keeps what is freed until told
        (``malloc_trim``)."""
        from .runtime import idle_gc

        if self.closed < 64 or not idle_gc.idle(time.monotonic()):
            return
        self.closed = 0
        idle_gc.collect(deep=True)
        _malloc_trim()

    async def trim_now_and_then(self, every: float = 5.0) -> None:
        while True:
            await asyncio.sleep(every)
            self.trim()


class _Counted(socket.socket):
    """An accepted connection, counted at its door until closed (or cut to make room)."""

    def __init__(self, door: Door, host: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._door: Door | None = door
        self.host = host
        self.vouched = False

    def cut(self) -> None:
        """Make room: it stops counting now, and its transport sees the connection end and closes it."""
        self._forget()
        with contextlib.suppress(OSError):
            self.shutdown(socket.SHUT_RDWR)

    def _forget(self) -> None:
        door, self._door = self._door, None
        if door is not None:
            door.release(self)

    def close(self) -> None:
        self._forget()
        super().close()


def _malloc_trim() -> None:
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if not name:
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(name).malloc_trim(0)


__all__ = ["Door"]
