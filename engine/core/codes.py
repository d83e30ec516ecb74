"""The text inside our QR codes: short, versioned, namespaced, with a check character.

``PT1:<component id>:<check>``, e.g. ``PT1:RAT:07:J``. Only characters of QR's alphanumeric mode are
used (``0-9 A-Z`` and `` $%*+-./:``), so a code of up to 20 characters fits QR version 2 at level H or
version 1 at level L. The check character is a position-weighted sum modulo 43 (a prime, so any single
wrong character and any swap of two neighbours is caught).

A text that is not of this form, or whose check fails, is *foreign*: it is never guessed into a component.
"""

from __future__ import annotations

import re

import msgspec

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
PREFIX = "PT1"
MAX_PAYLOAD = 20
_ID_RE = re.compile(r"^[0-9A-Z]+(?::[0-9A-Z]+)+$")


class CodeError(ValueError):
    pass


def check_char(body: str) -> str:
    total = 0
    for i, ch in enumerate(body):
        v = ALNUM.find(ch)
        if v < 0:
            raise CodeError(f"character {ch!r} cannot be in a code")
        total += (i + 1) * (v + 1)
    return ALNUM[total % 43]


def valid_id(component_id: str) -> bool:
    return bool(_ID_RE.match(component_id)) and len(component_id) <= MAX_PAYLOAD - len(PREFIX) - 3


def payload(component_id: str) -> str:
    """The QR text for a component id (``RAT:07`` → ``PT1:RAT:07:J``)."""
    if not valid_id(component_id):
        raise CodeError(
            f"component id {component_id!r} must be uppercase groups joined by ':' and short enough "
            f"for a {MAX_PAYLOAD}-character code"
        )
    body = f"{PREFIX}:{component_id}"
    return f"{body}:{check_char(body)}"


class Parsed(msgspec.Struct, frozen=True):
    raw: str
    component_id: str | None
    reason: str = ""

    @property
    def foreign(self) -> bool:
        return self.component_id is None


def parse(raw: str) -> Parsed:
    """Read a decoded QR text: our component id, or foreign with the reason."""
    if not raw.startswith(PREFIX + ":"):
        return Parsed(raw, None, "not a tablekeeper code")
    body, sep, chk = raw.rpartition(":")
    if not sep or len(chk) != 1:
        return Parsed(raw, None, "no check character")
    try:
        expected = check_char(body)
    except CodeError as exc:
        return Parsed(raw, None, str(exc))
    if chk != expected:
        return Parsed(raw, None, "check character does not match (damaged or misread code)")
    cid = body[len(PREFIX) + 1 :]
    if not valid_id(cid):
        return Parsed(raw, None, "malformed component id")
    return Parsed(raw, cid)
