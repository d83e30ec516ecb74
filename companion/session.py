"""What a screen talks to: one seat's window onto a table, wherever the table lives.

The UI (``companion/ui``) only ever uses this protocol. Two implementations live in ``companion/sync``:
a session on the hosting device itself (in process) and a session on a joining device (over the LAN).
Both deliver the same :class:`Snapshot` after every change, already projected for the seat: a screen
cannot show what the seat may not see, because it never receives it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import msgspec


class Choice(msgspec.Struct, frozen=True):
    """One legal intent for this seat, ready to become a button."""

    intent: dict[str, Any]  # msgspec.to_builtins(intent): {"type": "...", "seat": "...", ...}
    label_fr: str
    label_en: str


class LogLine(msgspec.Struct, frozen=True):
    seq: int
    text_fr: str
    text_en: str
    part: str = ""  # the part of the table it is about (Pandémie: a province's code), "" the whole table


class SeatInfo(msgspec.Struct, frozen=True):
    """Who sits at a seat, for every screen: ``Léa · rouge · Aegyptus`` rather than ``p7``."""

    seat: str
    name: str = ""  # the player's name, "" until one is given (at the table's creation or on joining)
    colour: str = ""  # the box's colour the player took ("red", ...), "" when none was chosen
    province: str = ""  # Pandémie: the province's name ("Aegyptus"); "" in other games
    province_code: str = ""  # Pandémie: its code ("AE"), what a province tablet is bound to
    held: bool = False  # a device holds the seat now (a phone joined to it): the join screen says it is taken
    away: bool = False  # the device holding it has been gone a while (companion.sync.presence)


class Snapshot(msgspec.Struct, frozen=True):
    """Everything one seat may know right now."""

    game: str
    table_name: str
    seat: str
    seq: int  # last event sequence number this seat has received
    view: dict[str, Any]  # game.view(state, seat)
    choices: list[Choice]  # game.legal(state, seat), described
    log: list[LogLine]  # projected events, described, oldest first (the last few hundred)
    outcome: dict[str, Any] | None = None
    can_undo: bool = False
    undo_seat: str = ""  # whose action an undo would take back ("" unknown): a province tablet offers its own
    audit: dict[str, Any] | None = None  # the end-of-game shuffle audit, once the game is over
    seats: list[SeatInfo] = msgspec.field(default_factory=list)  # every player seat of the game, in order


class Rejected(Exception):
    """The host refused an intent (rule broken, bad message, not your seat). ``rule`` names why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class Session(Protocol):
    @property
    def snapshot(self) -> Snapshot | None: ...

    def on_change(self, callback: Callable[[Snapshot], None]) -> None:
        """Called (from any thread) after every change; the UI must call page.update() itself."""
        ...

    async def send(self, intent: dict[str, Any]) -> None:
        """Ask the host to apply an intent (a Choice.intent, or one built from a scan). Raises Rejected."""
        ...

    async def undo(self) -> None: ...

    async def close(self) -> None: ...
