"""Seats and the devices holding them, for :class:`companion.sync.hosting.HostServer` (a part of it).

A seat belongs to the device that opened it (by its device id, kept in the save file) until that device
releases it or the host hands it over; the ``table`` seat is shared by every table tablet. A screen may also
act for a free seat without holding it (a province tablet playing in turn for a player without a phone):
a device that opens that seat later takes it at once, and the screen acting for it loses it. Which holders
are here, and which have been gone a while (their seat *away*), is :mod:`.presence`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from companion.session import Rejected
from engine.core import TABLE, Table
from engine.core.store import Store

from . import protocol as P
from .devices import HOST_DEVICE, Device, Host
from .local import LocalSession
from .presence import Presence
from .tables import Projector
from .tablets import Tablets


class SeatHolders:
    """The seats part of the host (mixed into :class:`~companion.sync.hosting.HostServer`)."""

    table: Table | None
    store: Store | None
    projector: Projector | None
    tablets: Tablets
    presence: Presence
    _devices: list[Device]
    _owners: dict[str, str]

    if TYPE_CHECKING:  # the host's own, used here

        @property
        def seats(self) -> list[str]: ...
        def _changed(self, first: str = "") -> None: ...
        def remember(self, token: str) -> None: ...
        def allow_tablet(self, device: str, allowed: bool = True) -> None: ...

    # -- seats and their devices --------------------------------------------------------------------
    def claim(self, seat: str, device: str, force: bool = False) -> None:
        """Give ``seat`` to ``device`` if it is free or already its own; raises :class:`Rejected` otherwise.

        ``force`` (the hosting device approving a hand-over) takes it from its holder."""
        if seat not in self.seats:
            raise Rejected("seat", f"no seat {seat!r} at this table; seats: {', '.join(self.seats)}")
        if seat == TABLE:
            return  # one shared tablet per province: the table seat sees only what is public
        holder = self._owners.get(seat)
        if holder == device:
            return
        if holder is not None and not force:
            raise Rejected(
                "seat-taken",
                f"seat {seat} is held by another device; it can release it, or the host can hand it over",
            )
        assert self.store is not None
        self.store.set_owner(seat, device)
        self._owners[seat] = device
        for d in list(self._devices):  # the former holder's screens lose the seat
            if d.seat == seat and d.device != device:
                self._drop(d, "seat-handed-over", f"seat {seat} was handed over to another device")
        self._held_changed()

    def release(self, seat: str, device: str | None = None) -> None:
        """Free ``seat`` (by its holder, or by the host when ``device`` is None)."""
        if device is not None and self._owners.get(seat) != device:
            raise Rejected("seat-taken", f"seat {seat} is not held by this device")
        if seat in self._owners:
            assert self.store is not None
            self.store.set_owner(seat, None)
            del self._owners[seat]
            self._held_changed()

    def _held_changed(self) -> None:
        """A seat was taken or freed: every screen's list of seats says so (the join screen marks it
        taken)."""
        if self.projector is not None and (
            self.projector.set_held(self._owners) | self.projector.set_away(self.away_seats())
        ):
            self._changed()
        self.presence.arm(self._owners)
        self.tablets.changed()

    # -- who is here ------------------------------------------------------------------------------------
    def away_seats(self) -> dict[str, float]:
        """seat → seconds its device has been gone, for the seats whose device has been gone a while."""
        return self.presence.away(self._owners)

    def holder_gone_for(self, seat: str) -> float | None:
        """How long the device holding ``seat`` has been gone (s); None when it is here or nobody holds it."""
        holder = self._owners.get(seat)
        return None if holder is None else self.presence.gone_for(holder)

    def free_away(self, seat: str) -> None:
        """Free ``seat`` because its device has been gone a while (a tablet or the host plays it meanwhile,
        without holding it); that device takes it again when it comes back, if it is still free."""
        if seat not in self.away_seats():
            raise Rejected("seat-taken", f"the device holding seat {seat} is here, or was gone only briefly")
        self.release(seat)

    def set_here(self, device: Device, here: bool) -> None:
        """A screen's browser went away (a phone locked, a tab closed) or came back."""
        device.here = here
        if here:
            self._attached(device)
        else:
            self._left(device.device)

    def _attach(self, device: Device) -> None:
        self._devices.append(device)
        self._attached(device)

    def _attached(self, device: Device) -> None:
        if device.here and self.presence.back(device.device):
            self._presence_changed()

    def _left(self, dev: str) -> None:
        if dev != HOST_DEVICE and not any(d.device == dev and d.here for d in self._devices):
            self.presence.left(dev)
            self.presence.arm(self._owners)

    def _presence_changed(self) -> None:
        """A holder came back, or one gone crossed the line: every screen and the host's are told."""
        if self.projector is not None and self.projector.set_away(self.away_seats()):
            self._changed()
        self.presence.arm(self._owners)
        self.tablets.changed()

    def _drop(self, d: Device, rule: str, message: str) -> None:
        d.drop(Rejected(rule, message))
        self.detach(d)

    def detach(self, device: Device) -> None:
        """A screen went: it is told of no more changes."""
        if device in self._devices:
            self._devices.remove(device)
            self._left(device.device)

    def local_session(
        self,
        seat: str,
        device: str | None = None,
        force: bool = False,
        *,
        host: bool = False,
        hold: bool = True,
    ) -> LocalSession:
        """A screen on the hosting process for ``seat``; ``device`` is the secret token of the browser
        (web mode) it is for, ``None`` for this device itself. ``host``: the screen is the hosting
        device's own (a browser that proved the host's secret link): it may act as the table's tablet.

        ``hold=False``: the screen acts for a free seat without holding it (a province tablet playing in
        turn for a player without a phone): the seat stays free, and a device that opens it later takes it
        at once — this screen then loses it (:meth:`LocalSession.on_lost`)."""
        if self.table is None:
            raise RuntimeError("start() the host before opening a session")
        if seat not in self.seats:
            raise ValueError(f"no seat {seat!r} at this table; seats: {', '.join(self.seats)}")
        dev = HOST_DEVICE if device is None else P.device_id(device)
        if hold:
            self.claim(seat, dev, force=force)
        elif seat != TABLE and self._owners.get(seat) not in (None, dev):
            raise Rejected(
                "seat-taken",
                f"seat {seat} is held by another device; it can release it, or the host can hand it over",
            )
        if device is not None:
            self.remember(device)
            if host and not self.tablets.allowed(dev):
                self.allow_tablet(dev)
        s = LocalSession(cast(Host, self), seat, dev)  # mixed into HostServer, which is a Host
        self._attach(s.device)
        return s
