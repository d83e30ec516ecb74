"""Events, intents and the rules of who may see what.

Every state change is an :class:`Event` (an immutable msgspec Struct, serialised with a ``type`` tag that
is the class name). A game is its event log: folding the log reproduces the state.

Visibility: an event says who may see it in full (:meth:`Event.audience`, ``None`` = everybody) and what
everybody else sees instead (:meth:`Event.redacted`, ``None`` = nothing at all). :func:`project` applies
that at the boundary, so that hidden information for one seat never reaches another seat's device.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

HOST = "*host*"
"""The seat of the device that owns the engine: it sees everything."""

TABLE = "table"
"""The shared table tablet: it sees what is public."""


class Event(msgspec.Struct, frozen=True, tag=True, tag_field="type", kw_only=True):
    """Base of every event. Subclasses are frozen Structs tagged with their class name."""

    reveals: ClassVar[bool] = False
    """True when the event shows hidden information to someone: undo may not cross it."""

    def audience(self) -> frozenset[str] | None:
        """Seats that may see this event in full; ``None`` means everybody."""
        return None

    def redacted(self) -> Event | None:
        """What a seat outside :meth:`audience` sees (``None``: nothing)."""
        return None


class Intent(msgspec.Struct, frozen=True, tag=True, tag_field="type", kw_only=True):
    """What a seat asks for. The host checks it against the rules before anything happens."""

    seat: str = ""


class IllegalIntent(Exception):
    """An intent the rules refuse. ``rule`` names the rule; the state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class InconsistentLog(Exception):
    """An event that cannot apply to the state it follows (a corrupt or tampered log)."""


def project(event: Event, seat: str) -> Event | None:
    """The event as ``seat`` may see it, or ``None`` when it may see nothing of it."""
    if seat == HOST:
        return event
    aud = event.audience()
    if aud is None or seat in aud:
        return event
    return event.redacted()


def encoder() -> msgspec.json.Encoder:
    return msgspec.json.Encoder()


def union_of(types: tuple[type, ...]) -> Any:
    """The tagged union of ``types`` (a game's event or intent classes), as msgspec decodes it."""
    if len(types) == 1:
        return types[0]
    from typing import Union

    return Union[types]  # noqa: UP007 - a union of a tuple known only at run time


def decoder(types: tuple[type, ...]) -> msgspec.json.Decoder[Any]:
    """A JSON decoder for the tagged union of ``types`` (a game's event or intent classes)."""
    return msgspec.json.Decoder(union_of(types))
