"""The text inside our QR codes: short, versioned, namespaced, with a check character.

``PT1:<component id>:<check>``, e.g. ``PT1:RAT:07:J``. Only characters of QR's alphanumeric mode are
used (``0-9 A-Z`` and `` $%*+-./:``), so a code of up to 20 characters fits QR version 2 at level H or
version 1 at level L. The check character is a position-weighted sum modulo 43 (a prime, so any single
wrong character and any swap of two neighbours is caught).

A text that is not of this form, or whose check fails, is never guessed into a component. What it is
instead is said by :attr:`Parsed.kind`:

- ``component``: one of ours, with its component id;
- ``damaged``: it starts like ours (``PT1:``) but its check character or its id is wrong — a scuffed,
  partly covered or misread code, or a typo;
- ``join``: the app's own join code (``tk://HOST:PORT/?pin=…&name=…``), or a host's join address
  (``https://HOST:PORT/…`` with an explicit port and a local-network host, see :func:`join_target`);
- ``foreign``: anything else (a web address, a product's code...).
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

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


COMPONENT = "component"
DAMAGED = "damaged"
JOIN = "join"
FOREIGN = "foreign"

NOT_OURS = "not a tablekeeper code"
NO_CHECK = "no check character"
BAD_CHECK = "check character does not match (damaged or misread code)"
MALFORMED = "malformed component id"
BAD_CHARACTER = "a character that cannot be in a code (damaged or misread code)"
JOIN_CODE = "a table's join code, not a piece"
DAMAGED_REASONS = frozenset({NO_CHECK, BAD_CHECK, MALFORMED, BAD_CHARACTER})


class Parsed(msgspec.Struct, frozen=True):
    raw: str
    component_id: str | None
    reason: str = ""

    @property
    def foreign(self) -> bool:
        """Not one of our components (a damaged code and a join code included: see :attr:`kind`)."""
        return self.component_id is None

    @property
    def kind(self) -> str:
        """``component``, ``damaged``, ``join`` or ``foreign`` (see the module's docstring)."""
        return kind_of(self.raw, self.component_id, self.reason)


def kind_of(raw: str, component_id: str | None, reason: str = "") -> str:
    """What a decoded text is, given what :func:`parse` (or a catalogue look-up after it) said of it."""
    if component_id is not None:
        return COMPONENT
    if reason in DAMAGED_REASONS:
        return DAMAGED
    if reason == JOIN_CODE or join_target(raw) is not None:
        return JOIN
    return FOREIGN


def _local_host(host: str) -> bool:
    """A host a table on the local network has: a private, loopback or link-local address, an mDNS
    ``.local`` name or a single-label name."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host.endswith(".local") or "." not in host
    return ip.is_private or ip.is_loopback or ip.is_link_local


def join_target(raw: str) -> tuple[str, int] | None:
    """(host, port) of the table a join code or join address points to, else None: ``tk://HOST:PORT/…``
    (the app's join code), or ``https://HOST:PORT/…`` with an explicit port and a local-network host (a
    host's join address; a web site's address has neither)."""
    text = raw.strip()
    if len(text) > 2000 or any(ch in text for ch in "\r\n\t "):
        return None
    try:
        parts = urlsplit(text)
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not host or port is None:
        return None
    if parts.scheme == "tk" or (parts.scheme == "https" and _local_host(host)):
        return host, port
    return None


def parse(raw: str) -> Parsed:
    """Read a decoded QR text: our component id, or None with the reason (see :attr:`Parsed.kind`)."""
    if not raw.startswith(PREFIX + ":"):
        return Parsed(raw, None, JOIN_CODE if join_target(raw) is not None else NOT_OURS)
    body, sep, chk = raw.rpartition(":")
    if not sep or len(chk) != 1 or body == PREFIX:
        return Parsed(raw, None, NO_CHECK)
    try:
        expected = check_char(body)
    except CodeError:
        return Parsed(raw, None, BAD_CHARACTER)
    if chk != expected:
        return Parsed(raw, None, BAD_CHECK)
    cid = body[len(PREFIX) + 1 :]
    if not valid_id(cid):
        return Parsed(raw, None, MALFORMED)
    return Parsed(raw, cid)
