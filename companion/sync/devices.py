"""The screens a host serves, as the host sees them: one :class:`Device` per connected screen.

A device is a remote websocket (:mod:`companion.sync.hosting`) or a screen of the hosting process itself
(:class:`LocalDevice`, for :class:`companion.sync.local.LocalSession`). :class:`Host` is what a local
session needs of the host, so that the session module does not depend on the server's.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from companion.session import Rejected, Snapshot
from engine.core import Table
from engine.core.store import Actor, Store

T = TypeVar("T")

HOST_DEVICE = "host"  # the device id of the hosting device's own screens


class Device:
    """One connected screen: it is told when the table changed (:meth:`notify`)."""

    def __init__(self, seat: str, sent_seq: int, device: str) -> None:
        self.seat = seat
        self.sent_seq = sent_seq
        self.device = device  # device id (hash of its token), or HOST_DEVICE
        self.here = (
            True  # False while its browser is away (a phone locked, a tab closed): companion.sync.presence
        )

    def notify(self) -> None:
        raise NotImplementedError

    def drop(self, why: Rejected) -> None:
        """The seat was handed over to another device: this screen may no longer act."""
        raise NotImplementedError


class Host(Protocol):
    """What a screen of the hosting process needs of its host."""

    table: Table | None
    store: Store | None

    def snapshot(self, seat: str) -> Snapshot: ...
    def act(
        self, seat: str, intent: Any, actor: Actor | None = None, *, device: str = HOST_DEVICE
    ) -> None: ...
    def undo(self, seat: str, actor: Actor | None = None, *, device: str = HOST_DEVICE) -> None: ...
    def release(self, seat: str, device: str | None = None) -> None: ...
    def detach(self, device: Device) -> None: ...
    def set_here(self, device: Device, here: bool) -> None: ...
    def free_away(self, seat: str) -> None: ...
    def call(self, fn: Callable[[], T]) -> Coroutine[Any, Any, T]: ...


class Listening(Protocol):
    def refresh(self) -> None: ...
    def lost(self, why: Rejected) -> None: ...


class LocalDevice(Device):
    """A screen of the hosting process: told of changes by a direct call."""

    def __init__(self, session: Listening, seat: str, seq: int, device: str) -> None:
        super().__init__(seat, seq, device)
        self.session = session

    def notify(self) -> None:
        self.session.refresh()

    def drop(self, why: Rejected) -> None:
        self.session.lost(why)


__all__ = ["HOST_DEVICE", "Device", "Host", "LocalDevice"]
